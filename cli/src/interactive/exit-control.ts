/**
 * How the interactive mode ends (seed § 5.5): /exit, Ctrl+D on an empty line, Ctrl+C at the prompt, SIGTERM,
 * SIGHUP. The first request wins; everything waiting (a turn, the input, a question) is told through `signal`.
 */
export class ExitControl {
  readonly #controller = new AbortController();
  #code = 0;
  readonly #resolve: (code: number) => void;
  readonly done: Promise<number>;

  constructor() {
    let resolve!: (code: number) => void;
    this.done = new Promise<number>((done) => (resolve = done));
    this.#resolve = resolve;
  }

  get requested(): boolean {
    return this.#controller.signal.aborted;
  }

  get code(): number {
    return this.#code;
  }

  /** Aborted once an exit is requested. */
  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  request(code: number): void {
    if (this.requested) return;
    this.#code = code;
    this.#controller.abort();
    this.#resolve(code);
  }
}

/** Exit codes of a process ended by a signal, as shells report them (128 + signal number). */
export const SIGNAL_EXIT_CODES = { SIGHUP: 129, SIGTERM: 143 } as const;
