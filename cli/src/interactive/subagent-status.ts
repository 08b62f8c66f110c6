import type { Kernel } from "@maia/kernel";
import type { InkUI } from "../ui/ink-ui.ts";
import { peer, type SubagentsPeer } from "./peers.ts";

/**
 * Seed § 20.3b: while a sub-agent works — started with `&` or by the Agent tool — the status line says
 * « Sous-agent « x » au travail » instead of « En réflexion ». The plugin announces each run; this front end shows
 * its label until the run ends. Returns the function that stops following (nothing to do without the plugin).
 */
export function followSubagents(kernel: Kernel, ui: Pick<InkUI, "beginActivity">): () => void {
  const subagents = peer<SubagentsPeer>(kernel, "subagents");
  if (!subagents?.hooks) return () => undefined;
  const shown = new Map<number, () => void>();
  const stop = subagents.hooks.run.tap("interactive", (event) => {
    if (event.type === "subagent_start") {
      shown.get(event.run)?.();
      shown.set(event.run, ui.beginActivity(event.label));
    } else {
      shown.get(event.run)?.();
      shown.delete(event.run);
    }
  });
  return () => {
    stop();
    for (const end of shown.values()) end();
    shown.clear();
  };
}
