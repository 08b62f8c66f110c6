import { describe, expect, it } from "vitest";
import { translateClaudeRule } from "./rule-translation.ts";

const texts = (rule: string, kind: "allow" | "ask" | "deny" = "allow", anchor = "/proj") => {
  const translated = translateClaudeRule(rule, kind, anchor);
  return translated.rules.map((each) => (each.kind === kind ? each.text : `${each.kind}:${each.text}`));
};

describe("Claude Code rules as MAIA rules (its permissions page)", () => {
  it("keeps Bash patterns, the legacy :* form included, and reads Bash(*) as Bash", () => {
    expect(texts("Bash(npm run test:*)")).toEqual(["Bash(npm run test:*)"]);
    expect(texts("Bash(git * main)", "deny")).toEqual(["Bash(git * main)"]);
    expect(texts("Bash(*)")).toEqual(["Bash"]);
    expect(texts("Bash")).toEqual(["Bash"]);
  });

  it("reads Read rules for Read, Glob and Grep, and a Read deny for Edit and Write too", () => {
    // gitignore's `src/**` is what is inside src: an allow to read does not cover a file named src; searching src does.
    expect(texts("Read(./src/**)")).toEqual(["Read(src/**/*)", "Glob(src/**)", "Grep(src/**)"]);
    // A deny also covers what is under a folder of that name (gitignore: an excluded folder's content is excluded).
    expect(texts("Read(./.env)", "deny")).toEqual(
      ["Read", "Glob", "Grep", "Edit", "Write"].flatMap((tool) => [`${tool}(**/.env)`, `${tool}(**/.env/**)`]),
    );
    expect(translateClaudeRule("Read(../shared/**)", "allow", "/p")).toMatchObject({ rules: [], warning: expect.stringContaining(".. folder") });
  });

  it("reads Edit rules for Edit, Write and redirections, an Edit allow granting reads of the same path", () => {
    expect(texts("Edit(/docs/**)", "deny")).toEqual(["Edit(/proj/docs/**)", "Write(/proj/docs/**)", "Redirect(/proj/docs/**)"]);
    expect(texts("Edit(src/**)")).toEqual(["Edit(src/**/*)", "Write(src/**/*)", "Redirect(src/**/*)", "Read(src/**/*)", "Glob(src/**)", "Grep(src/**)"]);
  });

  it("places the four path anchors: //absolute, ~/home, /settings source, relative", () => {
    expect(texts("Read(//etc/hosts)")[0]).toBe("Read(/etc/hosts)");
    expect(texts("Read(~/notes/**)")[0]).toBe("Read(~/notes/**/*)");
    expect(texts("Read(/secrets/**)", "deny", "/home/u/.claude")[0]).toBe("Read(/home/u/.claude/secrets/**)");
    expect(texts("Read(*.pem)", "deny")[0]).toBe("Read(**/*.pem)");
    expect(texts("Read(secrets/**)", "deny")[0]).toBe("Read(**/secrets/**)");
    expect(texts("Read(secrets/**)", "allow")[0]).toBe("Read(secrets/**/*)");
    expect(texts("Read(src/components/**)", "deny")[0]).toBe("Read(src/components/**)");
    expect(texts("Read(/[x]/a)", "deny", "/p[1]")[0]).toBe("Read(/p\\[1\\]/[x]/a)");
  });

  it("escapes what gitignore takes literally and picomatch would not", () => {
    expect(texts("Read(src/{a,b}.ts)")[0]).toBe("Read(src/\\{a,b\\}.ts)");
    expect(texts("Read(a/+(x).md)")[0]).toBe("Read(a/\\+\\(x\\).md)");
    expect(texts("Read(a/[!x]y)")[0]).toBe("Read(a/[^x]y)");
  });

  it("drops path rules of tools Claude Code never consults, with a warning", () => {
    const write = translateClaudeRule("Write(docs/**)", "allow", "/p");
    expect(write.rules).toEqual([]);
    expect(write.warning).toContain("Edit(…)");
    expect(texts("Write")).toEqual(["Write"]);
  });

  it("translates WebFetch and refuses to widen an allow whose * would cross dots in MAIA", () => {
    expect(texts("WebFetch(domain:docs.rs)")).toEqual(["WebFetch(domain:docs.rs)"]);
    expect(texts("WebFetch(domain:*.example.com)")).toEqual(["WebFetch(domain:*.example.com)"]);
    expect(texts("WebFetch(domain:*)")).toEqual(["WebFetch"]);
    const label = translateClaudeRule("WebFetch(domain:example.*)", "allow", "/p");
    expect(label.rules).toEqual([]);
    expect(label.warning).toContain("example.evil.com");
    expect(texts("WebFetch(domain:example.*)", "deny")).toEqual(["WebFetch(domain:example.*)"]);
    expect(texts("WebFetch(https://x.y)", "deny")).toEqual(["ask:WebFetch"]);
  });

  it("translates MCP rules, Agent, Task and Skill", () => {
    expect(texts("mcp__github")).toEqual(["Mcp(github)"]);
    expect(texts("mcp__github__*")).toEqual(["Mcp(github)"]);
    expect(texts("mcp__github__get_issue")).toEqual(["Mcp(github,get_issue)"]);
    expect(texts("mcp__github__get_*")).toEqual(["Mcp(github,get_*)"]);
    expect(texts("mcp__*", "deny")).toEqual(["Mcp(*)"]);
    expect(translateClaudeRule("mcp__*", "allow", "/p")).toMatchObject({ rules: [], warning: expect.stringContaining("glob") });
    expect(texts("Task(reviewer)")).toEqual(["Agent(reviewer)"]);
    expect(texts("Agent(Explore)", "deny")).toEqual(["Agent(Explore)"]);
    expect(texts("Skill(deploy *)")).toEqual(["Skill(deploy *)"]);
  });

  it("drops parameter rules (no MAIA tool has those parameters) and Claude Code's refused primary-field rules", () => {
    expect(translateClaudeRule("Agent(model:opus)", "deny", "/p")).toMatchObject({ rules: [], warning: expect.stringContaining("model") });
    expect(translateClaudeRule("Bash(run_in_background:true)", "ask", "/p").rules).toEqual([]);
    expect(translateClaudeRule("Bash(command:rm *)", "deny", "/p")).toMatchObject({ rules: [], warning: expect.stringContaining("command") });
    expect(texts("Bash(git:*)", "deny")).toEqual(["Bash(git:*)"]);
  });

  it("notes rules on tools MAIA does not have, and passes other names through (custom tools)", () => {
    expect(translateClaudeRule("WebSearch", "allow", "/p")).toMatchObject({ rules: [], note: expect.stringContaining("WebSearch") });
    expect(texts("deploy(staging)")).toEqual(["deploy(staging)"]);
  });

  it("reads a deny tool-name glob over MAIA's own tools and keeps a deny whose path cannot be read as an ask", () => {
    expect(texts("B*", "deny")).toEqual(["Bash", "BashOutput"]);
    expect(texts("*", "deny")).toContain("Mcp(*)");
    expect(translateClaudeRule("*", "allow", "/p").rules).toEqual([]);
    expect(texts("Read(src/[ab)", "deny")).toEqual(["ask:Read", "ask:Glob", "ask:Grep", "ask:Edit", "ask:Write"]);
    expect(texts("Read(src/[ab)", "allow")).toEqual([]);
  });
});
