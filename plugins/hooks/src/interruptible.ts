import type { HookEvent } from "./events.ts";

/**
 * The hook runs that no request owns — PostToolUse (its tool call is over), SessionStart, SessionEnd — stopped
 * when the user asks (Ctrl+C or Esc in the terminal): their process groups are killed as a timeout would, and
 * the session goes on. Runs that belong to a request (PreToolUse, UserPromptSubmit, Stop) already end with it.
 */
export class Interruptible {
  #controller = new AbortController();
  readonly #running = new Map<symbol, HookEvent>();

  /** Runs `work` with the signal the next interrupt aborts. */
  async run<T>(event: HookEvent, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const id = Symbol(event);
    this.#running.set(id, event);
    try {
      return await work(this.#controller.signal);
    } finally {
      this.#running.delete(id);
    }
  }

  /** Stops what runs; the events stopped (none: nothing ran, the key keeps its other meaning). */
  interrupt(): HookEvent[] {
    if (this.#running.size === 0) return [];
    const events = [...new Set(this.#running.values())];
    this.#controller.abort();
    this.#controller = new AbortController();
    return events;
  }
}
