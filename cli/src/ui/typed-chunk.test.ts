import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isTypedChunk, keptText, keysOfChunk } from "./typed-chunk.ts";

describe("a chunk of keys read at once", () => {
  it("is text with control characters, unflagged", () => {
    expect(isTypedChunk({ input: "\u0015&rev" })).toBe(true);
    expect(isTypedChunk({ input: "sr\t" })).toBe(true);
    expect(isTypedChunk({ input: "sr" })).toBe(false);
    expect(isTypedChunk({ input: "u", ctrl: true })).toBe(false);
    expect(isTypedChunk({ input: "", return: true })).toBe(false);
  });

  it("splits into the keys Ink reports when each is read alone", () => {
    expect(keysOfChunk("\u0015&rev").map(({ key }) => key)).toEqual([{ input: "u", ctrl: true }, { input: "&rev" }]);
    expect(keysOfChunk("sr\tapp.t\r\nnow").map(({ key }) => key)).toEqual([
      { input: "sr" },
      { input: "", tab: true },
      { input: "app.t" },
      { input: "", return: true },
      { input: "now" },
    ]);
    expect(keysOfChunk("a\u0000b\u007f\u001c").map(({ key }) => key)).toEqual([{ input: "a" }, { input: "b" }, { input: "", backspace: true }]);
  });

  it("loses no text and ends each key where the next begins (property)", () => {
    const unit = fc.constantFrom("a", "é", "界", "🙂", " ", "\t", "\r", "\n", "\u0015", "\u0000", "\u007f", "\b", "\u001c", "\u000c");
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 40 }), (input) => {
        const keys = keysOfChunk(input);
        const texts = keys.filter(({ key }) => key.input !== "" && !key.ctrl).map(({ key }) => key.input);
        // eslint-disable-next-line no-control-regex -- what is typed, without the control keys.
        expect(texts.join("")).toBe(input.replace(/[\u0000-\u001f\u007f]/g, ""));
        const ends = keys.map(({ end }) => end);
        expect(ends).toEqual([...ends].sort((a, b) => a - b));
        expect(ends.every((end) => end > 0 && end <= input.length)).toBe(true);
        for (const { key } of keys) expect(isTypedChunk(key)).toBe(false);
      }),
    );
  });

  it("keeps what follows a line sent as text, lines as line feeds", () => {
    expect(keptText("\r\nsecond\r\nthird\r\n")).toBe("second\nthird");
    expect(keptText("a\u0015b")).toBe("ab");
  });
});
