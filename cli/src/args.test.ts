import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseCliArgs, splitAtSubcommand, UsageError } from "./args.ts";
import { t } from "./messages.ts";

describe("splitAtSubcommand", () => {
  it("hands a plugin's subcommand its own options untouched", () => {
    expect(splitAtSubcommand(["permissions", "check", "--settings", "f.json", "Bash", "ls"])).toEqual({
      own: ["permissions"],
      rest: ["check", "--settings", "f.json", "Bash", "ls"],
    });
    expect(splitAtSubcommand(["--model", "m", "mcp-tool", "--x"])).toEqual({ own: ["--model", "m", "mcp-tool"], rest: ["--x"] });
    expect(splitAtSubcommand(["acp", "--model", "m"]).rest).toEqual([]);
    expect(splitAtSubcommand(["--", "permissions", "check", "--json"])).toEqual({ own: ["permissions"], rest: ["check", "--json"] });
  });

  it("does not split a prompt, nor the plugins command that maia parses itself", () => {
    expect(splitAtSubcommand(["-p", "fix", "--this"]).rest).toEqual([]);
    expect(splitAtSubcommand(["plugins", "list", "--json"]).rest).toEqual([]);
  });

  it("keeps every word: own and rest together are the command line", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom("-p", "--model", "m", "plugins", "permissions", "--", "--json", "x", "-m")), (argv) => {
        const { own, rest } = splitAtSubcommand(argv);
        expect([...own, ...rest].filter((word) => word !== "--")).toEqual(argv.filter((word) => word !== "--").slice(0, own.filter((w) => w !== "--").length + rest.length));
      }),
    );
  });
});

describe("parseCliArgs", () => {
  it("rejects an unknown option and a bad output format as usage errors", () => {
    expect(() => parseCliArgs(["--nope"], t)).toThrow(UsageError);
    expect(() => parseCliArgs(["-p", "x", "--output-format", "xml"], t)).toThrow(UsageError);
  });

  it("reads repeatable --allow rules and the prompt words", () => {
    const args = parseCliArgs(["-p", "do", "it", "--allow", "Bash(ls)", "--allow", "Read"], t);
    expect(args.allow).toEqual(["Bash(ls)", "Read"]);
    expect(args.positionals).toEqual(["do", "it"]);
  });
});
