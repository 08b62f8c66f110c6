import { errorMessage } from "@maia/kernel";
import type { InkUI } from "../ui/ink-ui.ts";
import { t } from "./messages.ts";
import type { LiteLLMPeer } from "./peers.ts";

/** `litellm:<name>` (seed § 7.4: the value a choice stands for) → `<name>`, for display. */
export function modelName(spec: string): string {
  return spec.startsWith("litellm:") ? spec.slice("litellm:".length) : spec;
}

/**
 * The LiteLLM model list as a select list (seed § 5.3 at startup, § 5.6 for /model). A failing list is a warning
 * (seed § 7.4); an empty one, an error. Returns the chosen spec, or undefined (cancelled, nothing to choose).
 */
export async function pickModel(ui: InkUI, litellm: LiteLLMPeer | undefined, current: string | undefined, signal: AbortSignal): Promise<string | undefined> {
  let models: string[] = [];
  try {
    models = litellm ? await ui.withSpinner(t("loadingModels"), () => litellm.listModels(signal)) : [];
  } catch (error) {
    if (signal.aborted) return undefined;
    ui.warn(t("modelListFailed", { reason: errorMessage(error) }));
  }
  if (models.length === 0) {
    ui.error(t("noModels"));
    return undefined;
  }
  const currentName = current === undefined ? undefined : modelName(current);
  const options = models.map((name) => ({
    label: name,
    value: `litellm:${name}`,
    ...(name === currentName ? { hint: t("currentModel") } : {}),
  }));
  // The current model first in the list's order, but selected: Enter keeps it.
  const start = options.findIndex((option) => option.label === currentName);
  const ordered = start > 0 ? [...options.slice(start), ...options.slice(0, start)] : options;
  return ui.select(t("chooseModel"), ordered, signal);
}
