/** The error a tool throws when the turn's signal aborts; the kernel recognises it and rolls the turn back. */
export function abortError(): Error {
  return new DOMException("The operation was aborted", "AbortError");
}

export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortError();
}

/**
 * Synchronous file-system loops (Glob, Grep) are much faster than their async versions, but they would keep
 * Ctrl+C from being heard: the loop asks `due()` (a clock read) as often as it likes and, when it says so,
 * awaits `pause()`, which hands the event loop back and stops as soon as the signal has aborted.
 */
export class TimeSlice {
  readonly #signal: AbortSignal | undefined;
  readonly #sliceMs: number;
  #deadline: number;

  constructor(signal: AbortSignal | undefined, sliceMs = 20) {
    this.#signal = signal;
    this.#sliceMs = sliceMs;
    this.#deadline = performance.now() + sliceMs;
    throwIfAborted(signal);
  }

  due(): boolean {
    return performance.now() >= this.#deadline;
  }

  async pause(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    throwIfAborted(this.#signal);
    this.#deadline = performance.now() + this.#sliceMs;
  }
}
