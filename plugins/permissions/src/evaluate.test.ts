import { setActiveLocale } from "@maia/kernel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluate } from "./evaluate.ts";
import type { Rule } from "./rule-syntax.ts";
import { readPermissions } from "./settings-files.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

const context = { cwd: "/work/proj", homeDir: "/home/ada", env: {} };
const rulesOf = (lists: { allow?: string[]; ask?: string[]; deny?: string[] }): Rule[] => {
  const { rules, warnings } = readPermissions(lists, "settings.json");
  expect(warnings).toEqual([]);
  return rules;
};
const decision = async (rules: Rule[], tool: string, input: Record<string, unknown>, schema?: Record<string, unknown>) =>
  (await evaluate(rules, tool, input, schema ? { ...context, inputSchema: schema } : context)).verdict.decision;

describe("evaluation order (seed § 9.2)", () => {
  it("asks for every tool when no rule applies, auto tools included", async () => {
    for (const [tool, input] of [
      ["Read", { path: "a.ts" }],
      ["Glob", { pattern: "**/*.ts" }],
      ["Grep", { pattern: "x" }],
      ["TodoWrite", { todos: [] }],
      ["CurrentModel", {}],
      ["Write", { path: "a.ts", content: "" }],
      ["Bash", { command: "ls" }],
      ["WebFetch", { url: "https://example.com" }],
      ["my_tool", { value: "x" }],
    ] as const) {
      const result = await evaluate([], tool, input, context);
      expect(result.verdict, tool).toEqual({ decision: "ask", reason: "no rule applies (without a rule, every tool use asks)" });
    }
  });

  it("deny, then ask, then allow, however precise the rules", async () => {
    expect(await decision(rulesOf({ allow: ["Read(src/a.ts)"], deny: ["Read(src/**)"] }), "Read", { path: "src/a.ts" })).toBe("deny");
    expect(await decision(rulesOf({ allow: ["Read(src/a.ts)"], ask: ["Read"] }), "Read", { path: "src/a.ts" })).toBe("ask");
    expect(await decision(rulesOf({ ask: ["Read(src/**)"], deny: ["Read(src/a.ts)"] }), "Read", { path: "src/a.ts" })).toBe("deny");
    expect(await decision(rulesOf({ allow: ["Read(src/**)"], deny: ["Read(src/secret/**)"] }), "Read", { path: "src/a.ts" })).toBe("allow");
  });

  it("names the rule and the file that decided", async () => {
    const result = await evaluate(rulesOf({ deny: ["Read(.env)"] }), "Read", { path: ".env" }, context);
    expect(result.verdict).toEqual({ decision: "deny", rule: "Read(.env)", source: "settings.json" });
    expect(result.rules).toEqual([{ rule: "Read(.env)", source: "settings.json" }]);
  });

  it("matches a custom tool's number values as text (seed § 10.3: Addition(5))", async () => {
    const schema = { type: "object", properties: { param1: { type: "number" }, param2: { type: "number" } } };
    expect(await decision(rulesOf({ allow: ["Addition(5)"] }), "Addition", { param1: 5, param2: 7 }, schema)).toBe("allow");
    expect(await decision(rulesOf({ allow: ["Addition(5)"] }), "Addition", { param1: 6, param2: 5 }, schema)).toBe("ask");
    expect(await decision(rulesOf({ deny: ["Addition(7)"] }), "Addition", { param1: 5, param2: 7 }, schema)).toBe("deny");
  });

  it("a rule without pattern covers every call of its tool only", async () => {
    const rules = rulesOf({ allow: ["TodoWrite", "CurrentModel"] });
    expect(await decision(rules, "TodoWrite", { todos: [] })).toBe("allow");
    expect(await decision(rules, "CurrentModel", {})).toBe("allow");
    expect(await decision(rules, "Read", { path: "x" })).toBe("ask");
  });

  it("any error inside the evaluation is ask, never allow", async () => {
    const hostile = Object.defineProperty({}, "path", {
      enumerable: true,
      get() {
        throw new Error("boom");
      },
    });
    const result = await evaluate(rulesOf({ allow: ["Read"] }), "Read", hostile as Record<string, unknown>, context);
    expect(result.verdict.decision).toBe("ask");
    expect(result.verdict.reason).toContain("boom");
    expect(result.error).toContain("boom");
    expect(await decision(rulesOf({ allow: ["Bash"] }), "Bash", { command: 42 })).toBe("ask");
  });
});

