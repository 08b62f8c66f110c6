import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readAllowedTools, splitRules } from "./allowed-tools.ts";

describe("allowed-tools", () => {
  it("reads Claude Code's comma line, keeping commas inside parentheses", () => {
    expect(readAllowedTools("Bash(git status *), Bash(echo a, b),Read ,")).toEqual(["Bash(git status *)", "Bash(echo a, b)", "Read"]);
  });

  it("reads a YAML list, and refuses anything else", () => {
    expect(readAllowedTools(["Read", " Edit(src/**) "])).toEqual(["Read", "Edit(src/**)"]);
    expect(readAllowedTools(undefined)).toEqual([]);
    expect(readAllowedTools([1, "Read"])).toBeUndefined();
    expect(readAllowedTools({ Bash: true })).toBeUndefined();
  });

  it("joining rules without top-level commas by ', ' and splitting gives them back (property)", () => {
    const rule = fc
      .tuple(fc.stringMatching(/^[A-Za-z]{1,8}$/), fc.option(fc.string({ unit: fc.constantFrom("a", " ", ",", "*", "/") })))
      .map(([tool, inner]) => (inner === null ? tool : `${tool}(${inner})`));
    fc.assert(
      fc.property(fc.array(rule, { maxLength: 6 }), (rules) => {
        expect(splitRules(rules.join(", "))).toEqual(rules.map((r) => r.trim()));
      }),
    );
  });
});
