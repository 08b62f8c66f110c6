import { EventEmitter } from "node:events";
import { Writable } from "node:stream";

/**
 * A terminal as Ink sees it, for tests that mount the real InkUI: a TTY of a fixed size that keeps (and counts)
 * everything written to it. Ink renders to it exactly as to a user's terminal: incremental frames, <Static>
 * output, synchronized-update marks.
 */
export class FakeTerminal extends Writable {
  readonly isTTY = true;
  readonly columns: number;
  readonly rows: number;
  bytes = 0;
  largestWrite = 0;
  text = "";

  constructor(columns = 100, rows = 40) {
    super();
    this.columns = columns;
    this.rows = rows;
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    const length = Buffer.byteLength(chunk);
    this.bytes += length;
    this.largestWrite = Math.max(this.largestWrite, length);
    this.text += chunk.toString();
    done();
  }

  reset(): void {
    this.bytes = 0;
    this.largestWrite = 0;
    this.text = "";
  }

  /** What was written, without colours and cursor moves: enough to look for words. */
  plain(): string {
    // eslint-disable-next-line no-control-regex -- escape sequences are what is removed.
    return this.text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "");
  }

  get stream(): NodeJS.WriteStream {
    return this as unknown as NodeJS.WriteStream;
  }
}

/** A keyboard nobody types on (keys go to the store directly in these tests). */
export class IdleKeyboard extends EventEmitter {
  readonly isTTY = true;
  setRawMode(): this {
    return this;
  }
  setEncoding(): this {
    return this;
  }
  read(): null {
    return null;
  }
  resume(): this {
    return this;
  }
  pause(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }

  get stream(): NodeJS.ReadStream {
    return this as unknown as NodeJS.ReadStream;
  }
}
