import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nextCompactedName } from "./compacted-name.ts";
import { sessionNameProblem } from "./session-names.ts";

describe("nextCompactedName (seed § 14.4)", () => {
  it.each([
    ["xxx", "xxx__1"],
    ["xxx__1", "xxx__2"],
    ["xxx__2", "xxx__3"],
    ["xxx__999", "xxx__1000"],
    ["xxx__1000", "xxx__1"],
    ["xxx__0", "xxx__0__1"],
    ["xxx__1001", "xxx__1001__1"],
    ["xxx__007", "xxx__007__1"],
    ["a__b", "a__b__1"],
    ["a__b__3", "a__b__4"],
    ["foo", "foo__1"],
    ["session_2025-01-07_09_05_03", "session_2025-01-07_09_05_03__1"],
  ])("%s → %s", (name, next) => {
    expect(nextCompactedName(name)).toBe(next);
  });

  it("cuts the origin so that the name stays within 100 characters", () => {
    expect(nextCompactedName("y".repeat(100))).toBe(`${"y".repeat(97)}__1`);
    expect(nextCompactedName(`${"y".repeat(95)}__999`)).toBe(`${"y".repeat(94)}__1000`);
    // Cut to 97 characters, the origin would end with a dot, which no name may: the dot goes too.
    expect(nextCompactedName(`${"y".repeat(96)}.abc`)).toBe(`${"y".repeat(96)}__1`);
  });

  it("always gives a valid name ending in __1 … __1000, for any valid name", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 1, maxLength: 100 }).filter((name) => sessionNameProblem(name) === undefined), (name) => {
        const next = nextCompactedName(name);
        expect(sessionNameProblem(next)).toBeUndefined();
        const number = Number(/__(\d+)$/u.exec(next)?.[1]);
        expect(number).toBeGreaterThanOrEqual(1);
        expect(number).toBeLessThanOrEqual(1_000);
      }),
      { numRuns: 1_000 },
    );
  });

  it("cycles with period 1000 once numbered", () => {
    let name = nextCompactedName("cycle");
    const first = name;
    for (let i = 0; i < 1_000; i += 1) name = nextCompactedName(name);
    expect(name).toBe(first);
  });
});
