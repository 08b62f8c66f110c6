/** DECSET 1004: the terminal reports focus as CSI I (in) and CSI O (out). */
export const FOCUS_ON = "\u001b[?1004h";
export const FOCUS_OFF = "\u001b[?1004l";
// eslint-disable-next-line no-control-regex -- the reports are escape sequences.
const FOCUS_REPORT = /\u001b\[([IO])/g;

/** What a chunk of input holds once the focus reports are taken out: the rest, and the last state reported. */
export function stripFocusReports(chunk: string): { rest: string; focused: boolean | undefined } {
  let focused: boolean | undefined;
  const rest = chunk.replace(FOCUS_REPORT, (_match, kind: string) => {
    focused = kind === "I";
    return "";
  });
  return { rest, focused };
}

/**
 * A focus report that reached the keys anyway: its two halves came in two reads (ESC, then `[O`), too late for
 * the tracker to see it whole, and Ink joined them into one key, `[O` (its ESC dropped). Typed keys never come
 * like that: `[` and `O` typed are two keys, and a paste comes through bracketed paste.
 */
export function isFocusKey(input: string): boolean {
  return input === "[I" || input === "[O" || input === "\u001b[I" || input === "\u001b[O";
}

export interface FocusStreams {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
}

/**
 * Terminal focus while the UI runs. Reports are taken out of the input before Ink reads it (they would reach
 * the input box as `[I` / `[O`): `read` of this stdin is wrapped, not replaced by another stream, so raw mode and
 * everything else Ink does with it stay as they are. A terminal that never reports focus is taken as focused.
 * Reporting is turned off again by `stop`, and on any exit of the process (crash, signal) by an `exit` handler.
 */
export class FocusTracker {
  readonly #streams: FocusStreams;
  readonly #changed: (focused: boolean) => void;
  #focused = true;
  #restore: (() => void) | undefined;

  constructor(streams: FocusStreams, changed: (focused: boolean) => void) {
    this.#streams = streams;
    this.#changed = changed;
  }

  get focused(): boolean {
    return this.#focused;
  }

  start(): void {
    if (this.#restore) return;
    const { stdin, stdout } = this.#streams;
    const read = stdin.read;
    const wrapped = (size?: number): string | Buffer | null => {
      const chunk: unknown = read.call(stdin, size);
      if (chunk === null || chunk === undefined) return null;
      const text = typeof chunk === "string" ? chunk : Buffer.isBuffer(chunk) ? chunk.toString("utf8") : String(chunk);
      if (!text.includes("\u001b[")) return chunk as string | Buffer;
      const { rest, focused } = stripFocusReports(text);
      if (focused !== undefined) this.#set(focused);
      return typeof chunk === "string" ? rest : Buffer.from(rest, "utf8");
    };
    stdin.read = wrapped as typeof stdin.read;
    const off = () => {
      try {
        stdout.write(FOCUS_OFF);
      } catch {
        // The terminal is gone: nothing to turn off.
      }
    };
    process.on("exit", off);
    stdout.write(FOCUS_ON);
    this.#restore = () => {
      stdin.read = read;
      process.off("exit", off);
      off();
    };
  }

  stop(): void {
    const restore = this.#restore;
    this.#restore = undefined;
    restore?.();
  }

  #set(focused: boolean): void {
    if (focused === this.#focused) return;
    this.#focused = focused;
    this.#changed(focused);
  }
}
