import { describe, expect, it } from "vitest";
import { compactionThreshold } from "./threshold.ts";

describe("compactionThreshold (seed § 14.3)", () => {
  it("is max − (4000 + 500)", () => {
    expect(compactionThreshold(200_000)).toBe(195_500);
    expect(compactionThreshold(4_500)).toBe(0);
  });

  it("may be lowered by a fraction of the window or a token count", () => {
    expect(compactionThreshold(200_000, 0.5)).toBe(100_000);
    expect(compactionThreshold(200_000, 1)).toBe(195_500);
    expect(compactionThreshold(200_000, 120_000)).toBe(120_000);
  });

  it("is never raised above the seed's formula", () => {
    expect(compactionThreshold(10_000, 9_000)).toBe(5_500);
    expect(compactionThreshold(10_000, 0.99)).toBe(5_500);
  });
});
