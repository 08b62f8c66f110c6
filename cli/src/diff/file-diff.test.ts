import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { diffSummary, fileDiff } from "./file-diff.ts";

describe("fileDiff", () => {
  it("numbers the changed lines and counts them for the summary", () => {
    const oldText = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"].join("\n") + "\n";
    const newText = oldText.replace("e\n", "E\nE2\n").replace("i\n", "");
    const diff = fileDiff({ path: "/work/p/hello.py", oldText, newText }, "/work/p");
    expect(diffSummary(diff)).toBe("hello.py +2 −2");
    expect(diff.rows.filter((row) => row.kind === "add")).toEqual([
      { kind: "add", newLine: 5, text: "E" },
      { kind: "add", newLine: 6, text: "E2" },
    ]);
    expect(diff.rows.find((row) => row.kind === "del" && row.text === "i")).toEqual({ kind: "del", oldLine: 9, text: "i" });
    expect(diff.rows[0]).toEqual({ kind: "gap", skipped: 1 });
  });

  it("shows a new file as additions from line 1", () => {
    const diff = fileDiff({ path: "/elsewhere/new.txt", oldText: null, newText: "one\ntwo\n" }, "/work/p");
    expect(diff.created).toBe(true);
    expect(diff.shown).toBe("/elsewhere/new.txt");
    expect(diff.rows).toEqual([
      { kind: "add", newLine: 1, text: "one" },
      { kind: "add", newLine: 2, text: "two" },
    ]);
  });

  it("replays into the new text, for any pair of texts", () => {
    const text = fc.array(fc.constantFrom("a", "b", "c", ""), { maxLength: 12 }).map((parts) => parts.join("\n"));
    const linesOf = (value: string) => (value === "" ? [] : value.replace(/\n$/, "").split("\n"));
    fc.assert(
      fc.property(text, text, (oldText, newText) => {
        const diff = fileDiff({ path: "/p/f", oldText, newText }, "/p");
        const old = linesOf(oldText);
        const rebuilt: string[] = [];
        let at = 0;
        for (const row of diff.rows) {
          if (row.kind === "gap") {
            rebuilt.push(...old.slice(at, at + row.skipped));
            at += row.skipped;
          } else if (row.kind === "ctx") {
            expect(row.oldLine).toBe(at + 1);
            rebuilt.push(row.text);
            at += 1;
          } else if (row.kind === "del") {
            expect(row.oldLine).toBe(at + 1);
            at += 1;
          } else {
            expect(row.newLine).toBe(rebuilt.length + 1);
            rebuilt.push(row.text);
          }
        }
        rebuilt.push(...old.slice(at));
        expect(rebuilt).toEqual(linesOf(newText));
        expect(diff.added).toBe(diff.rows.filter((row) => row.kind === "add").length);
        expect(diff.removed).toBe(diff.rows.filter((row) => row.kind === "del").length);
      }),
    );
  });
});
