import { CHUNK_LINES, MarkdownChunker, type ChunkStep } from "./markdown-chunks.ts";
import { createBlockStreamer, markdownDisabled, markdownReady, type BlockStreamer } from "./markdown.ts";
import { sanitize } from "./terminal-text.ts";

/**
 * A run of formatted lines of an answer, written once to the log: `gapBefore` empty rows above it, `gapAfter` below
 * (the blank line that ends an answer). Its text neither starts nor ends with an empty line.
 */
export interface AnswerPart {
  text: string;
  gapBefore: number;
  gapAfter: number;
}

/** How answers are formatted: the interactive UI's Markdown, or the text as written. */
export interface AnswerFormat {
  /** Undefined once `blocks` answers as it will stay (renderer loaded, or failed to); else what to wait for. */
  ready(): Promise<void> | undefined;
  /** A formatter for one piece of an answer; undefined shows it as written. */
  blocks(): BlockStreamer | undefined;
}

/**
 * Markdown through markdansi at the terminal's width less one column (as the log draws a finished answer), or as
 * written with MAIA_NO_MARKDOWN. `waitForRenderer`: the renderer is loaded on first use and the answer waits for it
 * (the interactive UI); without, it is used when already there.
 */
export function markdownAnswers(env: NodeJS.ProcessEnv, columns: () => number, waitForRenderer = true): AnswerFormat {
  return {
    ready: () => (waitForRenderer && !markdownDisabled(env) ? markdownReady() : undefined),
    blocks: () => createBlockStreamer(() => Math.max(10, columns()) - 1, env),
  };
}

// An OSC sequence (ESC ]) that nothing has ended yet: `sanitize` would remove it up to its end, whatever lines that
// takes, so the lines it covers wait for that end.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is matched here.
const OPEN_OSC = /\u001b\][^\u0007\u001b]*$/;

/**
 * The answer being streamed, formatted block by block as the blocks close (issue 41): the model's text goes in as
 * it comes (`append`, nothing else per delta); once per frame `drain` formats the lines completed since the last
 * frame and hands over the new formatted rows, to be written once to the log; `openText` is what is still open —
 * the line being written, a code block or table not closed yet — shown as written in the live area.
 *
 * The rows handed over, put together, are exactly those the log shows for the same text added whole (pieces of
 * `splitMarkdown`, each formatted by `renderMarkdown`, a blank line after each): only the moment each is written
 * changes. Nothing of the answer is kept once formatted, except the lines of a piece while none of it is visible
 * (a piece that formats to nothing is shown as written, as `renderMarkdown` does).
 */
export class AnswerStream {
  readonly #format: AnswerFormat;
  readonly #chunker = new MarkdownChunker();
  /** The text not yet cut into lines: the line being written, and what came since the last frame. */
  #unread = "";
  /** The current piece's formatter; undefined before its first line, null when it is shown as written. */
  #blocks: BlockStreamer | null | undefined;
  /** Lines of the current piece waiting for the end of an OSC sequence (raw). */
  #oscHeld: string | undefined;
  /** Blank lines of the current piece not yet known to be inside it (a line that is not blank must follow). */
  #blanks: string[] = [];
  /** The current piece's lines as written, while nothing of it is visible (for a piece formatted to nothing). */
  #pieceSource: string[] = [];
  /** The current piece's first formatted lines, while none of them has anything visible. */
  #pieceLead: string[] = [];
  #pieceVisible = false;
  /** Empty rows after the last row handed over, not written until a row follows (an answer ends on no blank row). */
  #emptyTail = 0;
  /** A piece ended since the last row handed over: one blank row separates pieces. */
  #pieceEnded = false;
  /** Rows ready to hand over, and the empty rows above the first of them. */
  #rows: string[] = [];
  #rowsGap = 0;
  #parts: AnswerPart[] = [];
  #shown = false;
  /**
   * The answer's lines as written while nothing of it is shown and it is short enough to be one piece: an answer
   * that formats to nothing is then shown whole, as written, its edges included (as `renderMarkdown` would).
   */
  #seen: string[] | undefined = [];
  #finishing = false;
  #lineCount = 0;
  #extraGapAfter = 0;

  constructor(format: AnswerFormat) {
    this.#format = format;
  }

  append(delta: string): void {
    this.#unread += delta;
  }

  /** True once formatting can start (see AnswerFormat.ready). */
  get ready(): boolean {
    return this.#format.ready() === undefined;
  }

  /** The text given so far and not formatted: all of it while the renderer is not ready (nothing is formatted then). */
  get unformatted(): string {
    return this.#unread;
  }

  /** Formats the lines completed since the last call; the rows to write now (none while the renderer loads). */
  drain(): AnswerPart[] {
    if (!this.ready) return [];
    const cut = this.#unread.lastIndexOf("\n");
    if (cut !== -1) {
      const complete = this.#unread.slice(0, cut);
      this.#unread = this.#unread.slice(cut + 1);
      for (const line of complete.split("\n")) this.#line(line);
    }
    return this.#handOver(0);
  }

  /** The answer is complete: the rest of it, formatted, and the blank row that ends it. */
  finish(): AnswerPart[] {
    // What follows the last new line is a line for `splitMarkdown` even when empty (it counts), not for the streamer.
    const lines = this.#unread.split("\n");
    const last = lines.pop() ?? "";
    for (const line of lines) this.#line(line);
    if (last !== "") {
      this.#line(last);
    } else {
      this.#lineCount += 1;
      this.#seen?.push(last);
    }
    this.#unread = "";
    this.#finishing = true;
    this.#steps(this.#chunker.finish(this.#lineCount <= CHUNK_LINES));
    return this.#handOver(1);
  }

