import type { LLMProvider } from "@maia/kernel";
import { askModelForContextSize, type QuestionResult } from "./ask-model.ts";
import { resolveConfiguredMax, type KnownMax, type MaxSource } from "./max-context.ts";

/** How the search for one model's maximum ended. */
export type MaxOutcome =
  | { kind: "known"; max: KnownMax }
  | { kind: "unknown"; question?: Exclude<QuestionResult, { kind: "answer" }> }
  | { kind: "abandoned" };

interface Entry {
  known: KnownMax | undefined;
  /** /model/info and settings only: quick, so automatic compaction may wait for it. */
  configured: Promise<KnownMax | undefined>;
  /** Everything, the question to the model included (up to 60 s). */
  outcome: Promise<MaxOutcome>;
  controller: AbortController;
}

export interface MaxRegistryOptions {
  readSetting(): Promise<number | undefined>;
  /** Whether to ask the model when nothing else knows (seed § 13.2); off in headless runs by default. */
  shouldAsk(): boolean;
  onSourceError?(source: MaxSource, error: unknown): void;
}

/**
 * The maximum context size of each model, searched once per model and per run (seed § 13.2). The search runs in
 * the background: nothing waits for it but automatic compaction, and that only for the quick sources.
 */
export class MaxRegistry {
  readonly #entries = new Map<string, Entry>();
  readonly #options: MaxRegistryOptions;

  constructor(options: MaxRegistryOptions) {
    this.#options = options;
  }

  /** Starts the search for this provider's model unless it ran already; `first` says this call started it. */
  start(provider: LLMProvider): { outcome: Promise<MaxOutcome>; first: boolean } {
    const first = !this.#entries.has(keyOf(provider));
    return { outcome: this.#entryFor(provider).outcome, first };
  }

  /** What is known now, without waiting. */
  known(provider: LLMProvider): KnownMax | undefined {
    return this.#entries.get(keyOf(provider))?.known;
  }

  /** The maximum from the quick sources (waiting for them), or the model's answer if it already came. */
  async configured(provider: LLMProvider): Promise<KnownMax | undefined> {
    const entry = this.#entryFor(provider);
    return (await entry.configured) ?? entry.known;
  }

  /** Abandons the questions in flight (Ctrl+C, the session ending); a later session may ask again. */
  abandon(): void {
    for (const [key, entry] of this.#entries) {
      if (entry.known === undefined) {
        entry.controller.abort();
        this.#entries.delete(key);
      }
    }
  }

  #entryFor(provider: LLMProvider): Entry {
    const key = keyOf(provider);
    const existing = this.#entries.get(key);
    if (existing) return existing;
    const controller = new AbortController();
    const configured = resolveConfiguredMax(
      {
        provider,
        readSetting: () => this.#options.readSetting(),
        ...(this.#options.onSourceError ? { onSourceError: this.#options.onSourceError } : {}),
      },
      controller.signal,
    );
    const entry: Entry = {
      known: undefined,
      configured,
      controller,
      outcome: configured.then(async (max): Promise<MaxOutcome> => {
        if (max) return { kind: "known", max };
        if (controller.signal.aborted) return { kind: "abandoned" };
        if (!this.#options.shouldAsk()) return { kind: "unknown" };
        const answer = await askModelForContextSize(provider, controller.signal);
        if (answer.kind === "answer") return { kind: "known", max: { tokens: answer.tokens, source: "model" } };
        if (answer.kind === "aborted") return { kind: "abandoned" };
        return { kind: "unknown", question: answer };
      }),
    };
    void entry.outcome.then((outcome) => {
      if (outcome.kind === "known") entry.known = outcome.max;
    });
    this.#entries.set(key, entry);
    return entry;
  }
}

function keyOf(provider: LLMProvider): string {
  return `${provider.id}:${provider.model}`;
}
