/**
 * Keeps a command's output within a character budget while it streams: the beginning (where the command says
 * what it does) and the end (where errors and summaries are) survive, the middle goes, and memory stays
 * bounded however much the command prints.
 */
export class OutputCap {
  readonly #max: number;
  #head = "";
  #tail: string[] = [];
  #tailLength = 0;
  #total = 0;

  constructor(maxChars: number) {
    this.#max = maxChars;
  }

  get total(): number {
    return this.#total;
  }

  push(chunk: string): void {
    if (chunk === "") return;
    this.#total += chunk.length;
    if (this.#head.length < this.#max) {
      const room = this.#max - this.#head.length;
      this.#head += chunk.slice(0, room);
      chunk = chunk.slice(room);
      if (chunk === "") return;
    }
    this.#tail.push(chunk);
    this.#tailLength += chunk.length;
    // The tail never needs more than `max` characters: compact it once it holds twice that.
    if (this.#tailLength > 2 * this.#max) {
      const joined = this.#tail.join("").slice(-this.#max);
      this.#tail = [joined];
      this.#tailLength = joined.length;
    }
  }

  /** The output, or its beginning and end around `marker(omitted)` when over budget; never over `max`. */
  result(marker: (omitted: number) => string): string {
    const tail = this.#tail.join("");
    if (this.#total <= this.#max) return this.#head + tail;
    // No omitted count can have more digits than the total: reserve that much room for the marker.
    const room = Math.max(0, this.#max - marker(this.#total).length);
    let headLength = Math.ceil(room / 2);
    const tailLength = room - headLength;
    // Never cut a character written as a surrogate pair in two.
    if (headLength > 0 && isHighSurrogate(this.#head.charCodeAt(headLength - 1))) headLength -= 1;
    let end = tailLength === 0 ? "" : (this.#head + tail).slice(-tailLength);
    if (end !== "" && isLowSurrogate(end.charCodeAt(0))) end = end.slice(1);
    return this.#head.slice(0, headLength) + marker(this.#total - headLength - end.length) + end;
  }
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}
