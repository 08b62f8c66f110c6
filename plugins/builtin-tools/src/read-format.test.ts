import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineWindow, numberedLine, splitLines } from "./read-format.ts";

const text = fc.string({ unit: fc.constantFrom("a", "b", " ", "\n", "\r", "é"), maxLength: 200 });

describe("splitLines", () => {
  it("counts lines as editors do", () => {
    expect(splitLines("")).toEqual([]);
    expect(splitLines("a")).toEqual(["a"]);
    expect(splitLines("a\n")).toEqual(["a"]);
    expect(splitLines("a\n\n")).toEqual(["a", ""]);
  });
});

describe("LineWindow (the streaming reader of large files)", () => {
  it("keeps exactly the lines that whole-file reading would, however the text is cut into chunks", () => {
    fc.assert(
      fc.property(text, fc.array(fc.nat(200)), fc.integer({ min: 1, max: 30 }), fc.integer({ min: 1, max: 30 }), (source, cuts, offset, limit) => {
        const window = new LineWindow(offset, limit);
        const points = [...new Set(cuts.map((cut) => cut % (source.length + 1)))].sort((a, b) => a - b);
        let previous = 0;
        for (const point of [...points, source.length]) {
          window.push(source.slice(previous, point));
          previous = point;
        }
        window.end();
        const all = splitLines(source);
        expect(window.lines).toEqual(all.slice(offset - 1, offset - 1 + limit));
        expect(window.count).toBe(all.length);
      }),
    );
  });
});

describe("numberedLine", () => {
  it("right-aligns the number in 6 columns, then a tab, and drops a trailing \\r", () => {
    expect(numberedLine(7, "x\r", () => "")).toBe("     7\tx");
    expect(numberedLine(1234567, "y", () => "")).toBe("1234567\ty");
  });
});
