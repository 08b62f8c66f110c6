import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { evaluate } from "../evaluate.ts";
import type { Rule } from "../rule-syntax.ts";
import { readPermissions } from "../settings-files.ts";
import { commandsRunByBash } from "./testing/bash-oracle.ts";

const context = { cwd: "/work/proj", homeDir: "/home/ada", env: {} };
const rulesOf = (lists: { allow?: string[]; ask?: string[]; deny?: string[] }): Rule[] => readPermissions(lists, "properties").rules;
const decide = async (rules: Rule[], command: string) => (await evaluate(rules, "Bash", { command }, context)).verdict.decision;
const uncertainty = async (rules: Rule[], command: string) => (await evaluate(rules, "Bash", { command }, context)).bash?.uncertain ?? [];

/** A random composition of simple commands; `covered` says whether every leaf is allowed by the rules. */
interface Composition {
  text: string;
  covered: boolean;
}

const COVERED = ["git status", "npm test", "ls -la", "echo hi", "cat README.md", "grep -n x file", "npm test -- --ci"];
const UNCOVERED = ["make", "python3 x.py", "git commit -m x", "node app.js", "tee out.txt", "npm install"];
const ALLOW = rulesOf({ allow: ["Bash(git status)", "Bash(npm test *)", "Bash(ls *)", "Bash(echo *)", "Bash(cat *)", "Bash(grep *)"] });

const leaf = fc.oneof(
  fc.constantFrom(...COVERED).map((text): Composition => ({ text, covered: true })),
  fc.constantFrom(...UNCOVERED).map((text): Composition => ({ text, covered: false })),
);

function composition(inner: fc.Arbitrary<Composition>): fc.Arbitrary<Composition> {
  const { tree } = fc.letrec<{ tree: Composition }>((tie) => ({
    tree: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      inner,
      fc.tuple(tie("tree"), fc.constantFrom(" && ", " || ", "; ", " | ", "\n", " & ", " |& "), tie("tree")).map(([a, op, b]) => ({
        text: `${a.text}${op}${b.text}`,
        covered: a.covered && b.covered,
      })),
      // `( (a) )` with blanks: `((` would start arithmetic, for bash as for the parser.
      tie("tree").map((a) => ({ text: `( ${a.text} )`, covered: a.covered })),
      tie("tree").map((a) => ({ text: `{ ${a.text}; }`, covered: a.covered })),
      tie("tree").map((a) => ({ text: `! ${a.text}`, covered: a.covered })),
      fc.tuple(tie("tree"), tie("tree")).map(([a, b]) => ({ text: `if ${a.text}; then ${b.text}; fi`, covered: a.covered && b.covered })),
      fc.tuple(tie("tree"), tie("tree")).map(([a, b]) => ({ text: `while ${a.text}; do ${b.text}; done`, covered: a.covered && b.covered })),
      tie("tree").map((a) => ({ text: `for v in 1 2; do ${a.text}; done`, covered: a.covered })),
      tie("tree").map((a) => ({ text: `case x in x) ${a.text};; esac`, covered: a.covered })),
    ),
  }));
  return tree;
}

