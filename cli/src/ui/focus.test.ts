import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stripFocusReports } from "./focus.ts";

describe("stripFocusReports", () => {
  it("takes the reports out and says the last state reported", () => {
    expect(stripFocusReports("ab\u001b[Ocd")).toEqual({ rest: "abcd", focused: false });
    expect(stripFocusReports("\u001b[O\u001b[I")).toEqual({ rest: "", focused: true });
    expect(stripFocusReports("\u001b[A")).toEqual({ rest: "\u001b[A", focused: undefined });
  });

  it("keeps every other byte, in order, whatever the reports are mixed with", () => {
    const report = fc.constantFrom("\u001b[I", "\u001b[O");
    // Input without a report of its own: arrows and other sequences, text, lone escapes.
    const other = fc.oneof(fc.string(), fc.constantFrom("\u001b", "\u001b[", "\u001b[A", "\u001b[1;5C", "[I", "O"));
    fc.assert(
      fc.property(fc.array(fc.tuple(other, fc.option(report))), (parts) => {
        const input = parts.map(([text, focus]) => text + (focus ?? "")).join("");
        const expected = parts.map(([text]) => text).join("");
        // Text parts that join into a report of their own are a report: compare only when they do not.
        fc.pre(!/\u001b\[[IO]/.test(expected));
        const reports = parts.map(([, focus]) => focus).filter((focus) => focus !== null);
        const { rest, focused } = stripFocusReports(input);
        expect(rest).toBe(expected);
        expect(focused).toBe(reports.length === 0 ? undefined : reports.at(-1) === "\u001b[I");
      }),
    );
  });
});
