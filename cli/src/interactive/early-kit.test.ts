import { Chalk } from "chalk";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { earlyKitAt } from "./early-kit.ts";
import { EARLY_STYLES, styled, type EarlyStyle } from "./early-styles.ts";

const chalkPainter = (level: 0 | 1 | 2 | 3, style: EarlyStyle) => {
  const ink = new Chalk({ level });
  return style === "pink" ? ink.hex("#FF79C6") : ink[style];
};

describe("the early paint's styles", () => {
  it("write any one-line text without escape codes as chalk writes it, at every colour level", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const),
        fc.constantFrom(...EARLY_STYLES),
        fc.string({ unit: fc.oneof(fc.constantFrom("a", " ", "é", "▹", "┈", "😀", "—"), fc.string({ maxLength: 1 })) }).filter((text) => !/[\u001b\n\r]/.test(text)),
        (level, style, text) => {
          expect(styled(earlyKitAt(level).styles, style, text)).toBe(chalkPainter(level, style)(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("write no code at all where the terminal has no colours", () => {
    for (const style of EARLY_STYLES) expect(styled(earlyKitAt(0).styles, style, "text")).toBe("text");
    expect(styled(earlyKitAt(3).styles, "pink", "text")).toBe("\u001b[38;2;255;121;198mtext\u001b[39m");
  });
});