describe("properties of the Bash decision (fast-check)", () => {
  it("a composition is allowed only when every part is covered, and then unless the parse is doubtful", async () => {
    let doubtful = 0;
    await fc.assert(
      fc.asyncProperty(composition(leaf), async ({ text, covered }) => {
        const decision = await decide(ALLOW, text);
        if (!covered) {
          expect(decision).toBe("ask");
        } else if (decision !== "allow") {
          // tree-sitter misreads a few valid forms (`! { a; }`): those are asked, never allowed.
          expect(decision).toBe("ask");
          expect(await uncertainty(ALLOW, text)).not.toEqual([]);
          doubtful += 1;
        }
      }),
      { numRuns: 300 },
    );
    expect(doubtful).toBeLessThan(60);
  });

  /** Ways to bury `rm -rf x` in a command: the deny rule must find it in every one. */
  const buried = fc.constantFrom(
    "rm -rf x",
    "echo $(rm -rf x)",
    "echo `rm -rf x`",
    "cat <(rm -rf x)",
    "sudo rm -rf x",
    "timeout 5 rm -rf x",
    "nice -n 1 rm -rf x",
    "env A=1 rm -rf x",
    "ls | xargs rm -rf x",
    "find . -exec rm -rf x \\;",
    "sh -c 'rm -rf x'",
    'bash -c "ls; rm -rf x"',
    "eval 'rm -rf x'",
    "FOO=1 rm -rf x",
    "'r'm -rf x",
    "\\rm -rf x",
    "/bin/rm -rf x",
    "$'\\x72m' -rf x",
    "f() { rm -rf x; }",
    "x=$(rm -rf x)",
    "cat <<EOF\n$(rm -rf x)\nEOF\n",
    // tree-sitter reads what follows `==` in a command as a regular expression (the oracle below found it).
    "echo ==;rm -rf x }",
  );

  it("a deny anywhere in the tree always wins", async () => {
    const deny = [...ALLOW, ...rulesOf({ deny: ["Bash(rm *)"] })];
    let unparsed = 0;
    await fc.assert(
      fc.asyncProperty(composition(fc.oneof(leaf, buried.map((text): Composition => ({ text, covered: false })))), buried, fc.boolean(), async (tree, hidden, first) => {
        const text = first ? `${hidden}; ${tree.text}` : `${tree.text} && ${hidden}`;
        const result = await evaluate(deny, "Bash", { command: text }, context);
        if (result.verdict.decision === "deny") return;
        // tree-sitter cannot read a few valid forms (`! case …`): what it cannot read is asked, never allowed.
        expect(result.verdict.decision).toBe("ask");
        expect(result.bash?.uncertain).not.toEqual([]);
        unparsed += 1;
      }),
      { numRuns: 300 },
    );
    expect(unparsed).toBeLessThan(30);
  });

  it("an ask anywhere in the tree wins over any allow", async () => {
    const ask = [...ALLOW, ...rulesOf({ ask: ["Bash(rm *)"], allow: ["Bash(rm *)", "Bash"] })];
    await fc.assert(
      fc.asyncProperty(composition(leaf), buried, async (tree, hidden) => {
        expect(await decide(ask, `${tree.text} || ${hidden}`)).toBe("ask");
      }),
      { numRuns: 200 },
    );
  });

  it("random text never yields allow without a matching rule", async () => {
    const otherTools = rulesOf({ allow: ["Read(**)", "WebFetch(domain:*)", "Skill(*)", "Write"] });
    const text = fc.oneof(fc.string({ unit: "binary", maxLength: 200 }), fc.string({ unit: "grapheme-ascii", maxLength: 200 }));
    await fc.assert(
      fc.asyncProperty(text, async (command) => {
        expect(await decide(otherTools, command)).not.toBe("allow");
      }),
      { numRuns: 500 },
    );
  });
});

/**
 * The strongest check: real bash. Random shell-ish text is decided under `Bash(echo *)` only; whenever it is
 * allowed, bash runs it in an empty folder with every builtin but `echo` disabled and no PATH, so that any
 * other command it would run (builtin or program) is logged (testing/bash-oracle.ts). An allowed text must run
 * nothing but echo and create no file.
 */
