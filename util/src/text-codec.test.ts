import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeText, detectEncoding, dominantEol, encodeText, type TextEncoding } from "./text-codec.ts";

const encodings: TextEncoding[] = ["utf8", "utf8-bom", "utf16le", "utf16be"];
// Well-formed text (lone surrogates cannot be encoded) that does not itself start with a byte order mark.
const wellFormed = fc.string({ unit: "grapheme", maxLength: 100 }).filter((value) => !value.startsWith("\uFEFF"));

describe("text codec", () => {
  it("gives back the same text and the same encoding after a round trip", () => {
    fc.assert(
      fc.property(wellFormed, fc.constantFrom(...encodings), (text, encoding) => {
        const bytes = encodeText(text, encoding);
        const decoded = decodeText(bytes);
        expect(decoded.text).toBe(text);
        if (text !== "" || encoding !== "utf8") expect(decoded.encoding).toBe(encoding);
      }),
    );
  });

  it("recognises the byte order marks", () => {
    expect(detectEncoding(Buffer.from([0xef, 0xbb, 0xbf, 0x41]))).toBe("utf8-bom");
    expect(detectEncoding(Buffer.from([0xff, 0xfe, 0x41, 0]))).toBe("utf16le");
    expect(detectEncoding(Buffer.from([0xfe, 0xff, 0, 0x41]))).toBe("utf16be");
    expect(detectEncoding(Buffer.from("plain"))).toBe("utf8");
  });

  it("finds the dominant line ending", () => {
    expect(dominantEol("a\r\nb\r\nc\n")).toBe("\r\n");
    expect(dominantEol("a\nb\r\nc\n")).toBe("\n");
    expect(dominantEol("no ending")).toBe("\n");
  });
});
