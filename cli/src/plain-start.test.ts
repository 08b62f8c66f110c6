import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCliArgs, splitAtSubcommand } from "./args.ts";
import { isPlainInteractiveStart, isPrintWord } from "./plain-start.ts";
import { t } from "./messages.ts";
import { startsInteractive } from "./interactive/early-screen.ts";

/** main.ts's answer: the full parse, a refused command line being no interactive start. */
function fullParse(argv: string[]): boolean {
  try {
    return startsInteractive(parseCliArgs(splitAtSubcommand(argv).own, t));
  } catch {
    return false;
  }
}

const WORDS = ["--model", "-m", "--resume", "-c", "--continue", "--strict-plugins", "gpt-5", "hub", "plugins", "abc", "-x", "--", "-p", "--print", "--help", "-h",
  "--version", "--subagent", "--permission-mode", "plan", "--allow", "--json", "-cm", "--model=gpt", "--model=", "--resume=-1", "--model=-x", "", "-", "--max-iterations", "3", "=", "--unknown"];

describe("the plain interactive command lines, recognised without parseArgs", () => {
  it("answers only what the full parse answers, for any command line", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 6 })), { maxLength: 6 }), (argv) => {
        if (isPlainInteractiveStart(argv)) expect(fullParse(argv), JSON.stringify(argv)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it("recognises the usual starts, and leaves the rest to the full parse", () => {
    for (const argv of [[], ["--model", "gpt-5"], ["-m", "hub"], ["--resume", "abc", "-c"], ["--strict-plugins"], ["--model=gpt"]]) {
      expect(isPlainInteractiveStart(argv), argv.join(" ")).toBe(true);
    }
    for (const argv of [["hub"], ["-p", "hi"], ["--model"], ["--model", "-x"], ["--permission-mode", "plan"], ["-cm", "x"], ["--"], ["--model="]]) {
      expect(isPlainInteractiveStart(argv), argv.join(" ")).toBeUndefined();
    }
  });
});

describe("a print run's word, recognised without parseArgs", () => {
  it("is a print run exactly when the full parse says so, for grouped short options and the usual words", () => {
    const word = fc.oneof(
      fc.constantFrom("-p", "--print", "-c", "-h", "--help", "--model", "-m", "--subagent", "hub", "prompt"),
      fc.array(fc.constantFrom("c", "h", "p", "m"), { minLength: 1, maxLength: 4 }).map((letters) => `-${letters.join("")}`),
    );
    fc.assert(
      fc.property(word, (first) => {
        // The word alone, then followed by a prompt: a value-taking option takes it, a print run keeps it as the prompt.
        for (const argv of [[first], [first, "say hi"]]) {
          let print: boolean;
          try {
            print = parseCliArgs(splitAtSubcommand(argv).own, t).print;
          } catch {
            continue; // a usage error: no run at all, whatever the command guesses
          }
          if (isPrintWord(first) !== print) return false;
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });
});
