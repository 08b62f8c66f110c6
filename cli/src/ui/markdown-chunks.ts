/**
 * Cuts long Markdown (a reloaded history, a long answer) into pieces of about `maxLines` source lines, at blank
 * lines outside code blocks. Ink lays a <Static> item out as one grid of styled cells: one 1,700-line text costs
 * hundreds of megabytes and half a second, the same text in pieces of 80 lines costs what one piece does.
 * A code block or a paragraph longer than twice the limit is cut inside (a code block is closed and reopened,
 * with its language), so that no piece grows without bound.
 */
export const CHUNK_LINES = 80;

const FENCE = /^\s{0,3}(`{3,}|~{3,})(.*)$/;

/**
 * What a line given to the chunker does: it joins the current piece (`line`), or it is a blank line outside a code
 * block (`blank`) — part of the piece only if a line that is not blank follows in it (blank lines at a piece's
 * edges belong to none) — or the current piece ends there (`end`).
 */
export type ChunkStep = { kind: "line"; line: string } | { kind: "blank"; line: string } | { kind: "end" };

/**
 * The cutting, one source line at a time, for text that arrives line by line (a streamed answer): the steps it
 * returns, in order, make exactly the pieces `splitMarkdown` makes of the whole text. A blank line is told at once
 * (it closes a Markdown block: the formatter may go on), except inside a code block, where it waits for the line
 * after it (a code block cut at the end of the text must not grow by the blank lines that end the text).
 */
export class MarkdownChunker {
  readonly #maxLines: number;
  /** Lines of the current piece so far (blank ones included). */
  #count = 0;
  #hasText = false;
  #heldBlanks: string[] = [];
  #fence: { marker: string; opening: string } | undefined;

  constructor(maxLines = CHUNK_LINES) {
    this.#maxLines = maxLines;
  }

  line(line: string): ChunkStep[] {
    const steps: ChunkStep[] = [];
    const match = FENCE.exec(line);
    if (match) {
      const marker = match[1] ?? "```";
      if (!this.#fence) this.#fence = { marker, opening: line.trim() };
      else if (marker.startsWith(this.#fence.marker[0] ?? "`") && marker.length >= this.#fence.marker.length && (match[2] ?? "").trim() === "") this.#fence = undefined;
    }
    const blank = line.trim() === "";
    if (this.#count === 0 && blank && !this.#fence) return steps;
    this.#push(line, steps);
    const full = this.#count >= this.#maxLines;
    if (full && blank && !this.#fence) {
      this.#end(steps);
    } else if (this.#count >= this.#maxLines * 2) {
      // No blank line in sight (a long code block or paragraph): cut here, reopening the code block if in one.
      const fence = this.#fence;
      if (fence) this.#push(fence.marker, steps);
      this.#end(steps);
      if (fence) this.#push(fence.opening, steps);
    }
    return steps;
  }

  /**
   * The text is over: the current piece ends, its trailing blank lines dropped — unless `whole` (a text of at most
   * `maxLines` lines is one piece as it is, see splitMarkdown: blank lines at the end of an open code block count).
   */
  finish(whole = false): ChunkStep[] {
    const steps: ChunkStep[] = [];
    if (whole) for (const blank of this.#heldBlanks) steps.push({ kind: "line", line: blank });
    this.#heldBlanks = [];
    this.#end(steps);
    return steps;
  }

  #push(line: string, steps: ChunkStep[]): void {
    this.#count += 1;
    if (line.trim() === "") {
      if (this.#fence) this.#heldBlanks.push(line);
      else steps.push({ kind: "blank", line });
      return;
    }
    for (const blank of this.#heldBlanks) steps.push({ kind: "line", line: blank });
    this.#heldBlanks = [];
    this.#hasText = true;
    steps.push({ kind: "line", line });
  }

  #end(steps: ChunkStep[]): void {
    if (this.#hasText) steps.push({ kind: "end" });
    this.#heldBlanks = [];
    this.#count = 0;
    this.#hasText = false;
  }
}

export function splitMarkdown(markdown: string, maxLines = CHUNK_LINES): string[] {
  const lines = markdown.split("\n");
  if (lines.length <= maxLines) return [markdown];
  const chunks: string[] = [];
  let current: string[] = [];
  let blanks: string[] = [];
  const chunker = new MarkdownChunker(maxLines);
  const apply = (steps: ChunkStep[]) => {
    for (const step of steps) {
      if (step.kind === "blank") {
        blanks.push(step.line);
      } else if (step.kind === "line") {
        current.push(...blanks, step.line);
        blanks = [];
      } else {
        chunks.push(current.join("\n"));
        current = [];
        blanks = [];
      }
    }
  };
  for (const line of lines) apply(chunker.line(line));
  apply(chunker.finish());
  return chunks.length > 0 ? chunks : [markdown];
}
