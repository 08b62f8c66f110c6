/** A careful client's cap on a terminal's output when the agent gives no `outputByteLimit`. */
export const DEFAULT_OUTPUT_BYTE_LIMIT = 1024 * 1024;

/**
 * The retained output of a terminal: at most `limit` bytes, the oldest dropped first, cut at a UTF-8 character
 * boundary (ACP: "truncates from the beginning… at a character boundary"). Bytes are kept, not strings, so a
 * character split across two reads of the pipe is never decoded in halves.
 */
export class OutputBuffer {
  private chunks: Buffer[] = [];
  private size = 0;
  private cut = false;

  private readonly limit: number;

  constructor(limit: number) {
    this.limit = limit;
  }

  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    if (this.size > this.limit) this.trim();
  }

  get truncated(): boolean {
    return this.cut;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString("utf8");
  }

  private trim(): void {
    let bytes = Buffer.concat(this.chunks);
    let start = bytes.length - this.limit;
    // A UTF-8 continuation byte is 10xxxxxx: move on to the first byte that begins a character.
    while (start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start += 1;
    bytes = bytes.subarray(start);
    this.chunks = [Buffer.from(bytes)];
    this.size = bytes.length;
    this.cut = true;
  }
}
