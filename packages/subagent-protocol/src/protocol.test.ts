import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mcpServerEntry, parseChildMessage, parseParentMessage, selectsMcpTool, type AgentDefinition, type StartSpec } from "./protocol.ts";

const agent: AgentDefinition = {
  name: "reviewer",
  description: "Reviews",
  permissions: { allow: ["Read"], ask: [], deny: ["Write"] },
  effort: "low",
  omitMd: false,
  trace: true,
  instructions: "i",
  missions: "m",
  output: "o",
  file: "/x/AGENT.md",
  level: "project",
};
const spec: StartSpec = { agent, task: "t", cwd: "/x", model: "litellm:m", allowRules: [], canAsk: true };

describe("the IPC protocol (seed § 20.2)", () => {
  it("accepts the parent's messages as sent, after a JSON round trip", () => {
    const withMcp: StartSpec = { ...spec, mcpTools: [{ name: "mcp__everything__echo", description: "Echoes", inputSchema: { type: "object" } }] };
    const pluginAgent: StartSpec = { ...spec, agent: { ...agent, name: "formatter:reviewer", format: "claude", prompt: "p", plugin: "formatter@team" } };
    for (const message of [
      { type: "start", spec },
      { type: "start", spec: withMcp },
      { type: "start", spec: pluginAgent },
      { type: "confirm-result", id: 3, ok: true },
      { type: "mcp-result", id: 4, content: "Echo: hi", isError: false },
      { type: "abort" },
    ]) {
      expect(parseParentMessage(JSON.parse(JSON.stringify(message)))).toEqual(message);
    }
  });

  it("accepts the child's messages as sent", () => {
    const done = {
      type: "done",
      ok: true,
      summary: "s",
      messages: [
        { role: "user", content: [{ type: "text", text: "t" }] },
        { role: "assistant", content: [{ type: "tool_use", id: "c1", name: "Read", input: { path: "a" } }] },
        { role: "user", content: [{ type: "tool_result", toolUseId: "c1", content: "x", isError: true }] },
      ],
      toolCalls: 1,
    };
    for (const message of [
      { type: "confirm", id: 1, message: "Allow Bash: ls?" },
      { type: "log", level: "warn", message: "w" },
      { type: "mcp-call", id: 2, name: "mcp__everything__echo", input: { message: "hi" } },
      { type: "mcp-cancel", id: 2 },
      done,
    ]) {
      expect(parseChildMessage(JSON.parse(JSON.stringify(message)))).toEqual(message);
    }
  });

  it("refuses what does not fit", () => {
    expect(parseParentMessage({ type: "start", spec: { ...spec, agent: { ...agent, effort: "max" } } })).toBeUndefined();
    expect(parseParentMessage({ type: "start", spec: { ...spec, canAsk: "yes" } })).toBeUndefined();
    expect(parseParentMessage({ type: "start", spec: { ...spec, agent: { ...agent, plugin: 3 } } })).toBeUndefined();
    expect(parseParentMessage({ type: "confirm-result", id: "1", ok: true })).toBeUndefined();
    expect(parseChildMessage({ type: "done", ok: true, summary: "s", messages: [{ role: "system", content: [] }] })).toBeUndefined();
    expect(parseChildMessage({ type: "log", level: "debug", message: "x" })).toBeUndefined();
    expect(parseParentMessage({ type: "start", spec: { ...spec, mcpTools: [{ name: "Read", description: "", inputSchema: {} }] } })).toBeUndefined();
    expect(parseParentMessage({ type: "mcp-result", id: 1, content: "x" })).toBeUndefined();
    expect(parseChildMessage({ type: "mcp-call", id: 1, name: "mcp__a__b", input: [] })).toBeUndefined();
    expect(parseChildMessage({ type: "done", ok: true, summary: "s", messages: [], toolCalls: -2 })).toEqual({ type: "done", ok: true, summary: "s", messages: [], toolCalls: 0 });
  });

  it("never throws on anything a process could send", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        parseParentMessage(value);
        parseChildMessage(value);
      }),
    );
    fc.assert(
      fc.property(fc.record({ type: fc.constantFrom("start", "done", "confirm", "log", "confirm-result", "mcp-call", "mcp-result", "mcp-cancel"), spec: fc.anything(), id: fc.anything(), ok: fc.anything(), messages: fc.anything() }), (value) => {
        parseParentMessage(value);
        parseChildMessage(value);
      }),
    );
  });
});

describe("which MCP tools a definition's tools list selects (seed § 20.3.1, § 22)", () => {
  it("no list selects all; a name or Mcp(server) selects, in any case; other servers and prefixes do not", () => {
    expect(selectsMcpTool(undefined, "mcp__everything__echo")).toBe(true);
    expect(selectsMcpTool(["Read", "MCP__Everything__Echo"], "mcp__everything__echo")).toBe(true);
    expect(selectsMcpTool(["Read"], "mcp__everything__echo")).toBe(false);
    expect(selectsMcpTool(["Mcp(everything)"], "mcp__everything__get-sum")).toBe(true);
    expect(selectsMcpTool(["mcp( everything )"], "mcp__everything__echo")).toBe(true);
    expect(selectsMcpTool(["Mcp(every)"], "mcp__everything__echo")).toBe(false);
    expect(selectsMcpTool(["Mcp(other)"], "mcp__everything__echo")).toBe(false);
  });

  it("reads Mcp(server) entries and nothing else, never throwing", () => {
    expect(mcpServerEntry("Mcp(github)")).toBe("github");
    expect(mcpServerEntry("Mcp(github,create_issue)")).toBeUndefined();
    expect(mcpServerEntry("Read")).toBeUndefined();
    fc.assert(
      fc.property(fc.string(), fc.stringMatching(/^[a-z][a-z0-9_-]{0,10}$/), (entry, key) => {
        const server = mcpServerEntry(entry);
        if (server !== undefined) expect(server).not.toMatch(/[()\s,]/);
        expect(mcpServerEntry(`Mcp(${key})`)).toBe(key);
        expect(selectsMcpTool([`Mcp(${key})`], `mcp__${key}__tool`)).toBe(true);
      }),
    );
  });
});
