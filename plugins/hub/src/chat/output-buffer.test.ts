import { describe, expect, it } from "vitest";
import { OutputBuffer } from "./output-buffer.ts";

describe("a terminal's output buffer", () => {
  it("keeps everything under the limit", () => {
    const buffer = new OutputBuffer(10);
    buffer.push(Buffer.from("hello "));
    buffer.push(Buffer.from("you"));
    expect(buffer.text()).toBe("hello you");
    expect(buffer.truncated).toBe(false);
  });

  it("drops the oldest bytes over the limit, at a character boundary", () => {
    const buffer = new OutputBuffer(4);
    buffer.push(Buffer.from("abcé"));
    // "é" is two bytes: "abcé" + "fgh" is 8 bytes; the last 4 start inside "é", so the cut moves past it.
    buffer.push(Buffer.from("fgh"));
    expect(buffer.text()).toBe("fgh");
    expect(buffer.truncated).toBe(true);
    buffer.push(Buffer.from("€"));
    expect(Buffer.byteLength(buffer.text())).toBeLessThanOrEqual(4);
    expect(buffer.text()).toBe("h€");
  });

  it("decodes a character split across two chunks", () => {
    const euro = Buffer.from("€");
    const buffer = new OutputBuffer(100);
    buffer.push(euro.subarray(0, 1));
    buffer.push(euro.subarray(1));
    expect(buffer.text()).toBe("€");
  });
});
