import type { LLMProvider } from "@maia/kernel";
import { MAX_CONTEXT_TOKENS, MIN_CONTEXT_TOKENS } from "./parse-token-count.ts";

/** Where a maximum came from, in the order they are tried (DESIGN.md, "Context size"). */
export type MaxSource = "model_info" | "settings" | "model";

export interface KnownMax {
  tokens: number;
  source: MaxSource;
}

export interface ConfiguredSources {
  provider: LLMProvider;
  /** `ContextWindow` of ~/.maia/settings.json, when the file sets it. */
  readSetting(): Promise<number | undefined>;
  /** Told about a source that failed (a debug line): the next source is tried. */
  onSourceError?(source: MaxSource, error: unknown): void;
}

/**
 * The maximum MAIA can learn without asking the model: LiteLLM's `/model/info` (`max_input_tokens`, through the
 * provider's `contextWindow`), then `ContextWindow` in settings.json. A source that fails, answers nothing or
 * answers a size outside 1,000 – 100,000,000 is skipped.
 */
export async function resolveConfiguredMax(sources: ConfiguredSources, signal: AbortSignal): Promise<KnownMax | undefined> {
  const attempts: Array<[MaxSource, () => Promise<number | undefined>]> = [
    ["model_info", async () => sources.provider.contextWindow?.(signal)],
    ["settings", () => sources.readSetting()],
  ];
  for (const [source, attempt] of attempts) {
    if (signal.aborted) return undefined;
    try {
      const tokens = await attempt();
      if (isPlausibleMax(tokens)) return { tokens, source };
    } catch (error) {
      sources.onSourceError?.(source, error);
    }
  }
  return undefined;
}

export function isPlausibleMax(tokens: unknown): tokens is number {
  return typeof tokens === "number" && Number.isInteger(tokens) && tokens >= MIN_CONTEXT_TOKENS && tokens <= MAX_CONTEXT_TOKENS;
}
