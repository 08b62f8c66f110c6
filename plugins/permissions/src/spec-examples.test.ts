import { setActiveLocale } from "@maia/kernel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "./evaluate.ts";
import type { Rule } from "./rule-syntax.ts";
import { readPermissions } from "./settings-files.ts";

/** Seed §§ 9.3–9.4, sentence by sentence. */
beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

const context = { cwd: "/work/proj", homeDir: "/home/ada", env: {} };
const rulesOf = (lists: { allow?: string[]; ask?: string[]; deny?: string[] }): Rule[] => readPermissions(lists, "settings.json").rules;
const bash = async (rules: Rule[], command: string) => (await evaluate(rules, "Bash", { command }, context)).verdict.decision;

describe("§ 9.3 Bash: `*` is any sequence; `cmd *` covers cmd with or without arguments (not cmdx); without `*`, the exact command", () => {
  const rules = rulesOf({ allow: ["Bash(npm test *)", "Bash(git status)", "Bash(make*)"] });
  it.each([
    ["npm test", "allow"],
    ["npm test --ci", "allow"],
    ["npm testx", "ask"],
    ["git status", "allow"],
    ["git status -s", "ask"],
    ["make", "allow"],
    ["makefile-tool x", "allow"],
  ] as const)("%j → %s", async (command, expected) => {
    expect(await bash(rules, command)).toBe(expected);
  });
});

describe("§ 9.3 other tools", () => {
  it("path tools: the path, relative to the launch folder, glob patterns", async () => {
    const rules = rulesOf({ allow: ["Write(src/**/*.ts)"] });
    expect((await evaluate(rules, "Write", { path: "src/a/b.ts", content: "" }, context)).verdict.decision).toBe("allow");
    expect((await evaluate(rules, "Write", { path: "src/a/b.js", content: "" }, context)).verdict.decision).toBe("ask");
  });

  it("WebFetch: domain:host exact or with *; the bare domain does not cover its subdomains", async () => {
    const rules = rulesOf({ allow: ["WebFetch(domain:example.com)"] });
    expect((await evaluate(rules, "WebFetch", { url: "https://example.com/" }, context)).verdict.decision).toBe("allow");
    expect((await evaluate(rules, "WebFetch", { url: "https://sub.example.com/" }, context)).verdict.decision).toBe("ask");
  });

  it("Skill: the skill's name; other tools: a text value of the input, * accepted", async () => {
    expect((await evaluate(rulesOf({ allow: ["Skill(pdf)"] }), "Skill", { name: "pdf" }, context)).verdict.decision).toBe("allow");
    expect((await evaluate(rulesOf({ allow: ["lookup(issue-*)"] }), "lookup", { key: "issue-42" }, context)).verdict.decision).toBe("allow");
  });
});

describe("§ 9.4 compound commands", () => {
  const rules = rulesOf({ allow: ["Bash(ls *)", "Bash(echo *)", "Bash(cat *)"], deny: ["Bash(rm *)"], ask: ["Bash(git push *)"] });

  it("deny and ask apply as soon as one part matches: &&, ;, |, $(…), backticks, parentheses, redirections", async () => {
    for (const command of ["ls && rm x", "ls; rm x", "ls | rm x", "echo $(rm x)", "echo `rm x`", "(rm x)", "ls > $(rm x)"]) {
      expect(await bash(rules, command), command).toBe("deny");
    }
    for (const command of ["ls && git push", "echo `git push`", "(git push origin)"]) {
      expect(await bash(rules, command), command).toBe("ask");
    }
  });

  it("allow only applies when every part is covered", async () => {
    expect(await bash(rules, "ls && echo ok; cat a | cat")).toBe("allow");
    expect(await bash(rules, "ls && make")).toBe("ask");
  });

  it("an allow never covers a substitution: $(…), backticks, <(…), >(…)", async () => {
    for (const command of ["echo $(ls)", "echo `ls`", "cat <(ls)", "ls > >(cat)", "ls | cat >(cat)"]) {
      expect(await bash(rules, command), command).toBe("ask");
    }
  });
});

