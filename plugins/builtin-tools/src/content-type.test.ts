import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bodyKind, parseContentType, sniffHtmlCharset } from "./content-type.ts";

const token = fc.stringMatching(/^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,12}$/);
const quotedValue = fc.string({ unit: fc.constantFrom("a", "b", " ", ";", '"', "\\", "=", "-"), maxLength: 10 });

describe("parseContentType", () => {
  it("reads the media type and charset of real headers", () => {
    expect(parseContentType("text/html; charset=ISO-8859-1")).toEqual({ mediaType: "text/html", charset: "iso-8859-1" });
    expect(parseContentType('Application/JSON ; charset="utf-8"')).toEqual({ mediaType: "application/json", charset: "utf-8" });
    expect(parseContentType(null)).toEqual({ mediaType: "" });
    expect(parseContentType("text/plain; format=flowed")).toEqual({ mediaType: "text/plain" });
  });

  it("gives back any charset written as a token or as a quoted string, whatever other parameters surround it", () => {
    fc.assert(
      fc.property(token, token, fc.oneof(token, quotedValue), fc.boolean(), token, quotedValue, (type, subtype, charset, quote, name, other) => {
        const written = quote || !/^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(charset) ? `"${charset.replace(/(["\\])/g, "\\$1")}"` : charset;
        const header = `${type}/${subtype}; ${name === "charset" ? "x" : name}="${other.replace(/(["\\])/g, "\\$1")}"; charset=${written}`;
        const parsed = parseContentType(header);
        expect(parsed.mediaType).toBe(`${type}/${subtype}`.toLowerCase());
        expect(parsed.charset).toBe(charset === "" ? undefined : charset.toLowerCase());
      }),
    );
  });

  it("never throws", () => {
    fc.assert(fc.property(fc.string(), (header) => {
      expect(typeof parseContentType(header).mediaType).toBe("string");
    }));
  });
});

describe("sniffHtmlCharset and bodyKind", () => {
  it("finds a page's declared charset", () => {
    expect(sniffHtmlCharset('<meta charset="windows-1252">')).toBe("windows-1252");
    expect(sniffHtmlCharset('<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">')).toBe("shift_jis");
  });

  it("sorts bodies into HTML, JSON, text and unsupported", () => {
    const bytes = (text: string) => Buffer.from(text);
    expect(bodyKind("text/html", bytes(""))).toBe("html");
    expect(bodyKind("application/vnd.api+json", bytes(""))).toBe("json");
    expect(bodyKind("image/svg+xml", bytes(""))).toBe("text");
    expect(bodyKind("application/pdf", bytes("%PDF"))).toBe("unsupported");
    expect(bodyKind("", bytes("  <!DOCTYPE html><p>x"))).toBe("html");
    expect(bodyKind("application/octet-stream", Buffer.from([1, 0, 2]))).toBe("unsupported");
  });
});
