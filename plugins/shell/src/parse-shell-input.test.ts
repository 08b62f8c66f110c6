import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseShellInput, quoteShellCommand } from "./parse-shell-input.ts";

describe("parseShellInput: every line of the seed's table (§ 11.2)", () => {
  it("runs everything after ! when there is no quote", () => {
    expect(parseShellInput("!ls -la")).toEqual({ kind: "command", command: "ls -la" });
  });

  it("runs the text between single quotes", () => {
    expect(parseShellInput("!'ls -la'")).toEqual({ kind: "command", command: "ls -la" });
  });

  it("runs the quoted text followed by what comes after the quote", () => {
    expect(parseShellInput("!'ls' -la src")).toEqual({ kind: "command", command: "ls -la src" });
  });

  it("reads \\' inside quotes as a literal single quote", () => {
    expect(parseShellInput(`!'echo "l\\'ami"'`)).toEqual({ kind: "command", command: `echo "l'ami"` });
  });

  it("refuses an unclosed quote and says where it opened", () => {
    expect(parseShellInput("!'ls -la")).toEqual({ kind: "unclosed_quote", column: 2 });
    expect(parseShellInput("!   'ls")).toEqual({ kind: "unclosed_quote", column: 5 });
    // An escaped quote does not close the command.
    expect(parseShellInput("!'ls \\'")).toEqual({ kind: "unclosed_quote", column: 2 });
  });

  it("asks for help on ! alone", () => {
    expect(parseShellInput("!")).toEqual({ kind: "help" });
    expect(parseShellInput("!   ")).toEqual({ kind: "help" });
    expect(parseShellInput("!''")).toEqual({ kind: "help" });
  });
});

describe("parseShellInput: details", () => {
  it("keeps backslashes other than \\' as typed inside quotes", () => {
    expect(parseShellInput(`!'printf "a\\nb"'`)).toEqual({ kind: "command", command: `printf "a\\nb"` });
  });

  it("leaves an unquoted command untouched, quotes and escapes included", () => {
    expect(parseShellInput(`!echo "l'ami" \\' done`)).toEqual({ kind: "command", command: `echo "l'ami" \\' done` });
  });

  it("ignores spaces between ! and the command, and around it", () => {
    expect(parseShellInput("!  git status  ")).toEqual({ kind: "command", command: "git status" });
    expect(parseShellInput("! 'ls' -la")).toEqual({ kind: "command", command: "ls -la" });
  });

  it("keeps a multi-line command (pasted script) as one command", () => {
    expect(parseShellInput("!for f in a b\ndo echo $f\ndone")).toEqual({ kind: "command", command: "for f in a b\ndo echo $f\ndone" });
  });
});

const notBlank = fc.string({ minLength: 1 }).filter((text) => text.trim() !== "");

describe("parseShellInput: properties", () => {
  it("never throws, whatever the line", () => {
    fc.assert(
      fc.property(fc.string(), (line) => {
        const parsed = parseShellInput(`!${line}`);
        expect(["help", "command", "unclosed_quote"]).toContain(parsed.kind);
      }),
    );
  });

  it("runs an unquoted command exactly as typed (trimmed)", () => {
    fc.assert(
      fc.property(notBlank.filter((text) => !text.trimStart().startsWith("'")), (command) => {
        expect(parseShellInput(`!${command}`)).toEqual({ kind: "command", command: command.trim() });
      }),
    );
  });

  it("gives back any command written in the quoted form (no final backslash)", () => {
    fc.assert(
      fc.property(notBlank.filter((text) => !text.endsWith("\\")), (command) => {
        expect(parseShellInput(quoteShellCommand(command))).toEqual({ kind: "command", command: command.trim() });
      }),
    );
  });

  it("appends what follows the closing quote", () => {
    fc.assert(
      fc.property(notBlank.filter((text) => !text.endsWith("\\")), fc.string(), (quoted, after) => {
        const parsed = parseShellInput(`${quoteShellCommand(quoted)}${after}`);
        const expected = (quoted + after).trim();
        expect(parsed).toEqual(expected === "" ? { kind: "help" } : { kind: "command", command: expected });
      }),
    );
  });

  it("runs nothing when the quote never closes", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const open = `!'${text.replaceAll("'", "\\'")}`;
        expect(parseShellInput(open)).toEqual({ kind: "unclosed_quote", column: 2 });
      }),
    );
  });
});
