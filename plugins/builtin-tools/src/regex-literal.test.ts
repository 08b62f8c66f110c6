import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileSource, regexSample } from "./regex-arbitrary.ts";
import { requiredLiteral } from "./regex-literal.ts";

function compiles(source: string): RegExp | undefined {
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}

describe("requiredLiteral (Grep's prefilter)", () => {
  it("finds the plain text every match must contain", () => {
    expect(requiredLiteral("createElement")).toBe("createElement");
    expect(requiredLiteral("function\\s+(\\w+)Async")).toBe("function");
    expect(requiredLiteral("log\\.error\\(")).toBe("log.error(");
    expect(requiredLiteral("colou?r")).toBe("colo");
    expect(requiredLiteral("ab+cdef")).toBe("cdef");
    expect(requiredLiteral("a{2}bcd")).toBe("bcd");
    expect(requiredLiteral("x\\u0041yz")).toBe("yz");
  });

  it("gives nothing when no text is required", () => {
    expect(requiredLiteral("foo|bar")).toBeUndefined();
    expect(requiredLiteral("\\d+")).toBeUndefined();
    expect(requiredLiteral("[abc]*")).toBeUndefined();
    expect(requiredLiteral("(foo)?")).toBeUndefined();
  });

  it("never rejects a string the regex matches (generated regexes with a matching string)", () => {
    fc.assert(
      fc.property(regexSample, ({ source, text }) => {
        const regex = compiles(source);
        expect(regex, source).toBeDefined();
        expect(regex?.test(text), `${source} on ${JSON.stringify(text)}`).toBe(true);
        const literal = requiredLiteral(source);
        if (literal !== undefined) expect(text.includes(literal), `${source} needs ${JSON.stringify(literal)}`).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("never rejects a match of any valid source, however strange", () => {
    // Short texts: a hostile source such as `(a*)*b` backtracks exponentially in the text's length.
    fc.assert(
      fc.property(hostileSource, fc.string({ unit: fc.constantFrom(..."ab{}[]()\\0123<>=!:-, \n"), maxLength: 16 }), (source, text) => {
        const regex = compiles(source);
        if (!regex) return;
        const match = regex.exec(text);
        const literal = requiredLiteral(source);
        if (match && literal !== undefined) expect(text.includes(literal), `${source} on ${JSON.stringify(text)} needs ${JSON.stringify(literal)}`).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});