describe("path tools (seed § 9.3)", () => {
  const rules = rulesOf({ allow: ["Read(src/**)", "Write(src/**)", "Edit(*.md)", "Glob(**)", "Grep(src/**)", "Read(~/notes/**)"], deny: ["Read(**/.env)"] });

  it.each([
    ["Read", { path: "src/a.ts" }, "allow"],
    ["Read", { file_path: "src/deep/b.ts" }, "allow"],
    ["Read", { path: "/work/proj/src/a.ts" }, "allow"],
    ["Read", { path: "src/../../etc/passwd" }, "ask"],
    ["Read", { path: "/etc/passwd" }, "ask"],
    ["Read", { path: "~/notes/todo.md" }, "allow"],
    ["Read", { path: "src/.env" }, "deny"],
    ["Read", { path: "src/../.env" }, "deny"],
    ["Write", { path: "src/new.ts", content: "" }, "allow"],
    ["Write", { path: "package.json", content: "" }, "ask"],
    ["Edit", { path: "README.md", old_string: "a", new_string: "b" }, "allow"],
    ["Edit", { path: "docs/README.md", old_string: "a", new_string: "b" }, "ask"],
    ["Glob", { pattern: "**/*.ts" }, "allow"],
    ["Glob", { pattern: "*.ts", path: "src" }, "allow"],
    ["Glob", { pattern: "../../etc/*" }, "ask"],
    ["Glob", { pattern: "/etc/*" }, "ask"],
    ["Grep", { pattern: "TODO", path: "src" }, "allow"],
    ["Grep", { pattern: "TODO" }, "ask"],
    ["Write", { content: "no path" }, "ask"],
  ] as const)("%s %j → %s", async (tool, input, expected) => {
    expect(await decision(rules, tool, input)).toBe(expected);
  });
});

describe("WebFetch (seed § 9.3)", () => {
  const rules = rulesOf({ allow: ["WebFetch(domain:example.com)", "WebFetch(domain:*.docs.dev)"], deny: ["WebFetch(domain:evil.com)"] });
  it.each([
    ["https://example.com/a", "allow"],
    ["https://www.example.com/a", "ask"],
    ["https://api.docs.dev/x", "allow"],
    ["https://docs.dev/x", "ask"],
    ["https://evil.com/", "deny"],
    ["https://example.com@evil.com/", "deny"],
    ["not a url", "ask"],
  ] as const)("%s → %s", async (url, expected) => {
    expect(await decision(rules, "WebFetch", { url })).toBe(expected);
  });
});

describe("Skill and other tools (seed § 9.3)", () => {
  it("Skill rules match the skill's name", async () => {
    const rules = rulesOf({ allow: ["Skill(review-*)"], deny: ["Skill(deploy)"] });
    expect(await decision(rules, "Skill", { name: "review-pr" })).toBe("allow");
    expect(await decision(rules, "Skill", { name: "deploy" })).toBe("deny");
    expect(await decision(rules, "Skill", { name: "other" })).toBe("ask");
  });

  it("other tools: deny and ask look at every text value, allow at the first one of the schema", async () => {
    const schema = { type: "object", properties: { env: { type: "string" }, note: { type: "string" } } };
    const rules = rulesOf({ allow: ["deploy(staging)"], deny: ["deploy(prod*)"] });
    expect(await decision(rules, "deploy", { env: "staging" }, schema)).toBe("allow");
    expect(await decision(rules, "deploy", { note: "staging", env: "qa" }, schema)).toBe("ask");
    expect(await decision(rules, "deploy", { env: "staging", note: "production" }, schema)).toBe("deny");
    expect(await decision(rules, "deploy", { env: "prod-eu" }, schema)).toBe("deny");
  });

  it("MCP tools: Mcp(server[,tool]) and the legacy mcp__key__tool(pattern) form (seed § 22)", async () => {
    const rules = rulesOf({ allow: ["Mcp(github)", "mcp__fs__read_file(/tmp/*)"], deny: ["Mcp(github,delete_*)"], ask: ["Mcp(*,write_*)"] });
    expect(await decision(rules, "mcp__github__create_issue", { title: "x" })).toBe("allow");
    expect(await decision(rules, "mcp__github__delete_repo", { name: "x" })).toBe("deny");
    expect(await decision(rules, "mcp__github__write_file", { path: "x" })).toBe("ask");
    expect(await decision(rules, "mcp__fs__read_file", { path: "/tmp/a" })).toBe("allow");
    expect(await decision(rules, "mcp__fs__read_file", { path: "/etc/a" })).toBe("ask");
    expect(await decision(rules, "mcp__other__x", {})).toBe("ask");
  });
});

describe("Bash reports", () => {
  it("lists the simple commands and redirect targets found", async () => {
    const result = await evaluate(rulesOf({ allow: ["Bash(ls *)"] }), "Bash", { command: "ls src | grep x > out.txt 2>&1" }, context);
    expect(result.bash).toEqual({ commands: ["ls src", "grep x"], redirects: ["out.txt"], substitutions: [], uncertain: [] });
    expect(result.verdict).toEqual({ decision: "ask", reason: "not covered by an allow rule: grep x" });
  });

  it("an allow names every rule that covered a part", async () => {
    const result = await evaluate(rulesOf({ allow: ["Bash(ls *)", "Bash(grep *)", "Redirect(*.txt)"] }), "Bash", { command: "ls | grep x > out.txt" }, context);
    expect(result.verdict).toEqual({ decision: "allow", rule: "Bash(ls *), Bash(grep *), Redirect(*.txt)", source: "settings.json" });
  });
});
