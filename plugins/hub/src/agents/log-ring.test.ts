import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { LogRing } from "./log-ring.ts";
import { MAX_LINE_CHARS, readLines } from "./stderr-lines.ts";

describe("LogRing", () => {
  it("keeps the last lines, oldest first, once it has wrapped around", () => {
    const ring = new LogRing(3);
    for (const line of ["a", "b"]) ring.push(line);
    expect(ring.toArray()).toEqual(["a", "b"]);
    for (const line of ["c", "d", "e"]) ring.push(line);
    expect(ring.toArray()).toEqual(["c", "d", "e"]);
    expect(ring.tail(2)).toEqual(["d", "e"]);
  });
});

describe("readLines", () => {
  it("splits on \\n and \\r\\n, joins lines cut across chunks and UTF-8 characters cut across chunks, and keeps a last line without newline", async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    const ended = readLines(stream, (line) => lines.push(line));
    const accented = Buffer.from("démarre…\n");
    stream.write("first\r\nsec");
    stream.write("ond\n");
    stream.write(accented.subarray(0, 2));
    stream.write(accented.subarray(2));
    stream.end("no newline");
    await ended;
    expect(lines).toEqual(["first", "second", "démarre…", "no newline"]);
  });

  it("delivers a line that never ends in pieces instead of holding it without bound, losing nothing", async () => {
    const stream = new PassThrough();
    const lines: string[] = [];
    const ended = readLines(stream, (line) => lines.push(line));
    const endless = "x".repeat(MAX_LINE_CHARS * 2 + 10);
    stream.write(endless);
    // Delivered before the stream ends: nothing waits for a newline that may never come.
    expect(lines).toEqual(["x".repeat(MAX_LINE_CHARS), "x".repeat(MAX_LINE_CHARS)]);
    stream.end(`${"y".repeat(MAX_LINE_CHARS + 1)}\n`);
    await ended;
    expect(lines.slice(2)).toEqual(["x".repeat(10) + "y".repeat(MAX_LINE_CHARS - 10), "y".repeat(11)]);
  });
});
