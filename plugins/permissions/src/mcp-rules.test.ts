import { setActiveLocale } from "@maia/kernel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMcpToolDenied, mcpToolParts, parseMcpPattern, selectMcpServers } from "@maia/permission-rules";
import { readRules, type Rule } from "./rule-syntax.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

function rules(lists: { allow?: string[]; ask?: string[]; deny?: string[] }): Rule[] {
  return (["deny", "ask", "allow"] as const).flatMap((kind) => readRules(lists[kind] ?? [], kind, "settings.json").rules);
}

describe("Mcp(server[,tool]) (seed § 22)", () => {
  it("parses the forms", () => {
    expect(parseMcpPattern("github")).toEqual({ server: "github", tool: undefined });
    expect(parseMcpPattern("github, create_*")).toEqual({ server: "github", tool: "create_*" });
    expect(parseMcpPattern("*")).toEqual({ server: "*", tool: undefined });
    expect(parseMcpPattern("a__b")).toBeUndefined();
    expect(parseMcpPattern("a b")).toBeUndefined();
  });

  it("splits tool names at the first `__` after the prefix", () => {
    expect(mcpToolParts("mcp__github__create_issue")).toEqual({ server: "github", tool: "create_issue" });
    expect(mcpToolParts("mcp__fs__read__file")).toEqual({ server: "fs", tool: "read__file" });
    expect(mcpToolParts("Read")).toBeUndefined();
  });
});

describe("selectMcpServers (seed § 22.2)", () => {
  const keys = ["github", "fs", "search"];

  it("enables a server only when an allow rule names it", () => {
    expect(selectMcpServers(rules({ allow: ["Mcp(github)", "Mcp(fs,read_*)"] }), keys).enabled).toEqual(["github", "fs"]);
    expect(selectMcpServers(rules({}), keys).enabled).toEqual([]);
    expect(selectMcpServers(rules({ ask: ["Mcp(github)"] }), keys).enabled).toEqual([]);
  });

  it("`*` names every server", () => {
    expect(selectMcpServers(rules({ allow: ["Mcp(*)"] }), keys).enabled).toEqual(keys);
    expect(selectMcpServers(rules({ allow: ["Mcp(*,search)"] }), keys).enabled).toEqual(keys);
  });

  it("a deny of the whole server (Mcp(key) or Mcp(key,*)) disables it; a deny of one tool does not", () => {
    expect(selectMcpServers(rules({ allow: ["Mcp(*)"], deny: ["Mcp(fs)"] }), keys).enabled).toEqual(["github", "search"]);
    expect(selectMcpServers(rules({ allow: ["Mcp(*)"], deny: ["Mcp(fs,*)"] }), keys).enabled).toEqual(["github", "search"]);
    expect(selectMcpServers(rules({ allow: ["Mcp(*)"], deny: ["Mcp(*)"] }), keys).enabled).toEqual([]);
    expect(selectMcpServers(rules({ allow: ["Mcp(fs)"], deny: ["Mcp(fs,write_file)"] }), keys).enabled).toEqual(["fs"]);
  });

  it("warns about a rule naming an unknown server, with the rule and its file", () => {
    const selection = selectMcpServers(rules({ allow: ["Mcp(gitlab)"] }), keys);
    expect(selection.warnings).toEqual([
      'settings.json: rule "Mcp(gitlab)" names an MCP server "gitlab" that is not configured (known: github, fs, search)',
    ]);
  });

  it("isMcpToolDenied removes the tools a deny rule names (seed § 22.4)", () => {
    const list = rules({ allow: ["Mcp(fs)"], deny: ["Mcp(fs,write_*)"] });
    expect(isMcpToolDenied(list, "fs", "write_file")).toBe(true);
    expect(isMcpToolDenied(list, "fs", "read_file")).toBe(false);
    expect(isMcpToolDenied(list, "github", "write_file")).toBe(false);
  });
});