describe("allowed means only what the rules say, checked by running bash", () => {
  const sandboxes: string[] = [];
  afterAll(() => {
    for (const folder of sandboxes) rmSync(folder, { recursive: true, force: true });
  });

  const TOKENS = [
    "echo", "echo", "rm", "ls", " ", " ", " ", ";", "&&", "||", "|", "&", "\n", "\r", "\t", "$(", ")", "(", "`", "'", '"', "\\",
    "$IFS", "${IFS}", "$x", "${x@P}", "$((", "))", "{a,b}", "*", "~", ">", ">>", "2>&1", ">&2", "out", "$'\\x72m'", "$'\\n'",
    "eval", "x=1", "#", "<<<", "<(", "sh -c ", "e", "cho", "r", "m", "$'", "$", "{", "}", "!", "if", "then", "fi", "a",
    "2", "1", "<", ">|", "&>", "<<EOF\n", "\nEOF\n", "-", "=", "\\\n", "\f", "\v", '$"', "[[", "]]", "((", "case", "in",
    "esac", "do", "done", "for", "while", ";;", "function", "time", "exec", "command", "xargs", "env", "$@", '"$(', "${",
    "a[", "]", "@P", "!x", "\u00a0", "\u2028", "==", "=~", "!=", "-eq",
  ];
  // Mostly echo commands with hostile arguments and separators, so that many texts are allowed and run.
  const token = fc.constantFrom(...TOKENS);
  const echo = fc.array(token, { maxLength: 4 }).map((tokens) => `echo ${tokens.join("")}`);
  const shellish = fc.array(fc.oneof({ weight: 4, arbitrary: echo }, { weight: 1, arbitrary: token }), { minLength: 1, maxLength: 8 }).chain((parts) =>
    fc.array(fc.constantFrom("; ", " && ", " | ", "\n", " ", ""), { minLength: parts.length, maxLength: parts.length }).map((separators) =>
      parts.map((part, index) => `${part}${separators[index] ?? ""}`).join(""),
    ),
  );
  const rules = rulesOf({ allow: ["Bash(echo *)"] });
  // Inert builtins need no rule; the transparent wrappers run the echo they wrap (seed § 9.4 decision (b)).
  const PERMITTED = new Set(["true", "false", ":", "env", "timeout", "nice", "nohup", "time"]);

  // Texts parsed per run of the suite (about one in twelve is allowed, then run by bash: some 500): each run draws new ones, so
  // the suite's runs add up; MAIA_PROPERTY_RUNS raises it for a longer soak.
  const ORACLE_RUNS = Number(process.env.MAIA_PROPERTY_RUNS ?? 6_000);

  it("an allowed text runs only echo and writes no file", async () => {
    let allowed = 0;
    await fc.assert(
      fc.asyncProperty(shellish, async (command) => {
        if ((await decide(rules, command)) !== "allow") return;
        allowed += 1;
        const sandbox = mkdtempSync(path.join(tmpdir(), "maia-oracle-"));
        sandboxes.push(sandbox);
        const ran = commandsRunByBash(command, sandbox).filter((name) => name !== "" && !PERMITTED.has(name));
        expect(ran, `${JSON.stringify(command)} ran other commands`).toEqual([]);
        expect(readdirSync(sandbox).filter((name) => name !== ".log"), `${JSON.stringify(command)} wrote files`).toEqual([]);
      }),
      { numRuns: ORACLE_RUNS },
    );
    expect(allowed).toBeGreaterThan(20);
  }, 120_000);
});

/**
 * The same with `cd` and `Redirect(out/**)` allowed: whatever an allowed text writes must land under out/
 * of the launch folder, however it moves around with cd first.
 */
describe("allowed redirections land where the Redirect rules say, checked by running bash", () => {
  const parents: string[] = [];
  afterAll(() => {
    for (const folder of parents) rmSync(folder, { recursive: true, force: true });
  });
  const TOKENS = [
    "echo x", "echo x", "cd out", "cd sub", "cd ..", "cd -", "cd ~", "cd $D", "cd 'out'", "cd o\\ut", "cd ./sub/../out",
    " > f", " >> f", " > out/f", " > ../f", " > sub/f", " 2>&1", " &> f", " >& f", " > $F", " > /dev/null", " >out/g",
    "; ", " && ", " || ", " | ", "\n", " ", "(", ")", "{ ", "; }", "x=1 ", "$'\\x6fut'", "\"out\"", "/", "f",
  ];
  const shellish = fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 10 }).map((tokens) => tokens.join(""));

  it("an allowed text writes files only under out/", async () => {
    let allowed = 0;
    await fc.assert(
      fc.asyncProperty(shellish, async (command) => {
        const parent = mkdtempSync(path.join(tmpdir(), "maia-oracle-cd-"));
        parents.push(parent);
        const sandbox = path.join(parent, "box");
        for (const folder of ["box", "box/out", "box/sub", "box/out/sub"]) mkdirSync(path.join(parent, folder));
        const rules = rulesOf({ allow: ["Bash(echo *)", "Bash(cd *)", "Redirect(out/**)"] });
        const verdict = await evaluate(rules, "Bash", { command }, { cwd: sandbox, homeDir: sandbox, env: {} });
        if (verdict.verdict.decision !== "allow") return;
        allowed += 1;
        spawnSync("/bin/bash", ["--norc", "--noprofile", "-c", command], {
          cwd: sandbox,
          env: { PATH: path.join(sandbox, "no-such-folder"), HOME: sandbox },
          timeout: 3_000,
          stdio: "ignore",
        });
        const written = filesUnder(parent).filter((file) => !file.startsWith(`box${path.sep}out${path.sep}`));
        expect(written, `${JSON.stringify(command)} wrote outside out/`).toEqual([]);
      }),
      { numRuns: 1500 },
    );
    expect(allowed).toBeGreaterThan(20);
  }, 120_000);
});

function filesUnder(root: string, prefix = ""): string[] {
  return readdirSync(path.join(root, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    return entry.isDirectory() ? filesUnder(root, relative) : [relative];
  });
}
