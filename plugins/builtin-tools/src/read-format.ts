import { withoutControlChars } from "@maia/util";

/** Seed § 23: lines Read returns when the model gives no limit. */
export const READ_DEFAULT_LIMIT = 2000;
/**
 * Beyond the seed: a longer line is cut, so that one minified file cannot flood the conversation (Claude Code
 * does the same). The cut says how much was left out.
 */
export const READ_MAX_LINE_CHARS = 2000;

/** Line `number` as Read shows it (seed § 8): the number right-aligned in 6 columns, a tab, the text. */
export function numberedLine(number: number, text: string, cutNote: (omitted: number) => string): string {
  // Control characters (NUL, ESC, a carriage return inside the line…) as visible stand-ins of the same length,
  // never raw in the conversation (see @maia/util escapeControlChars).
  const line = withoutControlChars(text.endsWith("\r") ? text.slice(0, -1) : text);
  const shown = line.length > READ_MAX_LINE_CHARS ? `${line.slice(0, READ_MAX_LINE_CHARS)}${cutNote(line.length - READ_MAX_LINE_CHARS)}` : line;
  return `${String(number).padStart(6, " ")}\t${shown}`;
}

/** The lines of a text, as editors count them: a final line ending does not open an extra, empty line. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/**
 * Collects the lines of a window [offset, offset + limit) from text that arrives in pieces (large files are
 * streamed, never held whole): only the window is kept, the rest is counted.
 */
export class LineWindow {
  readonly first: number;
  readonly last: number;
  readonly lines: string[] = [];
  /** Lines seen so far (complete ones). */
  count = 0;
  #partial = "";

  constructor(offset: number, limit: number) {
    this.first = offset;
    this.last = offset + limit - 1;
  }

  /** True once the line after the window has been seen: the caller may stop reading. */
  get full(): boolean {
    return this.count > this.last;
  }

  push(chunk: string): void {
    let start = 0;
    for (let index = chunk.indexOf("\n"); index !== -1; index = chunk.indexOf("\n", start)) {
      this.#line(this.#partial + chunk.slice(start, index));
      this.#partial = "";
      start = index + 1;
    }
    const rest = chunk.slice(start);
    // Outside the window only the line count matters: do not grow a huge partial line for nothing.
    if (this.count + 1 >= this.first && this.count + 1 <= this.last) this.#partial += rest;
    else if (rest.length > 0) this.#partial = this.#partial === "" ? " " : this.#partial;
  }

  end(): void {
    if (this.#partial !== "") this.#line(this.#partial);
    this.#partial = "";
  }

  #line(text: string): void {
    this.count += 1;
    if (this.count >= this.first && this.count <= this.last) this.lines.push(text);
  }
}
