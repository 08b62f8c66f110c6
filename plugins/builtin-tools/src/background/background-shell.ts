import { OutputCap, type RunningShell } from "@maia/util";

/** Who stopped a background command. */
export type StoppedBy = "model" | "user" | "session";

/** How a background command ended. */
export type ShellEnd =
  | { kind: "exit"; code: number }
  | { kind: "signal"; signal: string }
  | { kind: "killed"; by: StoppedBy }
  | { kind: "launch_failed"; cause: string };

export type BackgroundEvent = { type: "output"; text: string } | { type: "end"; end: ShellEnd };

export interface BackgroundShellOptions {
  id: string;
  command: string;
  /** The tool call that started it (or that was moved to the background). */
  callId?: string;
  sandboxed: boolean;
  /** What one BashOutput read returns at most (Bash's budget); the middle of more is cut. */
  maxChars: number;
  /** Between SIGTERM and SIGKILL. */
  killGraceMs: number;
  cutMarker: (omitted: number) => string;
  /** The output written before it went to the background (Ctrl+B): part of the whole output, already read. */
  initialOutput?: string;
}

/** How much of a command's output is kept for /bashes (the beginning and the end: the middle goes). */
export const RETAINED_OUTPUT_CHARS = 1_000_000;

/** After the shell exits, how long to wait for what it left behind to let go of the pipe. */
const DRAIN_AFTER_EXIT_MS = 200;

/**
 * One command running in the background (Bash with `run_in_background`, or moved there with Ctrl+B). Its output
 * is read as it comes into three places: what the model has not read yet (BashOutput empties it; capped like
 * Bash's output, its middle cut), what is kept for the user (/bashes; the first and last half-million characters),
 * and whoever listens (the ACP front end, the terminal's status). It runs until it ends or is stopped (`kill`:
 * its process group gets SIGTERM, then SIGKILL). When its shell exits, what it started and left behind in its group
 * is stopped too, as the OS sandbox does: nothing of a background command outlives it.
 */
export class BackgroundShell {
  readonly id: string;
  readonly command: string;
  readonly callId: string | undefined;
  readonly sandboxed: boolean;
  readonly startedAt = Date.now();
  readonly #shell: RunningShell;
  readonly #options: BackgroundShellOptions;
  #unread: OutputCap;
  readonly #kept = new OutputCap(RETAINED_OUTPUT_CHARS);
  /** The last few thousand characters, for "last lines". */
  #tail = "";
  #end: ShellEnd | undefined;
  #endedAt: number | undefined;
  #stoppedBy: StoppedBy | undefined;
  /** The end was told to the model (BashOutput showed it, KillShell did it, or a notice went out). */
  endTold = false;
  readonly #listeners = new Set<(event: BackgroundEvent) => void>();
  readonly ended: Promise<ShellEnd>;

  constructor(shell: RunningShell, options: BackgroundShellOptions) {
    this.id = options.id;
    this.command = options.command;
    this.callId = options.callId;
    this.sandboxed = options.sandboxed;
    this.#shell = shell;
    this.#options = options;
    this.#unread = new OutputCap(options.maxChars);
    if (options.initialOutput) this.#keep(options.initialOutput);
    shell.onOutput((text) => {
      this.#take(text);
      this.#emit({ type: "output", text });
    });
    // A background command never keeps MAIA alive: MAIA stops it when it ends (see BackgroundShells).
    shell.unref();
    this.ended = this.#watch();
  }

  get pid(): number | undefined {
    return this.#shell.pid;
  }

  get running(): boolean {
    return this.#end === undefined;
  }

  get end(): ShellEnd | undefined {
    return this.#end;
  }

  /** When it ended (ms), or undefined while it runs. */
  get endedAt(): number | undefined {
    return this.#endedAt;
  }

  /** Hears each piece of output and the end; returns the function that stops listening. */
  onEvent(listener: (event: BackgroundEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** What was written since the last read, its middle cut beyond the budget; the next read starts after it. */
  takeUnread(): string {
    const text = this.#unread.result(this.#options.cutMarker);
    this.#unread = new OutputCap(this.#options.maxChars);
    return text;
  }

  /** The whole output as kept (the middle of a very long one is gone), and how many characters were written. */
  output(): { text: string; total: number } {
    return { text: this.#kept.result(this.#options.cutMarker), total: this.#kept.total };
  }

  /** The last `count` non-empty lines written. */
  lastLines(count: number): string[] {
    return this.#tail
      .split(/\r?\n/)
      .map((line) => line.trimEnd())
      .filter((line) => line !== "")
      .slice(-count);
  }

  /**
   * Stops it and everything it started: SIGTERM to its process group, SIGKILL to what is left after the grace.
   * Resolves once it has ended. Stopping one that already ended does nothing.
   */
  async kill(by: StoppedBy): Promise<ShellEnd> {
    if (this.#end) return this.#end;
    this.#stoppedBy ??= by;
    // Whoever waits for the end must not see the process exit under it: an unreferenced child keeps nothing alive.
    this.#shell.ref();
    const grace = setTimeout(() => undefined, this.#options.killGraceMs + 5_000);
    this.#shell.stop(this.#options.killGraceMs);
    try {
      return await this.ended;
    } finally {
      clearTimeout(grace);
    }
  }

  /** At process exit, when nothing can be awaited: SIGKILL to the whole group at once. */
  killNow(): void {
    this.#stoppedBy ??= "session";
    this.#shell.signalGroup("SIGKILL");
  }

  async #watch(): Promise<ShellEnd> {
    const exit = await this.#shell.exited;
    // What the command started and left in its group goes with it (the sandbox does the same: its namespace ends).
    if (this.#shell.signalGroup(0)) this.#shell.stop(this.#options.killGraceMs);
    await this.#shell.drained(this.#stoppedBy ? this.#options.killGraceMs + DRAIN_AFTER_EXIT_MS : DRAIN_AFTER_EXIT_MS);
    let end: ShellEnd;
    if ("error" in exit) end = { kind: "launch_failed", cause: exit.error.message };
    else if (this.#stoppedBy) end = { kind: "killed", by: this.#stoppedBy };
    else if (exit.signal) end = { kind: "signal", signal: exit.signal };
    else end = { kind: "exit", code: exit.code ?? 0 };
    this.#end = end;
    this.#endedAt = Date.now();
    this.#emit({ type: "end", end });
    return end;
  }

  #take(text: string): void {
    this.#unread.push(text);
    this.#keep(text);
  }

  #keep(text: string): void {
    this.#kept.push(text);
    this.#tail = (this.#tail + text).slice(-4_000);
  }

  #emit(event: BackgroundEvent): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch {
        // One listener's failure is its own.
      }
    }
  }
}
