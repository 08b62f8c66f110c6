import { setActiveLocale } from "@maia/kernel";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  defaultSessionName,
  findName,
  MAX_NAME_LENGTH,
  normalizeSessionName,
  sessionNameProblem,
  suffixedNames,
  suggestNames,
} from "./session-names.ts";

beforeEach(() => setActiveLocale("en"));
afterEach(() => setActiveLocale(undefined));

describe("session names (seed § 12.2)", () => {
  it("names a new session after the local time", () => {
    expect(defaultSessionName(new Date(2025, 0, 7, 9, 5, 3))).toBe("session_2025-01-07_09_05_03");
  });

  it.each([
    ["  refacto  ", "refacto"],
    ['"mon projet"', "mon projet"],
    ["'mon projet'", "mon projet"],
    ["« bug 42 »", "bug 42"],
    ['  " spaced "  ', "spaced"],
    ['"unbalanced', '"unbalanced'],
  ])("normalises %j to %j", (input, expected) => {
    expect(normalizeSessionName(input)).toBe(expected);
  });

  it("explains precisely why a name is refused", () => {
    expect(sessionNameProblem("")).toBe("The session name is empty.");
    expect(sessionNameProblem("a".repeat(101))).toBe("The session name has 101 characters; 100 at most.");
    expect(sessionNameProblem("a/b")).toContain("may not contain /");
    expect(sessionNameProblem("what?")).toContain("may not contain ?");
    expect(sessionNameProblem("tab\there")).toContain("a control character");
    expect(sessionNameProblem(".hidden")).toBe("The session name may not start or end with a dot.");
    expect(sessionNameProblem("end.")).toBe("The session name may not start or end with a dot.");
    expect(sessionNameProblem("a".repeat(100))).toBeUndefined();
    expect(sessionNameProblem("refacto du parser — été 2025 🚀")).toBeUndefined();
    setActiveLocale("fr");
    expect(sessionNameProblem("")).toBe("Le nom de session est vide.");
  });

  it("tries name, name_2, name_3… keeping 100 characters at most", () => {
    const names = suffixedNames("x".repeat(100));
    expect(names.next().value).toBe("x".repeat(100));
    expect(names.next().value).toBe(`${"x".repeat(98)}_2`);
    expect(names.next().value).toBe(`${"x".repeat(98)}_3`);
  });

  it("finds a name whatever its case, preferring the exact spelling", () => {
    expect(findName("REFACTO", ["notes", "Refacto"])).toBe("Refacto");
    expect(findName("refacto", ["REFACTO", "refacto"])).toBe("refacto");
    expect(findName("missing", ["notes"])).toBeUndefined();
  });

  it("suggests close names", () => {
    expect(suggestNames("refacto", ["refactor", "notes", "refacto-parser", "zzz"])).toEqual(["refacto-parser", "refactor"]);
    expect(suggestNames("qqqqqq", ["notes"])).toEqual([]);
  });

  const anyName = fc.string({ unit: "grapheme", minLength: 1, maxLength: 120 });

  it("normalising twice changes nothing more than once (for names without nested quotes)", () => {
    fc.assert(
      fc.property(anyName.filter((name) => !/^\s*["'«“‘`].*["'»”’`]\s*$/su.test(normalizeSessionName(name))), (name) => {
        expect(normalizeSessionName(normalizeSessionName(name))).toBe(normalizeSessionName(name));
      }),
    );
  });

  it("accepts only names that are safe file names", () => {
    fc.assert(
      fc.property(anyName, (name) => {
        if (sessionNameProblem(name) !== undefined) return;
        expect([...name].length).toBeLessThanOrEqual(MAX_NAME_LENGTH);
        expect(name).not.toMatch(/[\\/:*?"<>|\u0000-\u001f]/u);
        expect(name.startsWith(".") || name.endsWith(".")).toBe(false);
      }),
      { numRuns: 2_000 },
    );
  });

  it("gives valid, distinct suffixed names for every valid name", () => {
    fc.assert(
      fc.property(anyName.filter((name) => sessionNameProblem(name) === undefined), (name) => {
        const generator = suffixedNames(name);
        const candidates = Array.from({ length: 12 }, () => generator.next().value as string);
        expect(new Set(candidates).size).toBe(candidates.length);
        for (const candidate of candidates) expect(sessionNameProblem(candidate)).toBeUndefined();
      }),
    );
  });
});
