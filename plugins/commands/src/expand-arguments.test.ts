import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { expandArguments, splitArguments } from "./expand-arguments.ts";

describe("expandArguments", () => {
  it("replaces $ARGUMENTS by the whole line and $1…$9 by its words", () => {
    expect(expandArguments("Review $ARGUMENTS now", "  src/a.ts src/b.ts ")).toBe("Review src/a.ts src/b.ts now");
    expect(expandArguments("Fix issue #$1 with priority $2 ($3)", '123 high "needs tests"')).toBe("Fix issue #123 with priority high (needs tests)");
  });

  it("makes a missing word empty and leaves $0, $10's second digit and $OTHER as written", () => {
    expect(expandArguments("[$1][$2] $0 $OTHER", "one")).toBe("[one][] $0 $OTHER");
    expect(expandArguments("$10", "a")).toBe("a0");
  });

  it("appends the arguments on an ARGUMENTS: line when the body names no placeholder", () => {
    expect(expandArguments("Write tests.\n", "for parser.ts")).toBe("Write tests.\n\nARGUMENTS: for parser.ts");
    expect(expandArguments("Write tests.", "  ")).toBe("Write tests.");
  });

  it("never substitutes inside what was substituted (one pass)", () => {
    expect(expandArguments("A: $ARGUMENTS / one: $1", "$1 $ARGUMENTS")).toBe("A: $1 $ARGUMENTS / one: $1");
  });

  it("keeps any argument text exactly (property)", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (prefix, args) => {
        const body = `${prefix.replace(/\$/g, "")}<$ARGUMENTS>`;
        expect(expandArguments(body, args)).toBe(`${prefix.replace(/\$/g, "")}<${args.trim()}>`);
      }),
    );
  });

  it("a body without placeholder is kept and the arguments follow it (property)", () => {
    fc.assert(
      fc.property(fc.string().filter((body) => !body.includes("$")), fc.string(), (body, args) => {
        const out = expandArguments(body, args);
        if (args.trim() === "") expect(out).toBe(body);
        else expect(out.endsWith(`ARGUMENTS: ${args.trim()}`)).toBe(true);
      }),
    );
  });
});

describe("splitArguments", () => {
  it("splits on blanks, groups quotes, drops the quotes", () => {
    expect(splitArguments(`a  "b c" 'd e' f"g h"i`)).toEqual(["a", "b c", "d e", "fg hi"]);
    expect(splitArguments(`"say \\"hi\\"" end`)).toEqual(['say "hi"', "end"]);
    expect(splitArguments(`"unclosed rest`)).toEqual(["unclosed rest"]);
    expect(splitArguments(`""`)).toEqual([""]);
  });

  it("round-trips words written in double quotes (property)", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", " ", "\t", "'", '"', "\\", "$", "é") });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 8 }), (words) => {
        const line = words.map((w) => `"${w.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(" ");
        expect(splitArguments(line)).toEqual(words);
      }),
    );
  });

  it("never throws and never yields a word with a blank unless quoted (property)", () => {
    fc.assert(
      fc.property(fc.string(), (line) => {
        const words = splitArguments(line);
        if (!/["']/.test(line)) expect(words).toEqual(line.split(/\s+/).filter((w) => w !== ""));
      }),
    );
  });
});
