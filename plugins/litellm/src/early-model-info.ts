import { createLiteLLMProvider } from "./provider.ts";
import type { LoadedSettings } from "./settings.ts";

/** The `/model/info` time limit, as for a request contextWindow sends itself. */
const MODEL_INFO_TIMEOUT_MS = 10_000;

/**
 * `/model/info`, asked while the plugins load when a conversation follows (RuntimeInfo.conversation, issue 22).
 * The context plugin looks for the model's window when the session starts, and automatic compaction waits for
 * that before the first request: asked then, the answer cost a round trip to the server before every first
 * request. It is now on its way while the other plugins load and the session is built. The first contextWindow
 * call takes it; if none does before the session ends, the request is aborted, so that it never keeps a finished
 * run waiting.
 */
export class EarlyModelInfo {
  #answer: Promise<unknown> | undefined;
  readonly #controller = new AbortController();

  constructor(settings: () => Promise<LoadedSettings>, env: NodeJS.ProcessEnv) {
    const signal = AbortSignal.any([this.#controller.signal, AbortSignal.timeout(MODEL_INFO_TIMEOUT_MS)]);
    this.#answer = settings().then((loaded) =>
      createLiteLLMProvider({ settings: loaded.settings, apiKey: loaded.apiKey, model: "", env }).modelInfo(signal),
    );
    // Whoever takes the answer handles its failure (contextWindow then tries the next source); until then, none.
    this.#answer.catch(() => undefined);
  }

  /** The answer on its way, once: later callers ask the server themselves. */
  take(): Promise<unknown> | undefined {
    const answer = this.#answer;
    this.#answer = undefined;
    return answer;
  }

  /** Aborts the request if nobody took it. */
  abandon(): void {
    if (this.#answer !== undefined) this.#controller.abort();
    this.#answer = undefined;
  }
}
