import { StringDecoder } from "node:string_decoder";
import type { Readable } from "node:stream";

/**
 * Longer lines are delivered in pieces of this size: an agent that writes megabytes without a newline must not
 * grow the hub's memory, nor send the page one giant event.
 */
export const MAX_LINE_CHARS = 4000;

/**
 * Calls `onLine` for every line of `stream` (UTF-8, `\n` or `\r\n`), the last one even without its newline.
 * The returned promise resolves once the stream has ended or closed, so a caller can wait for the last lines.
 */
export function readLines(stream: Readable, onLine: (line: string) => void): Promise<void> {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  const emit = (line: string) => {
    const text = line.endsWith("\r") ? line.slice(0, -1) : line;
    for (let start = 0; start < text.length || start === 0; start += MAX_LINE_CHARS) {
      onLine(text.slice(start, start + MAX_LINE_CHARS));
    }
  };
  stream.on("data", (chunk: Buffer) => {
    pending += decoder.write(chunk);
    let newline = pending.indexOf("\n");
    while (newline !== -1) {
      emit(pending.slice(0, newline));
      pending = pending.slice(newline + 1);
      newline = pending.indexOf("\n");
    }
    // A line that never ends is delivered in pieces rather than held without bound.
    while (pending.length >= MAX_LINE_CHARS) {
      onLine(pending.slice(0, MAX_LINE_CHARS));
      pending = pending.slice(MAX_LINE_CHARS);
    }
  });
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      pending += decoder.end();
      if (pending !== "") emit(pending);
      pending = "";
      resolve();
    };
    stream.once("end", finish);
    stream.once("close", finish);
    stream.once("error", finish);
  });
}
