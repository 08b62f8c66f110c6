import fc from "fast-check";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { kernelRangeProblem } from "./caret-range.ts";

const part = fc.oneof(fc.constantFrom(0, 1, 2), fc.nat(30));
const version = fc.tuple(part, part, part).map((parts) => parts.join("."));

function bySemver(range: string, kernel: string): string {
  if (semver.validRange(range) === null) return "invalid";
  return semver.satisfies(kernel, range) ? "ok" : "unsatisfied";
}

describe("kernelRangeProblem", () => {
  it("decides caret ranges as semver does", () => {
    fc.assert(fc.property(version, version, (range, kernel) => {
      expect(kernelRangeProblem(`^${range}`, kernel)).toBe(bySemver(`^${range}`, kernel));
    }), { numRuns: 2000 });
  });

  it("leaves every other range to semver", () => {
    const ranges = fc.oneof(
      fc.string(),
      version.map((v) => `>=${v}`),
      fc.tuple(version, version).map(([a, b]) => `${a} - ${b}`),
      version.map((v) => `^${v}-beta.1`),
      version.map((v) => `~${v}`),
      fc.constantFrom("*", "1.x", "^1", "^01.0.0", "^1.0.0 || ^2.0.0", " ^1.0.0", "latest"),
    );
    fc.assert(fc.property(ranges, version, (range, kernel) => {
      expect(kernelRangeProblem(range, kernel)).toBe(bySemver(range, kernel));
    }), { numRuns: 2000 });
  });

  it("names what a plugin of another kernel needs", () => {
    expect(kernelRangeProblem("^1.0.0", "1.0.0")).toBe("ok");
    expect(kernelRangeProblem("^2.0.0", "1.0.0")).toBe("unsatisfied");
    expect(kernelRangeProblem("^0.9.0", "1.0.0")).toBe("unsatisfied");
    expect(kernelRangeProblem("one point oh", "1.0.0")).toBe("invalid");
  });
});
