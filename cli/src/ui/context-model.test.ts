import { setActiveLocale } from "@maia/kernel";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { barColor, contextBar, formatTokens } from "./context-model.ts";

beforeEach(() => setActiveLocale("fr"));
afterEach(() => setActiveLocale(undefined));

describe("context bar (seed § 13.3)", () => {
  it("formats numbers as 950, 12.3k, 200k, 1.05M", () => {
    expect([950, 12_345, 200_000, 1_050_000, 0, 999_999].map(formatTokens)).toEqual(["950", "12.3k", "200k", "1.05M", "0", "1M"]);
  });

  it("reads back a formatted number within 0.5 % of the count", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000_000_000 }), (tokens) => {
        const shown = formatTokens(tokens);
        expect(shown).toMatch(/^\d+(\.\d+)?[kM]?$/);
        const unit = shown.endsWith("M") ? 1e6 : shown.endsWith("k") ? 1e3 : 1;
        const value = Number.parseFloat(shown) * unit;
        expect(Math.abs(value - tokens)).toBeLessThanOrEqual(Math.max(0.5, tokens * 0.005));
      }),
    );
  });

  it("draws one square per 10,000 tokens: 200k is 20 squares", () => {
    expect(contextBar(45_700, 200_000, 100)).toEqual({ kind: "bar", squares: 20, filled: 5, color: "green", label: "45.7k / 200k · 23%" });
  });

  it("turns yellow at 60 % and red at 85 %", () => {
    expect([59_999, 60_000, 84_999, 85_000].map((tokens) => barColor(tokens, 100_000))).toEqual(["green", "yellow", "yellow", "red"]);
  });

  it("grows the scale by steps of 10,000 when the bar is wider than the terminal, and says so", () => {
    const model = contextBar(300_000, 1_000_000, 80); // 100 squares do not fit in 80 columns, 50 do
    expect(model).toMatchObject({ kind: "bar", scaleLabel: "(1■ = 20k)", squares: 50 });
  });

  it("shows the count alone when the maximum is unknown", () => {
    expect(contextBar(1_234, undefined, 100)).toEqual({ kind: "unknown", label: "1.23k tokens · taille maximale inconnue" });
  });

  it("always fits, fills at least one square once the context is not empty, and never more than it has", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), fc.integer({ min: 1_000, max: 100_000_000 }), fc.integer({ min: 30, max: 400 }), (tokens, max, width) => {
        const model = contextBar(tokens, max, width);
        if (model.kind !== "bar") throw new Error("a bar was expected");
        const length = model.squares + 1 + model.label.length + (model.scaleLabel ? model.scaleLabel.length + 1 : 0);
        expect(length <= width || model.squares === 1).toBe(true);
        expect(model.filled).toBeLessThanOrEqual(model.squares);
        expect(model.filled >= 1).toBe(tokens > 0);
      }),
    );
  });
});
