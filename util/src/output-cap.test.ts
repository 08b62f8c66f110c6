import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OutputCap } from "./output-cap.ts";

const marker = (omitted: number) => `[${omitted} cut]`;

describe("OutputCap", () => {
  it("keeps everything within the budget, else the start and the end around a marker, never over the budget", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme", maxLength: 40 }), { maxLength: 30 }), fc.integer({ min: 20, max: 200 }), (chunks, max) => {
        const cap = new OutputCap(max);
        for (const chunk of chunks) cap.push(chunk);
        const whole = chunks.join("");
        const result = cap.result(marker);
        if (whole.length <= max) {
          expect(result).toBe(whole);
          return;
        }
        expect(result.length).toBeLessThanOrEqual(max);
        const found = /\[(\d+) cut\]/.exec(result);
        expect(found).not.toBeNull();
        const head = result.slice(0, found?.index);
        const tail = result.slice((found?.index ?? 0) + (found?.[0].length ?? 0));
        expect(whole.startsWith(head)).toBe(true);
        expect(whole.endsWith(tail)).toBe(true);
        expect(Number(found?.[1])).toBe(whole.length - head.length - tail.length);
        // No character written as a surrogate pair is cut in two.
        expect(/[\uD800-\uDBFF]$/.test(head)).toBe(false);
        expect(/^[\uDC00-\uDFFF]/.test(tail)).toBe(false);
      }),
    );
  });

  it("holds a bounded amount however much is pushed", () => {
    const cap = new OutputCap(100);
    for (let index = 0; index < 10_000; index += 1) cap.push(`line ${index}\n`);
    const result = cap.result(marker);
    expect(result.startsWith("line 0\n")).toBe(true);
    expect(result.endsWith("line 9999\n")).toBe(true);
    expect(cap.total).toBeGreaterThan(80_000);
  });
});
