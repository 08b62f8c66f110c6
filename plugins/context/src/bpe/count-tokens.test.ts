import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { locateRanks } from "../tokenizers.ts";
import { createTokenCounter } from "./count-tokens.ts";
import { parseTiktoken } from "./rank-table.ts";

const table = parseTiktoken(readFileSync(locateRanks()));
const scanning = createTokenCounter(table, Number.POSITIVE_INFINITY);
const withHeap = createTokenCounter(table, 0);

describe("createTokenCounter's two ways of merging", () => {
  it("agree: the heap gives the same merges as tiktoken's scan, ties going to the leftmost pair", () => {
    const text = fc.oneof(
      fc.string({ unit: "binary", maxLength: 120 }),
      fc.array(fc.constantFrom("ab", "-", "=", "aa", "é", "😀", " ", "x", "ing", "//", "\n"), { maxLength: 80 }).map((parts) => parts.join("")),
    );
    fc.assert(fc.property(text, (value) => scanning(value) === withHeap(value)), { numRuns: 1_000 });
  });

  it("counts nothing in an empty text and one token per known word", () => {
    expect(scanning("")).toBe(0);
    expect(withHeap("")).toBe(0);
    expect(scanning("hello world")).toBe(2);
  });

  it("counts a 100,000-character run without the quadratic slow-down (one piece)", () => {
    // 100,000 dashes: tiktoken's scan would merge 99,000 times over the whole piece; the heap does it at once.
    expect(createTokenCounter(table)("-".repeat(100_000))).toBe(withHeap("-".repeat(100_000)));
  });
});
