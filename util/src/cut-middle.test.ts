import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutMiddle } from "./cut-middle.ts";

const marker = (omitted: number) => `[${omitted} cut]`;

describe("cutMiddle", () => {
  it("keeps a text that fits", () => {
    expect(cutMiddle("hello", 5, marker)).toBe("hello");
  });

  it("keeps the beginning and the end around a marker that counts what went", () => {
    const text = `${"a".repeat(50)}${"b".repeat(100)}${"c".repeat(50)}`;
    const cut = cutMiddle(text, 60, marker);
    expect(cut).toMatch(/^a+\[\d+ cut\]c+$/);
    expect(cut.length).toBeLessThanOrEqual(60);
    const omitted = Number(/\[(\d+) cut\]/.exec(cut)?.[1]);
    expect(cut.length - `[${omitted} cut]`.length + omitted).toBe(text.length);
  });

  it("never splits an emoji in two", () => {
    const text = "😀".repeat(100);
    const cut = cutMiddle(text, 41, marker);
    expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it("property: never longer than the budget; head and tail of the original survive", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), fc.integer({ min: 12, max: 300 }), (text, max) => {
        const cut = cutMiddle(text, max, marker);
        expect(cut.length).toBeLessThanOrEqual(max);
        if (text.length <= max) {
          expect(cut).toBe(text);
          return;
        }
        const match = /^([\s\S]*?)\[(\d+) cut\]([\s\S]*)$/.exec(cut);
        expect(match).not.toBeNull();
        const [, head = "", omitted = "0", tail = ""] = match ?? [];
        expect(text.startsWith(head)).toBe(true);
        expect(text.endsWith(tail)).toBe(true);
        expect(head.length + Number(omitted) + tail.length).toBe(text.length);
      }),
    );
  });
});
