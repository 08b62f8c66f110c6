import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lastRows, sanitize, textWidth, wrapRows } from "./terminal-text.ts";

describe("text for the terminal", () => {
  it("removes what could drive the terminal, keeps new lines", () => {
    expect(sanitize("a\u001b[2Jb\u001b]0;title\u0007c\r\nd\te\u0008")).toBe("abc\nd    e");
  });

  it("never leaves an escape or a control character but new lines", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (value) => {
        // eslint-disable-next-line no-control-regex -- what must not remain.
        expect(sanitize(value)).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
      }),
    );
  });

  it("wraps into rows no wider than the terminal, losing nothing", () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "字", "😀", " ", "\n", "é") }), fc.integer({ min: 2, max: 40 }), (value, width) => {
        const rows = wrapRows(value, width);
        for (const row of rows) expect(textWidth(row)).toBeLessThanOrEqual(width);
        expect(rows.join("").replace(/\n/g, "")).toBe(value.replace(/\n/g, ""));
        expect(rows.length).toBeGreaterThanOrEqual(value.split("\n").length);
      }),
    );
  });

  it("gives the last rows of a long text without wrapping all of it", () => {
    const text = Array.from({ length: 10_000 }, (_, index) => `line ${index}`).join("\n");
    const { rows, hidden } = lastRows(text, 80, 3);
    expect(rows).toEqual(["line 9997", "line 9998", "line 9999"]);
    expect(hidden).toBe(9_997);
  });
});
