import { setActiveLocale } from "@maia/kernel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RemoteTool } from "./connection.ts";
import type { McpRuleLike } from "./rules.ts";
import type { McpServerConfig } from "./server-config.ts";
import { selectTools } from "./tool-selection.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

const server = (extra: Partial<McpServerConfig> = {}): McpServerConfig => ({
  key: "fs",
  origin: "user",
  file: "/home/me/.maia/mcp.json",
  line: 3,
  transport: { type: "http", url: "https://x.example", headers: {} },
  display: "https://x.example",
  timeoutMs: 30_000,
  ...extra,
});
const tools = (...names: string[]): RemoteTool[] => names.map((name) => ({ name, inputSchema: { type: "object" } }));
const deny = (pattern: string): McpRuleLike => ({ kind: "deny", tool: "Mcp", pattern, text: `Mcp(${pattern})`, source: "settings.json" });
const names = (result: ReturnType<typeof selectTools>) => result.tools.map((tool) => tool.name);

describe("which tools the model is offered (seed § 22.4)", () => {
  it("all of them by default, named mcp__<key>__<tool>", () => {
    expect(names(selectTools(server(), tools("read_file", "write_file"), [], new Set()))).toEqual(["mcp__fs__read_file", "mcp__fs__write_file"]);
  });

  it("excludeTools removes, includeTools keeps only (names as the server spells them)", () => {
    expect(names(selectTools(server({ excludeTools: ["write_file"] }), tools("read_file", "write_file"), [], new Set()))).toEqual(["mcp__fs__read_file"]);
    expect(names(selectTools(server({ includeTools: ["write file"] }), tools("read_file", "write file"), [], new Set()))).toEqual(["mcp__fs__write_file"]);
  });

  it("warns about an includeTools name the server does not offer", () => {
    const result = selectTools(server({ includeTools: ["read_file", "nope"] }), tools("read_file"), [], new Set());
    expect(result.warnings).toEqual(['/home/me/.maia/mcp.json:3: server "fs": includeTools names "nope", which the server does not offer']);
  });

  it("a deny rule Mcp(key,tool) removes the tool; patterns and the offered name work too", () => {
    expect(names(selectTools(server(), tools("read_file", "write_file"), [deny("fs,write_*")], new Set()))).toEqual(["mcp__fs__read_file"]);
    expect(names(selectTools(server(), tools("a.b", "c"), [deny("fs,a_b")], new Set()))).toEqual(["mcp__fs__c"]);
    expect(names(selectTools(server(), tools("a", "b"), [deny("other,a")], new Set()))).toEqual(["mcp__fs__a", "mcp__fs__b"]);
    const legacy: McpRuleLike = { kind: "deny", tool: "mcp__fs__a", pattern: undefined, text: "mcp__fs__a", source: "s" };
    expect(names(selectTools(server(), tools("a", "b"), [legacy], new Set()))).toEqual(["mcp__fs__b"]);
  });

  it("a name taken (after cleaning, or by another server) is ignored with a warning", () => {
    const result = selectTools(server(), tools("a.b", "a_b", "x"), [], new Set(["mcp__fs__x"]));
    expect(names(result)).toEqual(["mcp__fs__a_b"]);
    expect(result.warnings).toEqual([
      'MCP server "fs": tool "a_b" would be named mcp__fs__a_b, which is taken; ignored',
      'MCP server "fs": tool "x" would be named mcp__fs__x, which is taken; ignored',
    ]);
  });
});
