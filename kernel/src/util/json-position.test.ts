import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineAndColumn, locateJsonError } from "./json-position.ts";

describe("locateJsonError", () => {
  it("gives the line and column of the first error, counting CRLF, LF and CR as line ends", () => {
    expect(locateJsonError('{\r\n  "a": 1,\n  "b": }')).toMatchObject({ line: 3, column: 8, reason: "unexpected_char", char: "}" });
    expect(locateJsonError('{"key": "unterminated')).toMatchObject({ reason: "unexpected_end" });
    expect(lineAndColumn("a\rb\r\nc", 5)).toEqual({ line: 3, column: 1 });
  });

  it("agrees with JSON.parse on validity", () => {
    fc.assert(
      fc.property(fc.oneof(fc.json(), fc.string(), fc.json().map((s) => s.slice(0, -1))), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(locateJsonError(text) === undefined).toBe(valid);
      }),
    );
  });
});
