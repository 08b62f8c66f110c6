import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { replaceOnce } from "./edit-replace.ts";

const piece = fc.string({ unit: fc.constantFrom("a", "b", "c", "$", "&", " ", "\n"), minLength: 1, maxLength: 12 });
const filler = fc.string({ unit: fc.constantFrom("x", "y", " ", "\n", "$"), maxLength: 40 });

describe("replaceOnce (Edit's replacement)", () => {
  it("replaces a unique occurrence exactly, keeping everything else and `$` patterns literal", () => {
    fc.assert(
      fc.property(filler, filler, fc.constantFrom("OLD", "OLD\nLINE"), piece, (before, after, oldString, newString) => {
        const text = before + oldString + after;
        const outcome = replaceOnce(text, oldString, newString);
        expect(outcome).toMatchObject({ kind: "replaced", text: before + newString + after, start: before.length });
      }),
    );
  });

  it("reports an absent string and a repeated one differently, with the lines of the repeats", () => {
    expect(replaceOnce("abc", "zz", "y")).toEqual({ kind: "absent" });
    expect(replaceOnce("x\nfoo\ny\nfoo\n", "foo", "bar")).toEqual({ kind: "multiple", count: 2, lines: [2, 4] });
  });

  it("edits a CRLF file with the model's bare line breaks and keeps CRLF, touching nothing else", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z ]{0,6}$/), { minLength: 1, maxLength: 8 }), fc.nat(), (lines, pick) => {
        const unique = lines.map((line, index) => `${line}#${index}`);
        const text = `${unique.join("\r\n")}\r\n`;
        const index = pick % unique.length;
        const target = unique.slice(index, index + 2).join("\n"); // one or two lines, as Read shows them
        const outcome = replaceOnce(text, target, "new\nlines");
        expect(outcome.kind).toBe("replaced");
        if (outcome.kind !== "replaced") return;
        const expected = unique.slice(0, index).concat(["new", "lines"], unique.slice(index + 2)).join("\r\n");
        expect(outcome.text).toBe(`${expected}\r\n`);
        expect(outcome.text.replace(/\r\n/g, "")).not.toContain("\n");
      }),
    );
  });

  it("leaves a mixed file's other line endings alone", () => {
    const text = "a\r\nb\nc\r\nd\r\n";
    const outcome = replaceOnce(text, "b\nc", "B\nC");
    expect(outcome).toMatchObject({ kind: "replaced", text: "a\r\nB\nC\r\nd\r\n" });
  });

  it("converts the model's CRLF to an LF file's endings", () => {
    expect(replaceOnce("one\ntwo\n", "one\r\ntwo", "1\r\n2")).toMatchObject({ kind: "replaced", text: "1\n2\n" });
  });
});
