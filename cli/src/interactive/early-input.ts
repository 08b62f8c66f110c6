import { StringDecoder } from "node:string_decoder";
import { t } from "../ui/messages.ts";
import { BORDER_CHAR, RESTING_ARROW } from "../ui/prompt-glyphs.ts";
import type { ColorLevel } from "./banner-art.ts";
import { earlyKitAt, terminalColorLevel } from "./early-kit.ts";
import { styled } from "./early-styles.ts";

/**
 * The input zone as Ink's first frame draws it (app.tsx: the status line, the input box, the context bar), with
 * `typed` in it; undefined where this would not draw the same cells (a line that Ink would wrap).
 * Ink trims the end of every line of its frame, and so does this.
 */
export function earlyBoxLines(columns: number, typed: string, level: ColorLevel = terminalColorLevel()): string[] | undefined {
  const width = Math.max(10, columns);
  const help = t("inputHelp");
  // The arrow, its margin, the cursor's cell and the help text (or what is typed) on one line.
  if (RESTING_ARROW.length + 2 + Math.max(help.length, typed.length) > width) return undefined;
  if (!/^[\u0020-\u007e\u00a0-\u024f\u2010-\u2027]*$/.test(typed)) return undefined; // one column per character
  const { styles } = earlyKitAt(level);
  const border = styled(styles, "greenBright", BORDER_CHAR.repeat(width));
  const arrow = styled(styles, "greenBright", RESTING_ARROW);
  const cursor = styled(styles, "inverse", " ");
  const body = typed === "" ? `${arrow} ${cursor}${styled(styles, "gray", help)}` : `${arrow} ${typed}${cursor}`;
  return ["", border, body, border, ""];
}

const HIDE_CURSOR = "\u001b[?25l";
const SHOW_CURSOR = "\u001b[?25h";

/**
 * The input zone written straight to the terminal right after the banner, before Ink and React load (issue 22):
 * the box is on the screen a quarter of a second sooner, and what is typed meanwhile shows in it. The echo only
 * follows printable text and Backspace; after any other key (Enter, an arrow, a paste, a control key) it stops
 * changing. On `release`, just before Ink's first frame erases this zone, the text echoed goes to Ink's editor
 * (that frame draws the same box) and every byte read after it goes back to the input stream, for Ink to read as
 * if just typed: nothing is lost or read twice.
 *
 * Ink's first frame must not show an empty box while an Enter typed here waits unread: whoever types the next
 * line on seeing it would have both lines read as one chunk, and the second kept in the box as type-ahead
 * (ui-store.ts), its Enter ignored.
 */
export class EarlyInput {
  readonly #stdout: NodeJS.WriteStream;
  readonly #stdin: NodeJS.ReadStream;
  readonly #columns: number;
  readonly #chunks: Buffer[] = [];
  readonly #decoder = new StringDecoder("utf8");
  #typed = "";
  /** The text decoded from the bytes the echo followed (Backspaces included), whose bytes Ink need not read. */
  #echoedText = "";
  #echoing = true;
  #released = false;
  readonly #onReadable = () => {
    let chunk: unknown;
    while ((chunk = this.#stdin.read()) !== null) if (typeof chunk === "string" || Buffer.isBuffer(chunk)) this.#read(chunk);
  };
  readonly #onExit = () => this.#stdout.write(SHOW_CURSOR);

  private constructor(stdout: NodeJS.WriteStream, stdin: NodeJS.ReadStream, columns: number) {
    this.#stdout = stdout;
    this.#stdin = stdin;
    this.#columns = columns;
  }

  /** Draws the zone and starts keeping keys; undefined (nothing written) where Ink must draw it itself. */
  static paint(stdout: NodeJS.WriteStream, stdin: NodeJS.ReadStream): EarlyInput | undefined {
    const columns = stdout.columns ?? 80;
    const lines = earlyBoxLines(columns, "");
    if (!lines) return undefined;
    const early = new EarlyInput(stdout, stdin, columns);
    // The cursor is the inverse cell in the box, as in Ink's; shown again if the process ended before Ink came.
    stdout.write(HIDE_CURSOR + lines.join("\n"));
    process.on("exit", early.#onExit);
    // Read as Ink reads ('readable', not 'data'): the stream never switches to flowing mode, so that once this
    // listener is gone whatever comes next waits in the stream for Ink's.
    stdin.on("readable", early.#onReadable);
    return early;
  }

  /** What the echo shows (for tests). */
  get typed(): string {
    return this.#typed;
  }

  /**
   * Erases the zone (the cursor is on its last line) and returns the text it showed typed, for the next reader's
   * editor; the bytes read after that text go back to the input stream, in front of what it holds, for the next
   * reader (Ink) to get first. A call after the first returns "".
   */
  release(): string {
    if (this.#released) return "";
    this.#released = true;
    this.#stdin.off("readable", this.#onReadable);
    process.off("exit", this.#onExit);
    this.#stdout.write(`\r\u001b[${ZONE_ROWS - 1}A\u001b[J`);
    const read = Buffer.concat(this.#chunks);
    // The echoed text stands for the bytes it was decoded from only when they are what it encodes back to (an
    // invalid UTF-8 byte decodes to U+FFFD): otherwise every byte goes back, and Ink reads them all.
    const echoedBytes = Buffer.from(this.#echoedText, "utf8");
    const standsForThem = read.subarray(0, echoedBytes.length).equals(echoedBytes);
    const rest = standsForThem ? read.subarray(echoedBytes.length) : read;
    if (rest.length > 0) this.#stdin.unshift(rest);
    return standsForThem ? this.#typed : "";
  }

  #read(chunk: Buffer | string): void {
    const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk;
    this.#chunks.push(bytes);
    if (!this.#echoing) return;
    const text = this.#decoder.write(bytes);
    const { typed, read } = echoed(this.#typed, text);
    const lines = earlyBoxLines(this.#columns, typed);
    // A key the echo cannot follow ends it, after the text typed before it in the same read (fast typing and
    // Enter come as one chunk): Ink's first frame shows that text, and Ink reads the key.
    if (!lines || read !== text) this.#echoing = false;
    if (!lines || read === "") return;
    this.#typed = typed;
    this.#echoedText += read;
    // Up from the zone's last line to the input line, rewritten, and back.
    this.#stdout.write(`\r\u001b[${INPUT_ROW_FROM_END}A\u001b[2K${lines[2] ?? ""}\r\u001b[${INPUT_ROW_FROM_END}B`);
  }
}

/** The zone's rows (earlyBoxLines) and how far its input line is above its last one. */
const ZONE_ROWS = 5;
const INPUT_ROW_FROM_END = 2;

/**
 * What the box shows once `text` is read after `typed`: printable characters added, Backspace (DEL or BS) taking
 * the last one away, up to the first other key (a control key, an escape sequence), which only Ink's input
 * handling can follow. `read` is the part of `text` that was taken: all of it unless such a key came.
 */
export function echoed(typed: string, text: string): { typed: string; read: string } {
  let result = typed;
  let read = "";
  for (const char of text) {
    if (char === "\u007f" || char === "\b") result = [...result].slice(0, -1).join("");
    else if (char < " " || (char >= "\u007f" && char < "\u00a0")) break;
    else result += char;
    read += char;
  }
  return { typed: result, read };
}
