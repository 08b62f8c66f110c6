import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandWords, placeholdersOf, splitCommandLine, type Word } from "./command-line.ts";

function words(line: string): Word[] {
  const split = splitCommandLine(line);
  if (!split.ok) throw new Error(`refused: ${line}`);
  return split.words;
}

/** How a person would quote an argument in a run line. */
function quote(argument: string): string {
  if (!argument.includes("'")) return `'${argument}'`;
  return `"${argument.replace(/["\\]/g, "\\$&")}"`;
}

/** Arguments without `{{`, which would be placeholders. */
const literal = fc.string({ maxLength: 20 }).filter((text) => !text.includes("{{"));

describe("splitCommandLine", () => {
  it("splits on blanks and keeps quoted text whole", () => {
    expect(expandWords(words(`node ./test.js 'a b' "c d" e\\ f`), {})).toEqual(["node", "./test.js", "a b", "c d", "e f"]);
    expect(expandWords(words(`echo '' ""`), {})).toEqual(["echo", "", ""]);
    expect(expandWords(words(`echo "say \\"hi\\"" 'it''s'`), {})).toEqual(["echo", 'say "hi"', "its"]);
    expect(expandWords(words("tool C:\\bin\\x.exe"), {})).toEqual(["tool", "C:\\bin\\x.exe"]);
    expect(words("   ")).toEqual([]);
  });

  it("finds placeholders, spaces inside the braces allowed, in quotes too", () => {
    const split = words(`node ./t.js {{a}} --n={{ b }} "x {{c}}"`);
    expect(placeholdersOf(split)).toEqual(["a", "b", "c"]);
    expect(expandWords(split, { a: "1", b: "2", c: "3" })).toEqual(["node", "./t.js", "1", "--n=2", "x 3"]);
  });

  it("refuses an unclosed quote and says where it opens", () => {
    expect(splitCommandLine(`node 'oops`)).toEqual({ ok: false, problem: "unclosedQuote", quote: "'", column: 6 });
    expect(splitCommandLine(`a "b \\" c`)).toMatchObject({ ok: false, quote: '"', column: 3 });
  });

  it("gives back any list of quoted arguments, whatever they contain", () => {
    fc.assert(
      fc.property(fc.array(literal, { minLength: 1, maxLength: 6 }), (args) => {
        expect(expandWords(words(args.map(quote).join(" ")), {})).toEqual(args);
      }),
    );
  });

  it("keeps each value one argument, whatever it contains (no injection)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }), { minLength: 1, maxLength: 5 }), (values) => {
        const names = values.map((_, index) => `p${index}`);
        const line = `prog ${names.map((name) => `{{${name}}}`).join(" ")}`;
        const expanded = expandWords(words(line), Object.fromEntries(names.map((name, index) => [name, values[index] ?? ""])));
        expect(expanded).toEqual(["prog", ...values]);
      }),
    );
  });

  it("never throws, whatever the line", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (line) => {
        const split = splitCommandLine(line);
        if (split.ok) for (const word of split.words) expect(word.length).toBeGreaterThan(0);
        else expect(split.column).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});
