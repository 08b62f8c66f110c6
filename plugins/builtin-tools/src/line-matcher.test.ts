import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LineMatcher } from "./line-matcher.ts";
import { regexSample } from "./regex-arbitrary.ts";

/** The reference: split into lines, drop a trailing \r, try the regex on each line alone. */
function naive(pattern: string, ignoreCase: boolean, text: string): string[] {
  const regex = new RegExp(pattern, ignoreCase ? "i" : "");
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines.map((line) => (line.endsWith("\r") ? line.slice(0, -1) : line)).filter((line) => regex.test(line));
}

function viaMatcher(pattern: string, ignoreCase: boolean, text: string): string[] {
  const found: string[] = [];
  new LineMatcher(pattern, ignoreCase).forEachLine(text, (start, end) => {
    found.push(text.slice(start, end));
  });
  return found;
}

const textUnit = fc.constantFrom("a", "b", "c", "x", "A", " ", "\n", "\n", "\r", "\u2028", "-", "(", "é");
const texts = fc.string({ unit: textUnit, maxLength: 60 });
const tricky = fc.constantFrom(
  "^",
  "$",
  "^$",
  "^a",
  "a$",
  "",
  "\\s",
  "\\s+b",
  "a\\sb",
  "[^a]",
  "a[^b]*c",
  "\\bab",
  "b\\B",
  "a(?=\\s)",
  "a(?!b)",
  "(?<!a)b",
  "(?<=\\n)a",
  "a\\nb",
  "[\\s\\S]",
  "x(?![\\s\\S]*c)",
  "\\w(?![\\s\\S]*c)",
  "[ab](?![\\s\\S]*\\n)",
  "(a)\\1",
  ".",
  "a.*$",
  "^\\s*$",
);

describe("LineMatcher", () => {
  it("finds exactly the lines a line-by-line search finds (hand-picked edge cases)", () => {
    fc.assert(
      fc.property(tricky, fc.boolean(), texts, (pattern, ignoreCase, text) => {
        expect(viaMatcher(pattern, ignoreCase, text), `${pattern} on ${JSON.stringify(text)}`).toEqual(naive(pattern, ignoreCase, text));
      }),
      { numRuns: 3000 },
    );
  });

  it("finds exactly the lines a line-by-line search finds (generated regexes)", () => {
    fc.assert(
      fc.property(regexSample, fc.boolean(), texts, fc.boolean(), (sample, ignoreCase, noise, embed) => {
        const text = embed ? `${noise}\n${sample.text}\n${noise}` : noise;
        expect(viaMatcher(sample.source, ignoreCase, text), sample.source).toEqual(naive(sample.source, ignoreCase, text));
      }),
      { numRuns: 2000 },
    );
  });

  it("stops when told to", () => {
    const seen: number[] = [];
    new LineMatcher("a", false).forEachLine("a\na\na\n", (start) => {
      seen.push(start);
      return seen.length < 2;
    });
    expect(seen).toEqual([0, 2]);
  });
});
