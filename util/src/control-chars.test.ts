import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { escapeControlChars } from "./control-chars.ts";

const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

describe("escapeControlChars", () => {
  it("shows NUL, ESC, BEL, DEL and a lone CR as control pictures; keeps tab, newline and CRLF", () => {
    expect(escapeControlChars("a\u0000b\u001b[31mred\u0007\u007f")).toEqual({ text: "a\u2400b\u241b[31mred\u2407\u2421", replaced: 4 });
    expect(escapeControlChars("x\ty\nz\r\nw")).toEqual({ text: "x\ty\nz\r\nw", replaced: 0 });
    expect(escapeControlChars("hidden\rshown").text).toBe("hidden\u240dshown");
    expect(escapeControlChars("c1\u0085\u009b").text).toBe("c1\ufffd\ufffd");
  });

  it("returns the very same string when there is nothing to replace", () => {
    const text = "plain text, accents é, emoji 🙂\n";
    expect(escapeControlChars(text).text).toBe(text);
  });

  it("keeps the length, leaves no control character but tab, newline and CRLF, and changes nothing else (property)", () => {
    const unit = fc.oneof(fc.string({ unit: "binary" }), fc.constantFrom("\u0000", "\r", "\r\n", "\u001b", "\t", "\n", "\u009f"));
    fc.assert(
      fc.property(fc.array(unit, { maxLength: 20 }).map((parts) => parts.join("")), (text) => {
        const { text: out, replaced } = escapeControlChars(text);
        expect(out.length).toBe(text.length);
        expect(CONTROL.test(out)).toBe(false);
        expect(/\r(?!\n)/.test(out)).toBe(false);
        let differences = 0;
        for (let index = 0; index < text.length; index++) if (out[index] !== text[index]) differences += 1;
        expect(differences).toBe(replaced);
      }),
    );
  });
});
