import { setActiveLocale } from "@maia/kernel";
import { afterEach, describe, expect, it } from "vitest";
import { formatContextUsage, formatTokens } from "./format-usage.ts";

afterEach(() => setActiveLocale(undefined));

describe("formatTokens (seed § 13.3)", () => {
  it.each([
    [0, "0"],
    [950, "950"],
    [1_000, "1k"],
    [12_345, "12.3k"],
    [45_700, "45.7k"],
    [200_000, "200k"],
    [999_999, "1M"],
    [1_048_576, "1.05M"],
    [100_000_000, "100M"],
  ])("%d → %s", (tokens, label) => {
    expect(formatTokens(tokens)).toBe(label);
  });
});

describe("formatContextUsage", () => {
  it("shows count, maximum and percentage when the maximum is known", () => {
    setActiveLocale("en");
    expect(formatContextUsage(45_700, 200_000)).toBe("45.7k / 200k · 23%");
  });

  it("keeps the count visible when the maximum is unknown, in the user's language", () => {
    setActiveLocale("en");
    expect(formatContextUsage(12_345, undefined)).toBe("12.3k tokens · maximum unknown");
    setActiveLocale("fr");
    expect(formatContextUsage(950, undefined)).toBe("950 tokens · taille maximale inconnue");
  });
});
