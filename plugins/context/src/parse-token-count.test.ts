import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_CONTEXT_TOKENS, MIN_CONTEXT_TOKENS, parseTokenCount } from "./parse-token-count.ts";

describe("parseTokenCount", () => {
  it.each([
    ["128000", 128_000],
    ["128 000 tokens", 128_000],
    ["131,072", 131_072],
    ["1.000.000", 1_000_000],
    ["200k", 200_000],
    ["1M", 1_000_000],
    ["1,5 million", 1_500_000],
    ["2 millions", 2_000_000],
  ])("reads the seed's example %j as %d", (text, expected) => {
    expect(parseTokenCount(text)).toBe(expected);
  });

  it.each([
    ["The maximum context size is 128,000 tokens.", 128_000],
    ["Réponse : 200 000", 200_000],
    ["1\u202f048\u202f576", 1_048_576],
    ["128'000", 128_000],
    ["32K", 32_000],
    ["1.5M tokens", 1_500_000],
    ["1 million de tokens", 1_000_000],
    ["environ 128 mille tokens", 128_000],
    ["**131072**", 131_072],
    ["`8192`", 8_192],
  ])("reads %j", (text, expected) => {
    expect(parseTokenCount(text)).toBe(expected);
  });

  it("prefers a value with a unit over a larger one without", () => {
    expect(parseTokenCount("As of 2024, GPT-4o accepts 128k tokens (see 9000000 docs)")).toBe(128_000);
  });

  it("takes the largest plausible value when none has a unit", () => {
    expect(parseTokenCount("between 8192 and 32768")).toBe(32_768);
  });

  it("ignores values outside 1,000 – 100,000,000 and numbers glued to words", () => {
    expect(parseTokenCount("999")).toBeUndefined();
    expect(parseTokenCount("200 billion")).toBeUndefined();
    expect(parseTokenCount("100000001")).toBeUndefined();
    expect(parseTokenCount("o200k_base")).toBeUndefined();
    expect(parseTokenCount("I don't know.")).toBeUndefined();
    expect(parseTokenCount("")).toBeUndefined();
    expect(parseTokenCount("1000")).toBe(MIN_CONTEXT_TOKENS);
    expect(parseTokenCount("100 000 000")).toBe(MAX_CONTEXT_TOKENS);
  });

  const plausible = fc.integer({ min: MIN_CONTEXT_TOKENS, max: MAX_CONTEXT_TOKENS });
  const prose = fc.constantFrom("", "The answer is ", "Taille maximale : ", "**", "Context window: ", "Réponse :\n");
  const after = fc.constantFrom("", " tokens", " tokens.", "**", "\n", " (approximately)", " de tokens");

  it("reads any plausible size written plainly or grouped, in any prose", () => {
    const separator = fc.constantFrom(" ", ",", ".", "\u202f", "\u00a0", "'");
    fc.assert(
      fc.property(plausible, separator, fc.boolean(), prose, after, (n, sep, grouped, before, tail) => {
        const digits = grouped ? String(n).replace(/\B(?=(\d{3})+(?!\d))/g, sep) : String(n);
        expect(parseTokenCount(`${before}${digits}${tail}`)).toBe(n);
      }),
      { numRuns: 1_000 },
    );
  });

  it("reads sizes written with a unit, with a decimal point or comma", () => {
    const written = fc.oneof(
      fc.integer({ min: 1, max: 99_999 }).map((k) => ({ n: k * 1_000, text: `${k}k` })),
      fc.integer({ min: 1, max: 100 }).map((m) => ({ n: m * 1_000_000, text: `${m}M` })),
      fc.integer({ min: 11, max: 999 }).filter((tenths) => tenths % 10 !== 0).map((tenths) => ({
        n: tenths * 100_000,
        text: `${Math.floor(tenths / 10)},${tenths % 10} million`,
      })),
      fc.integer({ min: 11, max: 999 }).filter((tenths) => tenths % 10 !== 0).map((tenths) => ({
        n: tenths * 100,
        text: `${(tenths / 10).toFixed(1)}K`,
      })),
    );
    fc.assert(
      fc.property(written, prose, after, ({ n, text }, before, tail) => {
        expect(parseTokenCount(`${before}${text}${tail}`)).toBe(n);
      }),
      { numRuns: 1_000 },
    );
  });

  it("never throws and answers only plausible integers, whatever the text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 80 }), (text) => {
        const value = parseTokenCount(text);
        return value === undefined || (Number.isInteger(value) && value >= MIN_CONTEXT_TOKENS && value <= MAX_CONTEXT_TOKENS);
      }),
      { numRuns: 2_000 },
    );
    fc.assert(
      fc.property(fc.array(fc.constantFrom("1", "0", "5", " ", ",", ".", "k", "M", "million", "'"), { maxLength: 30 }), (parts) => {
        const value = parseTokenCount(parts.join(""));
        return value === undefined || (Number.isInteger(value) && value >= MIN_CONTEXT_TOKENS && value <= MAX_CONTEXT_TOKENS);
      }),
      { numRuns: 2_000 },
    );
  });

  it("lets a unit win over any larger bare number around it", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999 }), fc.integer({ min: 1_000_000, max: MAX_CONTEXT_TOKENS }), (k, bare) => {
        expect(parseTokenCount(`${bare} or ${k}k`)).toBe(k * 1_000);
        expect(parseTokenCount(`${k}k, not ${bare}`)).toBe(k * 1_000);
      }),
    );
  });
});