  /** What is still open, as written: the empty rows before it, the lines of an unclosed block, the line being written. */
  openText(): string {
    if (!this.ready) return sanitize(this.#unread);
    const held = this.#oscHeld === undefined ? [] : [sanitize(this.#oscHeld)];
    const open = [...(this.#blocks?.open() ?? []), ...held, ...(this.#unread === "" ? [] : [sanitize(this.#unread)])];
    if (open.length === 0) return "";
    const gap = this.#shown ? (this.#pieceEnded ? 1 : this.#emptyTail) : 0;
    return "\n".repeat(gap) + open.join("\n");
  }

  #line(line: string): void {
    this.#lineCount += 1;
    if (this.#seen) {
      this.#seen.push(line);
      if (this.#shown || this.#seen.length > CHUNK_LINES) this.#seen = undefined;
    }
    this.#steps(this.#chunker.line(line));
  }

  #steps(steps: ChunkStep[]): void {
    for (const step of steps) {
      if (step.kind === "end") this.#endPiece();
      else this.#sourceLine(step.line, step.kind === "blank");
    }
  }

  /**
   * A line of the current piece, as written: sanitised (see OPEN_OSC) and formatted. A `blank` line may turn out to
   * be after the piece's end: the formatter has it at once (it closes a table or a held line, and an empty row at
   * the end is dropped anyway), the rest waits for a line that is not blank.
   */
  #sourceLine(line: string, blank = false): void {
    if (blank && this.#oscHeld === undefined) {
      if (this.#blocks === undefined) this.#blocks = this.#format.blocks() ?? null;
      this.#blanks.push(line);
      if (this.#blocks) this.#formatted(this.#blocks.line(line));
      return;
    }
    const text = this.#oscHeld === undefined ? line : `${this.#oscHeld}\n${line}`;
    if (OPEN_OSC.test(text)) {
      this.#oscHeld = text;
      return;
    }
    this.#oscHeld = undefined;
    const lines = sanitize(`${text}\n`).split("\n");
    lines.pop();
    for (const clean of lines) this.#cleanLine(clean);
  }

  #cleanLine(line: string): void {
    if (this.#blocks === undefined) this.#blocks = this.#format.blocks() ?? null;
    const lines = [...this.#blanks, line];
    this.#blanks = [];
    if (!this.#pieceVisible) this.#pieceSource.push(...lines);
    if (this.#blocks) this.#formatted(this.#blocks.line(line));
    else for (const each of lines) this.#formatted(`${each}\n`);
  }

  /** Formatted rows, each ending with "\n": a piece drops its leading and trailing empty rows (renderMarkdown). */
  #formatted(text: string): void {
    if (text === "") return;
    const rows = text.split("\n");
    rows.pop();
    for (const row of rows) {
      if (!this.#pieceVisible) {
        this.#pieceLead.push(row);
        if (row.trim() === "") continue;
        this.#pieceVisible = true;
        this.#pieceSource = [];
        const lead = this.#pieceLead;
        this.#pieceLead = [];
        for (const each of lead.slice(lead.findIndex((each) => each !== ""))) this.#rowOrEmpty(each);
        continue;
      }
      this.#rowOrEmpty(row);
    }
  }

  #rowOrEmpty(row: string): void {
    if (row === "") this.#emptyTail += 1;
    else this.#row(row);
  }

  #row(row: string): void {
    if (this.#rows.length === 0) {
      this.#rowsGap = this.#shown ? (this.#pieceEnded ? 1 : this.#emptyTail) : 0;
    } else {
      for (let empty = 0; empty < this.#emptyTail; empty += 1) this.#rows.push("");
    }
    this.#rows.push(row);
    this.#emptyTail = 0;
    this.#pieceEnded = false;
    this.#shown = true;
  }

  #endPiece(): void {
    if (this.#oscHeld !== undefined) {
      // Nothing ended the sequence: it is removed up to the end of the piece, as sanitize does.
      const lines = sanitize(this.#oscHeld).split("\n");
      this.#oscHeld = undefined;
      for (const clean of lines) this.#cleanLine(clean);
    }
    if (this.#blocks) this.#formatted(this.#blocks.finish());
    // A piece that formats to nothing visible is shown as written (a whole short answer with its edges).
    if (!this.#pieceVisible && this.#finishing && !this.#shown && this.#seen) {
      const rows = sanitize(this.#seen.join("\n")).split("\n");
      const first = rows.findIndex((row) => row !== "");
      const last = rows.findLastIndex((row) => row !== "");
      this.#rowsGap = first;
      this.#rows = rows.slice(first, last + 1);
      this.#extraGapAfter = rows.length - 1 - last;
      this.#shown = true;
    } else if (!this.#pieceVisible && this.#pieceSource.join("\n").trim() !== "") {
      this.#pieceLead = [];
      this.#pieceVisible = true;
      for (const row of this.#pieceSource) this.#rowOrEmpty(row);
    }
    this.#blocks = undefined;
    this.#blanks = [];
    this.#pieceSource = [];
    this.#pieceLead = [];
    this.#pieceVisible = false;
    this.#emptyTail = 0;
    if (this.#shown) this.#pieceEnded = true;
  }

  #handOver(gapAfter: number): AnswerPart[] {
    if (this.#rows.length > 0) {
      this.#parts.push({ text: this.#rows.join("\n"), gapBefore: this.#rowsGap, gapAfter: gapAfter + this.#extraGapAfter });
      this.#rows = [];
    } else if (gapAfter > 0 && this.#shown) {
      this.#parts.push({ text: "", gapBefore: 0, gapAfter });
    }
    const parts = this.#parts;
    this.#parts = [];
    return parts;
  }
}
