import { setActiveLocale } from "@maia/kernel";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseRule, readRules } from "./rule-syntax.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

describe("parseRule (seed § 9.1: Tool or Tool(pattern), Tool = [A-Za-z0-9_.-]+)", () => {
  it("reads a tool alone and a tool with a pattern", () => {
    expect(parseRule("Bash")).toEqual({ ok: true, tool: "Bash", pattern: undefined });
    expect(parseRule("Bash(npm test *)")).toEqual({ ok: true, tool: "Bash", pattern: "npm test *" });
    expect(parseRule("  Read(src/**)  ")).toEqual({ ok: true, tool: "Read", pattern: "src/**" });
    expect(parseRule("my-tool.v2(x*)")).toEqual({ ok: true, tool: "my-tool.v2", pattern: "x*" });
  });

  it("keeps parentheses inside the pattern", () => {
    expect(parseRule("Bash(echo (a) b)")).toEqual({ ok: true, tool: "Bash", pattern: "echo (a) b" });
  });

  it("says what is wrong with a malformed rule", () => {
    expect(parseRule("Bash(npm test")).toMatchObject({ ok: false, problem: expect.stringContaining("closing parenthesis") });
    expect(parseRule("Bash()")).toMatchObject({ ok: false, problem: expect.stringContaining("empty") });
    expect(parseRule("Ba sh(x)")).toMatchObject({ ok: false, problem: expect.stringContaining('"Ba sh"') });
    expect(parseRule("")).toMatchObject({ ok: false, problem: "the rule is empty" });
    expect(parseRule("WebFetch(example.com)")).toMatchObject({ ok: false, problem: expect.stringContaining("domain:") });
    expect(parseRule("WebFetch(domain:exa mple.com)")).toMatchObject({ ok: false });
    expect(parseRule("Mcp(my__server)")).toMatchObject({ ok: false, problem: expect.stringContaining("Mcp(server") });
    expect(parseRule("Mcp(srv,)")).toMatchObject({ ok: false });
  });

  it("applies a rule whose tool differs only in case, with a warning", () => {
    const parsed = parseRule("bash(rm *)");
    expect(parsed).toMatchObject({ ok: true, tool: "Bash", pattern: "rm *" });
    expect(parsed.ok && parsed.warning).toContain('"Bash"');
  });

  it("accepts the Mcp forms of seed § 22", () => {
    for (const rule of ["Mcp(github)", "Mcp(github,*)", "Mcp(github,create_*)", "Mcp(*)", "Mcp(*,search)"]) {
      expect(parseRule(rule).ok).toBe(true);
    }
  });

  it("accepts custom tools and the legacy mcp__key__tool(pattern) form", () => {
    expect(parseRule("mcp__github__create_issue(bug*)")).toEqual({ ok: true, tool: "mcp__github__create_issue", pattern: "bug*" });
    expect(parseRule("deploy(staging)")).toEqual({ ok: true, tool: "deploy", pattern: "staging" });
  });

  it("property: any valid tool name and pattern read back as written", () => {
    const tool = fc.stringMatching(/^[A-Za-z0-9_.-]{1,20}$/).filter((name) => !/^(bash|read|write|edit|glob|grep|webfetch|mcp|redirect|skill|agent|todowrite|currentmodel)$/i.test(name));
    const pattern = fc.string({ minLength: 1 }).filter((text) => text.trim() !== "" && !text.includes("\0")).map((text) => text.trim());
    fc.assert(
      fc.property(tool, pattern, (name, text) => {
        const parsed = parseRule(`${name}(${text})`);
        expect(parsed).toMatchObject({ ok: true, tool: name, pattern: text });
      }),
    );
  });

  it("property: arbitrary text never throws", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const parsed = parseRule(text);
        expect(typeof parsed.ok).toBe("boolean");
      }),
    );
  });
});

describe("readRules", () => {
  it("keeps the good rules and names the file, the rule and the problem for the others", () => {
    const { rules, warnings } = readRules(["Bash(ls *)", "Read(src/**", "WebFetch(example.com)"], "allow", "/p/.maia/settings.json");
    expect(rules.map((rule) => rule.text)).toEqual(["Bash(ls *)"]);
    expect(rules[0]).toMatchObject({ kind: "allow", tool: "Bash", pattern: "ls *", source: "/p/.maia/settings.json" });
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain("/p/.maia/settings.json");
    expect(warnings[0]).toContain('"Read(src/**"');
    expect(warnings[0]).toContain("closing parenthesis");
    expect(warnings[1]).toContain("domain:");
  });

  it("speaks French when the locale is French", () => {
    setActiveLocale("fr");
    try {
      const { warnings } = readRules(["Read(x"], "deny", "f.json");
      expect(warnings[0]).toBe("f.json : règle deny « Read(x » ignorée : une règle s'écrit Outil ou Outil(motif) ; la parenthèse fermante manque");
    } finally {
      setActiveLocale("en");
    }
  });
});