describe("§ 9.4 output redirections and Redirect rules", () => {
  const noRedirectRule = rulesOf({ allow: ["Bash(echo *)"] });

  it("quotes and backslashes are respected: no redirection inside them", async () => {
    expect(await bash(noRedirectRule, 'echo "a > b"')).toBe("allow");
    expect(await bash(noRedirectRule, "echo 'a >> b'")).toBe("allow");
    expect(await bash(noRedirectRule, "echo a\\>b")).toBe("allow");
  });

  it("duplications write no file: 2>&1, >&2, >&-", async () => {
    for (const command of ["echo x 2>&1", "echo x >&2", "echo x >&-", "echo x 1>&2 2>&1"]) {
      expect(await bash(noRedirectRule, command), command).toBe("allow");
    }
  });

  it("without any Redirect rule, every redirection to a file asks: 2>, &>, >>, >|, >&file", async () => {
    for (const command of ["echo x > f", "echo x 2> err.log", "echo x &> all.log", "echo x >> f", "echo x >| f", "echo x >&f"]) {
      expect(await bash(noRedirectRule, command), command).toBe("ask");
    }
  });

  it("allow: the command without its redirections must be covered, and each target by a Redirect allow", async () => {
    const rules = rulesOf({ allow: ["Bash(echo *)", "Redirect(logs/**)"] });
    expect(await bash(rules, "echo x > logs/a.log 2>&1")).toBe("allow");
    expect(await bash(rules, "echo x > logs/a.log 2> b.log")).toBe("ask");
    expect(await bash(rules, "make > logs/a.log")).toBe("ask");
    expect(await bash(rulesOf({ allow: ["Bash(echo *)", "Redirect"] }), "echo x > anything")).toBe("allow");
  });

  it("a dynamic target ($ * ? [ ] { }) is only covered by Redirect without a pattern", async () => {
    const patterned = rulesOf({ allow: ["Bash(echo *)", "Redirect(**)"] });
    const whole = rulesOf({ allow: ["Bash(echo *)", "Redirect"] });
    for (const target of ["$F", "a*", "a?", "[ab]", "{a,b}", "\"$F\""]) {
      expect(await bash(patterned, `echo x > ${target}`), target).toBe("ask");
      expect(await bash(whole, `echo x > ${target}`), target).toBe("allow");
    }
  });

  it("uncertain analysis asks: unclosed quote, missing target, >(…)", async () => {
    const whole = rulesOf({ allow: ["Bash(echo *)", "Redirect"] });
    for (const command of ['echo x > "unclosed', "echo x >", "echo x > >(cat)"]) {
      expect(await bash(whole, command), command).toBe("ask");
    }
  });

  it("deny and ask: a target matching a Redirect(pattern) suffices, whatever the command allowed", async () => {
    const rules = rulesOf({ allow: ["Bash", "Redirect"], deny: ["Redirect(.env)"], ask: ["Redirect(*.lock)"] });
    expect(await bash(rules, "echo x > .env")).toBe("deny");
    expect(await bash(rules, "ls 2> .env")).toBe("deny");
    expect(await bash(rules, "echo x >> package.lock")).toBe("ask");
    expect(await bash(rules, "echo x > notes.txt")).toBe("allow");
  });
});

describe("the rule a headless refusal suggests: the whole command line, exactly", () => {
  it("covers every part of that exact line, its literal redirect targets included", async () => {
    const rules = rulesOf({ allow: ["Bash(npm install && npm test > test.log)"], deny: ["Bash(rm *)"] });
    expect(await bash(rules, "npm install && npm test > test.log")).toBe("allow");
    expect(await bash(rules, "npm install && npm test > other.log")).toBe("ask");
    expect(await bash(rules, "npm install")).toBe("ask");
    expect(await bash(rulesOf({ allow: ["Bash(echo $(id))"] }), "echo $(id)")).toBe("ask");
    expect(await bash(rulesOf({ allow: ["Bash(echo x > $F)"] }), "echo x > $F")).toBe("ask");
    expect(await bash(rulesOf({ allow: ["Bash(ls && rm x)"], deny: ["Bash(rm *)"] }), "ls && rm x")).toBe("deny");
  });
});

describe("§ 9.2 / § 6.3: the verdict carries the rule the kernel quotes to the model", () => {
  it("names the deny rule", async () => {
    const result = await evaluate(rulesOf({ deny: ["Bash(rm *)"] }), "Bash", { command: "rm -rf /" }, context);
    expect(result.verdict).toEqual({ decision: "deny", rule: "Bash(rm *)", source: "settings.json" });
  });
});
