import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonErrorLine } from "./json-error-line.ts";

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

describe("jsonErrorLine", () => {
  it("names the line of the first error", () => {
    expect(jsonErrorLine('{\n  "permissions": {\n    "allow": [,]\n  }\n}\n')).toBe(3);
    expect(jsonErrorLine('{\n  "a": 1,\n}')).toBe(3);
    expect(jsonErrorLine('{"a": "unfinished')).toBe(1);
    expect(jsonErrorLine("")).toBe(1);
    expect(jsonErrorLine('{"a":1}\r\n\r\nx')).toBe(3);
  });

  it("finds no error in valid JSON", () => {
    fc.assert(fc.property(fc.json(), (text) => jsonErrorLine(text) === undefined));
  });

  it("agrees with JSON.parse on any text", () => {
    const nearlyJson = fc.tuple(fc.json(), fc.nat(), fc.constantFrom(",", "}", "]", '"', "\\", "\n", "x", "-", "0", "{", "[", ":")).map(
      ([text, at, inserted]) => `${text.slice(0, at % (text.length + 1))}${inserted}${text.slice(at % (text.length + 1))}`,
    );
    fc.assert(
      fc.property(fc.oneof(nearlyJson, fc.string()), (text) => {
        const line = jsonErrorLine(text);
        expect(line === undefined).toBe(parses(text));
        if (line !== undefined) expect(line).toBeLessThanOrEqual(text.split(/\r\n|\r|\n/).length);
      }),
      { numRuns: 500 },
    );
  });
});
