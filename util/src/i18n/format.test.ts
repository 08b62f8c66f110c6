import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { setActiveLocale } from "./catalogue.ts";
import { formatNumber, plural } from "./format.ts";

afterEach(() => setActiveLocale(undefined));

describe("formatNumber", () => {
  it("writes numbers as Intl.NumberFormat does for en-US and fr-FR", () => {
    for (const locale of ["en", "fr"] as const) {
      setActiveLocale(locale);
      const intl = (value: number, digits: number) => new Intl.NumberFormat(locale === "fr" ? "fr-FR" : "en-US", { maximumFractionDigits: digits }).format(value);
      fc.assert(
        fc.property(fc.oneof(fc.integer({ min: -2e9, max: 2e9 }), fc.double({ min: -1e7, max: 1e7, noNaN: true })), fc.integer({ min: 0, max: 2 }), (value, digits) => {
          // toFixed and Intl may round an exact binary tie differently (1.005): compare away from ties.
          const scaled = Math.abs(value) * 10 ** digits;
          fc.pre(Math.abs(scaled - Math.floor(scaled) - 0.5) > 1e-6);
          return formatNumber(value, digits) === intl(value, digits);
        }),
        { numRuns: 2_000 },
      );
    }
  });

  it("examples", () => {
    setActiveLocale("en");
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(formatNumber(2.25, 1)).toBe("2.3");
    expect(formatNumber(2, 1)).toBe("2");
    setActiveLocale("fr");
    expect(formatNumber(1234567)).toBe("1\u202f234\u202f567");
    expect(formatNumber(1.5, 1)).toBe("1,5");
  });
});

describe("plural", () => {
  it("is singular for 1, and for 0 in French only", () => {
    setActiveLocale("en");
    expect([plural(0, "file", "files"), plural(1, "file", "files"), plural(2, "file", "files")]).toEqual(["files", "file", "files"]);
    setActiveLocale("fr");
    expect([plural(0, "fichier", "fichiers"), plural(1, "fichier", "fichiers"), plural(2, "fichier", "fichiers")]).toEqual(["fichier", "fichier", "fichiers"]);
  });
});
