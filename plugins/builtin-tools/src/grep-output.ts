import { detach } from "./detach-string.ts";
import type { LineMatcher } from "./line-matcher.ts";

export type GrepMode = "files_with_matches" | "content" | "count";

/** Seed § 23: Grep cuts lines at 500 characters. */
export const GREP_MAX_LINE_CHARS = 500;

export interface GrepOutputOptions {
  mode: GrepMode;
  before: number;
  after: number;
  lineNumbers: boolean;
  /** Entries to return at most (output lines in content mode, files otherwise); 0 for no limit. */
  headLimit: number;
  /** How a cut line ends: `… [+123]`. */
  cutNote: (omitted: number) => string;
}

/**
 * Turns the matches of each file into Grep's output, ripgrep style: `path` (files_with_matches), `path:N`
 * (count), or `path:line:text` for matches and `path-line-text` for context lines, with `--` between
 * groups that are not adjacent. Stops as soon as `headLimit` entries are out (results stream to the limit,
 * nothing beyond it is kept).
 */
export class GrepCollector {
  readonly lines: string[] = [];
  /** True when entries beyond the limit exist (at least one was found and dropped). */
  limited = false;
  filesMatched = 0;
  matchingLines = 0;
  readonly #options: GrepOutputOptions;
  readonly #matcher: LineMatcher;
  #entries = 0;

  constructor(matcher: LineMatcher, options: GrepOutputOptions) {
    this.#matcher = matcher;
    this.#options = options;
  }

  get full(): boolean {
    return this.limited;
  }

  /** Searches one file's text; returns false once the limit is reached (the caller stops walking). */
  addFile(path: string, text: string): boolean {
    const { mode } = this.#options;
    if (mode === "files_with_matches") {
      if (!this.#matcher.matches(text)) return true;
      this.filesMatched += 1;
      return this.#push(path);
    }
    if (mode === "count") {
      let count = 0;
      this.#matcher.forEachLine(text, () => {
        count += 1;
      });
      if (count === 0) return true;
      this.filesMatched += 1;
      this.matchingLines += count;
      return this.#push(`${path}:${count}`);
    }
    return this.#addContent(path, text);
  }

  #room(): number {
    return this.#options.headLimit === 0 ? Number.POSITIVE_INFINITY : this.#options.headLimit - this.#entries;
  }

  #push(line: string): boolean {
    if (this.#room() <= 0) {
      this.limited = true;
      return false;
    }
    this.lines.push(line);
    this.#entries += 1;
    return true;
  }

  #addContent(path: string, text: string): boolean {
    const starts: number[] = [];
    const ends: number[] = [];
    // Each match line is at least one entry: one more than the room left is enough to know the limit is hit.
    const wanted = this.#room() + 1;
    this.#matcher.forEachLine(text, (start, end) => {
      starts.push(start);
      ends.push(end);
      return starts.length < wanted;
    });
    if (starts.length === 0) return true;
    this.filesMatched += 1;
    this.matchingLines += starts.length;
    const lineStarts = lineStartsOf(text);
    const { before, after } = this.#options;
    const context = before > 0 || after > 0;
    let printedUpTo = -1; // Index of the last line printed from this file.
    for (let index = 0; index < starts.length; index += 1) {
      const matchLine = lineIndexAt(lineStarts, starts[index] as number);
      const nextMatchLine = index + 1 < starts.length ? lineIndexAt(lineStarts, starts[index + 1] as number) : Number.POSITIVE_INFINITY;
      const from = Math.max(matchLine - before, printedUpTo + 1, 0);
      const to = Math.min(matchLine + after, lineStarts.length - 1, nextMatchLine - 1);
      const newGroup = printedUpTo === -1 || from > printedUpTo + 1;
      if (context && newGroup && this.lines.length > 0 && !this.#separator()) return false;
      for (let line = from; line <= to; line += 1) {
        const isMatch = line === matchLine;
        const bounds = isMatch ? { start: starts[index] as number, end: ends[index] as number } : lineBounds(text, lineStarts, line);
        if (!this.#push(this.#format(path, line + 1, text.slice(bounds.start, bounds.end), isMatch))) return false;
        printedUpTo = line;
      }
    }
    return true;
  }

  /** The `--` between groups; it does not count as an entry. */
  #separator(): boolean {
    if (this.#room() <= 0) {
      this.limited = true;
      return false;
    }
    if (this.lines[this.lines.length - 1] !== "--") this.lines.push("--");
    return true;
  }

  #format(path: string, number: number, text: string, isMatch: boolean): string {
    const mark = isMatch ? ":" : "-";
    const shown = text.length > GREP_MAX_LINE_CHARS ? text.slice(0, GREP_MAX_LINE_CHARS) + this.#options.cutNote(text.length - GREP_MAX_LINE_CHARS) : text;
    return detach(this.#options.lineNumbers ? `${path}${mark}${number}${mark}${shown}` : `${path}${mark}${shown}`);
  }
}

/** Offsets where each line starts (a final line break opens no extra line). */
export function lineStartsOf(text: string): number[] {
  const starts = text.length === 0 ? [] : [0];
  for (let at = text.indexOf("\n"); at !== -1 && at + 1 < text.length; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return starts;
}

function lineIndexAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((starts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

function lineBounds(text: string, starts: readonly number[], line: number): { start: number; end: number } {
  const start = starts[line] as number;
  const next = line + 1 < starts.length ? (starts[line + 1] as number) - 1 : text.endsWith("\n") ? text.length - 1 : text.length;
  const end = next > start && text.charCodeAt(next - 1) === 13 ? next - 1 : next;
  return { start, end };
}
