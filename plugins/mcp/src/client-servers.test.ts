import { setActiveLocale } from "@maia/kernel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientServerConfigs, toEntry, type AcpMcpServer } from "./client-servers.ts";
import type { McpRuleLike } from "./rules.ts";
import { sanitizeServerKey } from "./tool-names.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

const context = (options: { taken?: string[]; rules?: McpRuleLike[] } = {}) => ({
  cwd: "/project",
  env: { TOKEN: "secret" },
  taken: new Set(options.taken ?? []),
  rules: options.rules ?? [],
});

describe("ACP servers → the plugin's server configurations", () => {
  it("stdio: command, args, env list → env record; runs in the session's folder", () => {
    const stdio: AcpMcpServer = {
      name: "files",
      command: "node",
      args: ["server.js", "--root", "."],
      env: [
        { name: "API_KEY", value: "k1" },
        { name: "MODE", value: "fast" },
      ],
    };
    const { servers, warnings } = clientServerConfigs([stdio], context());
    expect(warnings).toEqual([]);
    expect(servers).toEqual([
      {
        key: "files",
        origin: "client",
        file: "the editor (ACP session/new)",
        transport: { type: "stdio", command: "node", args: ["server.js", "--root", "."], env: { API_KEY: "k1", MODE: "fast" }, cwd: "/project" },
        display: "node server.js --root .",
        timeoutMs: 30_000,
      },
    ]);
  });

  it("http: url and headers list → headers record", () => {
    const http: AcpMcpServer = { type: "http", name: "web", url: "https://mcp.example/mcp", headers: [{ name: "Authorization", value: "Bearer abc" }] };
    const [server] = clientServerConfigs([http], context()).servers;
    // It sends its own credential: no OAuth login is attempted on top of it.
    expect(server?.transport).toEqual({ type: "http", url: "https://mcp.example/mcp", headers: { Authorization: "Bearer abc" }, oauth: false });
    expect(server?.display).toBe("https://mcp.example/mcp");
  });

  it("sse: the legacy transport, kept as such", () => {
    const sse: AcpMcpServer = { type: "sse", name: "old", url: "http://127.0.0.1:3001/sse", headers: [] };
    expect(clientServerConfigs([sse], context()).servers[0]?.transport).toEqual({ type: "sse", url: "http://127.0.0.1:3001/sse", headers: {} });
  });

  it("takes values literally: ${VAR} is not expanded (the editor already did what it meant)", () => {
    const stdio: AcpMcpServer = { name: "lit", command: "run", args: ["${TOKEN}"], env: [{ name: "X", value: "${TOKEN}" }] };
    const transport = clientServerConfigs([stdio], context()).servers[0]?.transport;
    expect(transport).toMatchObject({ args: ["${TOKEN}"], env: { X: "${TOKEN}" } });
  });

  it("an env or headers list naming one variable twice: the later value wins", () => {
    expect(toEntry({ type: "http", name: "h", url: "https://x.example", headers: [{ name: "A", value: "1" }, { name: "A", value: "2" }] })).toEqual({
      type: "http",
      url: "https://x.example",
      headers: { A: "2" },
    });
  });

  it("refuses what the parser refuses (a url that is not http) and a transport it does not speak, with a warning", () => {
    const bad: AcpMcpServer = { type: "http", name: "bad", url: "ftp://x", headers: [] };
    const acp = { type: "acp", name: "inner", id: "x" } as unknown as AcpMcpServer;
    const { servers, warnings } = clientServerConfigs([bad, acp], context());
    expect(servers).toEqual([]);
    expect(warnings).toEqual([
      expect.stringContaining('server "bad" ignored: "url" must be an http:// or https:// address'),
      'MCP server "inner" from the editor is not connected: transport "acp" is not supported (stdio, http, sse)',
    ]);
  });
});

describe("keys of client servers", () => {
  it("are the ACP name made valid, with a warning when it changed", () => {
    expect(sanitizeServerKey("My Server!")).toBe("My_Server");
    expect(sanitizeServerKey("a__b")).toBe("a_b");
    expect(sanitizeServerKey("***")).toBe("client");
    expect(sanitizeServerKey("x".repeat(100))).toHaveLength(49);
    const { servers, warnings } = clientServerConfigs([{ name: "My Server", command: "x", args: [], env: [] }], context());
    expect(servers[0]?.key).toBe("My_Server");
    expect(warnings).toEqual(['MCP server "My Server" from the editor is named "My_Server" here (a server name is made of letters, digits, _ and -)']);
  });

  it("a name taken by a server of mcp.json (or an earlier client server) gets a suffix", () => {
    const servers = [
      { name: "github", command: "a", args: [], env: [] },
      { name: "github", command: "b", args: [], env: [] },
    ];
    const result = clientServerConfigs(servers, context({ taken: ["github"] }));
    expect(result.servers.map((server) => server.key)).toEqual(["github-2", "github-3"]);
    expect(result.warnings[0]).toBe('MCP server "github" from the editor is named "github-2" here ("github" is already a server of mcp.json)');
  });

  it("need no allow rule, but a deny rule excluding the server whole refuses it", () => {
    const deny = (pattern: string): McpRuleLike => ({ kind: "deny", tool: "Mcp", pattern });
    const one = [{ name: "tools", command: "a", args: [], env: [] }];
    expect(clientServerConfigs(one, context()).servers).toHaveLength(1);
    expect(clientServerConfigs(one, context({ rules: [deny("tools,some_tool")] })).servers).toHaveLength(1);
    for (const pattern of ["tools", "tools,*", "*"]) {
      const result = clientServerConfigs(one, context({ rules: [deny(pattern)] }));
      expect(result.servers).toEqual([]);
      expect(result.warnings).toEqual(['MCP server "tools" from the editor is not connected: a deny rule Mcp(tools) excludes it']);
    }
  });
});
