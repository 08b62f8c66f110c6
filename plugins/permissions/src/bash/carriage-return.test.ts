import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import { readPermissions } from "../settings-files.ts";
import { analyseBash } from "./analyse.ts";
import { commandsRunByBash } from "./testing/bash-oracle.ts";

/**
 * Carriage returns and here-documents, decided by bash itself (testing/bash-oracle.ts): each command a generated
 * text runs is logged by name (CR included). The analysis must see exactly those commands, and a deny rule must fire exactly when
 * bash would run the denied command: no command hidden behind a CR, none invented by one.
 */
const context = { cwd: "/work/proj", homeDir: "/home/ada", env: {} };
const sandbox = mkdtempSync(path.join(tmpdir(), "maia-cr-oracle-"));
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

let runs = 0;
const ranByBash = (command: string) => commandsRunByBash(command, sandbox, `log-${runs++}`);

async function seenByMaia(command: string): Promise<{ names: string[]; parseError: boolean }> {
  const analysis = await analyseBash(command, context);
  return {
    names: analysis.commands.filter((entry) => entry.words.length > 0).map((entry) => entry.words[0]?.value ?? "?"),
    // The views known to differ, each already a reason to ask: a parse error, and a newline tree-sitter glued to
    // the next word (`rm x\n\\y`, whatever the CRs), which the analysis reports as a separator inside a word.
    parseError: analysis.uncertain.some((finding) => finding.code === "parse-error" || (finding.code === "separator" && finding.text === "\\n")),
  };
}

const RULES = readPermissions({ allow: ["Bash(cat *)", "Bash(ls *)", "Bash(ls)"], deny: ["Bash(rm)", "Bash(rm *)"] }, "cr").rules;
const decide = async (command: string) => (await evaluate(RULES, "Bash", { command }, context)).verdict.decision;

describe("a carriage return is part of a word, as bash reads it", () => {
  it.each([
    ["ls x \r# c; rm -rf y", ["ls", "rm"], "deny"],
    ["x=1\rrm y", ["y"], "ask"],
    ["rm\r -rf y", ["rm\r"], "ask"],
    ["ls \r#\rrm y", ["ls"], "ask"],
    ["# note\r; rm y", [], "ask"],
    ["ls #\r; rm y", ["ls"], "allow"],
  ] as const)("%j runs %j (bash agrees), decided %s", async (command, names, decision) => {
    expect(ranByBash(command)).toEqual(names);
    expect((await seenByMaia(command)).names).toEqual(names);
    expect(await decide(command)).toBe(decision);
  });

  it("CR inside, before and after words, assignments and comments: the analysis sees what bash runs, and deny fires exactly when bash runs rm (property)", async () => {
    const word = fc.constantFrom("rm", "ls", "cat", "x", "y", "a=1", "#", "# c", "-rf", "'q\r'", '"q\r"', "\\\r");
    const blank = fc.constantFrom(" ", "\r", " \r", "\r ", "\r\r");
    const separator = fc.constantFrom("; ", ";", "\n", "\r\n", " ;\r", "\r;", "\n\r");
    const simple = fc
      .array(fc.tuple(word, blank), { minLength: 1, maxLength: 4 })
      .map((parts) => parts.map(([text, space]) => `${text}${space}`).join(""));
    const script = fc.array(fc.tuple(simple, separator), { minLength: 1, maxLength: 3 }).map((parts) => parts.map(([text, end]) => `${text}${end}`).join(""));
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(script, async (command) => {
        const bash = ranByBash(command);
        const maia = await seenByMaia(command);
        const decision = await decide(command);
        if (bash.includes("rm")) expect(decision, JSON.stringify(command)).toBe("deny");
        if (maia.parseError) return;
        checked += 1;
        expect(maia.names, JSON.stringify(command)).toEqual(bash);
        if (!bash.includes("rm")) expect(decision, JSON.stringify(command)).not.toBe("deny");
      }),
      { numRuns: 250 },
    );
    expect(checked).toBeGreaterThan(120);
  }, 120_000);
});

describe("a quoted here-document is data", () => {
  it("operators, command-like lines and a would-be terminator followed by blanks do not make cat ask (property, bash agrees)", async () => {
    const line = fc.constantFrom("rm -rf x", "a && b", "| c", "; d > e", "$(rm y)", "`rm y`", "EOF  ", "EOF\t", " EOF", "EOF;", "EOFX", "EOF\r", "'EOF'", "\"EOF\"", "x <<EOF");
    const opening = fc.constantFrom("<<'EOF'", '<<"EOF"', "<<\\EOF", "<< 'EOF'", "<<-'EOF'");
    const heredoc = fc.tuple(opening, fc.array(line, { maxLength: 6 }), fc.constantFrom("", "\n")).map(([open, lines, tail]) => `cat ${open}\n${lines.map((text) => `${text}\n`).join("")}EOF${tail}`);
    await fc.assert(
      fc.asyncProperty(heredoc, async (command) => {
        expect(ranByBash(command), JSON.stringify(command)).toEqual(["cat"]);
        expect((await seenByMaia(command)).names, JSON.stringify(command)).toEqual(["cat"]);
        expect(await decide(command), JSON.stringify(command)).toBe("allow");
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it("an unquoted here-document still runs its substitutions, after a would-be terminator too", async () => {
    const command = "cat <<EOF\nfoo\nEOF  \n$(rm y)\nEOF\n";
    expect(ranByBash(command)).toEqual(["rm", "cat"]);
    expect(await decide(command)).toBe("deny");
  });
});
