/** A 1-based line and column, in UTF-16 code units as the page's editor (CodeMirror) counts them. */
export interface Position {
  line: number;
  column: number;
}

/**
 * Offsets to positions for one text. Lines end at `\n`, `\r\n` or a lone `\r`, as CodeMirror splits them, so a
 * marker lands on the line the user sees. A position never falls outside the text: an offset past the end, or
 * inside a `\r\n`, is clamped to the end of its line.
 */
export class TextPositions {
  private readonly lineStarts: number[] = [0];
  private readonly lineEnds: number[] = [];
  readonly text: string;

  constructor(text: string) {
    this.text = text;
    for (let index = 0; index < text.length; index++) {
      const code = text.charCodeAt(index);
      if (code === 0x0d && text.charCodeAt(index + 1) === 0x0a) {
        this.lineEnds.push(index);
        index++;
        this.lineStarts.push(index + 1);
      } else if (code === 0x0a || code === 0x0d) {
        this.lineEnds.push(index);
        this.lineStarts.push(index + 1);
      }
    }
    this.lineEnds.push(text.length);
  }

  at(offset: number): Position {
    const clamped = Math.max(0, Math.min(Number.isFinite(offset) ? Math.floor(offset) : 0, this.text.length));
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((this.lineStarts[middle] ?? 0) <= clamped) low = middle;
      else high = middle - 1;
    }
    const start = this.lineStarts[low] ?? 0;
    const end = this.lineEnds[low] ?? this.text.length;
    return { line: low + 1, column: Math.min(clamped, end) - start + 1 };
  }
}
