import { mkdir, readFile, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { NO_INTERACTION, setActiveLocale } from "@maia/kernel";
import { scriptedInteraction } from "@maia/testing-kernel";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { foldersPerTest } from "@maia/testing-maia";
import type { ContributedMcpServer } from "@maia/util";
import { approvalStorePath, isApproved, rememberApproval } from "./approvals.ts";
import { blockedProjectServers, type ApprovalContext } from "./approve-project.ts";
import { loadMcpConfig, projectConfigPath } from "./load-config.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

const folders = foldersPerTest();

async function project(servers: Record<string, unknown>, env: NodeJS.ProcessEnv = {}) {
  const file = projectConfigPath(folders.cwd);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ mcpServers: servers }));
  return loadMcpConfig({ homeDir: folders.home, cwd: folders.cwd, env });
}

describe("the approval store (~/.maia/mcp-approvals.json)", () => {
  it("remembers a file for its exact content", async () => {
    const file = path.join(folders.cwd, "mcp.json");
    expect(await isApproved(folders.home, file, "h1")).toEqual({ approved: false });
    await rememberApproval(folders.home, file, "h1");
    expect(await isApproved(folders.home, file, "h1")).toEqual({ approved: true });
    expect(await isApproved(folders.home, file, "h2")).toEqual({ approved: false });
    expect(await isApproved(folders.home, path.join(folders.home, "other.json"), "h1")).toEqual({ approved: false });
  });

  it("is written atomically, readable by the user only, keeping earlier approvals", async () => {
    await rememberApproval(folders.home, "/a/mcp.json", "1");
    await rememberApproval(folders.home, "/b/mcp.json", "2");
    const store = approvalStorePath(folders.home);
    expect(JSON.parse(await readFile(store, "utf8"))).toEqual({ approved: { "/a/mcp.json": "1", "/b/mcp.json": "2" } });
    expect((await stat(store)).mode & 0o777).toBe(0o600);
    expect((await readdir(path.dirname(store))).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("a broken store approves nothing and says so; the next approval repairs it", async () => {
    await mkdir(path.dirname(approvalStorePath(folders.home)), { recursive: true });
    await writeFile(approvalStorePath(folders.home), "{ not json");
    expect(await isApproved(folders.home, "/a", "1")).toEqual({ approved: false, invalid: true });
    await rememberApproval(folders.home, "/a", "1");
    expect(await isApproved(folders.home, "/a", "1")).toEqual({ approved: true });
  });
});

describe("project servers wait for approval", () => {
  const context = (over: Partial<ApprovalContext>): ApprovalContext & { warnings: string[] } => {
    const warnings: string[] = [];
    return { homeDir: folders.home, allowRules: [], interaction: NO_INTERACTION, refused: new Map(), warn: (m) => warnings.push(m), warnings, ...over };
  };

  it("headless: refused, with the way out in the reason", async () => {
    const config = await project({ tool: { command: "node", args: ["x.js"] } });
    const blocked = await blockedProjectServers(config.servers, config.files, context({}));
    expect(blocked.get("tool")).toBe(
      `not approved: the project file ${projectConfigPath(folders.cwd)} starts programs; approve it in an interactive session, or pass --allow 'Mcp(tool)'`,
    );
  });

  it("headless with --allow 'Mcp(tool)': that server starts; Mcp(*) is not enough", async () => {
    const config = await project({ tool: { command: "node" }, other: { command: "node" } });
    const blocked = await blockedProjectServers(config.servers, config.files, context({ allowRules: ["Mcp(tool)", "Mcp(*)"] }));
    expect([...blocked.keys()]).toEqual(["other"]);
  });

  it("interactive: asks once, showing the commands as written; yes is remembered until the file changes", async () => {
    // SCRIPT is set (an unset variable leaves the server out); the question shows the reference as written.
    let config = await project({ tool: { command: "node", args: ["${SCRIPT}"] } }, { SCRIPT: "/tmp/server.js" });
    const interaction = scriptedInteraction(["yes"]);
    expect((await blockedProjectServers(config.servers, config.files, context({ interaction }))).size).toBe(0);
    expect(interaction.questions).toEqual([
      `The project file ${projectConfigPath(folders.cwd)} declares MCP servers that MAIA would start:\n  • tool: node \${SCRIPT}\nStart them? (remembered until the file changes)`,
    ]);
    const again = scriptedInteraction([]);
    expect((await blockedProjectServers(config.servers, config.files, context({ interaction: again }))).size).toBe(0);
    expect(again.questions).toEqual([]);

    config = await project({ tool: { command: "node", args: ["evil.js"] } });
    const changed = scriptedInteraction(["no"]);
    const blocked = await blockedProjectServers(config.servers, config.files, context({ interaction: changed }));
    expect(changed.questions).toHaveLength(1);
    expect(blocked.get("tool")).toBe("not approved (refused for this session)");
  });

  it("a refusal is not asked again in the same process, unless the user asks (/mcp reconnect)", async () => {
    const config = await project({ tool: { command: "node" } });
    const refused = new Map<string, string>();
    await blockedProjectServers(config.servers, config.files, context({ interaction: scriptedInteraction(["no"]), refused }));
    const quiet = scriptedInteraction(["yes"]);
    expect((await blockedProjectServers(config.servers, config.files, context({ interaction: quiet, refused }))).size).toBe(1);
    expect(quiet.questions).toEqual([]);
    const asked = scriptedInteraction(["yes"]);
    expect((await blockedProjectServers(config.servers, config.files, context({ interaction: asked, refused }), true)).size).toBe(0);
  });

  it("servers of the user's file never need approval", async () => {
    await mkdir(path.join(folders.home, ".maia"), { recursive: true });
    await writeFile(path.join(folders.home, ".maia", "mcp.json"), JSON.stringify({ mcpServers: { mine: { command: "node" } } }));
    const config = await loadMcpConfig({ homeDir: folders.home, cwd: folders.cwd, env: {} });
    expect((await blockedProjectServers(config.servers, config.files, context({}))).size).toBe(0);
  });
});

describe("servers of Claude Code plugins (contributed sources)", () => {
  const pluginServer = (file: string, hash: string, over: Partial<ContributedMcpServer> = {}): ContributedMcpServer => ({
    id: "formatter@team-tools",
    namespace: "formatter",
    variables: { CLAUDE_PLUGIN_ROOT: "/cache/formatter/1.0.0" },
    name: "lint",
    key: "plugin_formatter_lint",
    entry: { command: "${CLAUDE_PLUGIN_ROOT}/bin/lint", args: ["--rules", "${CLAUDE_PLUGIN_ROOT}/rules.txt"] },
    file,
    line: 3,
    fieldLine: () => 4,
    hash,
    ...over,
  });

  it("load under the plugin's key, ${CLAUDE_PLUGIN_ROOT} expanded and in a stdio server's environment; a key of the user's keeps theirs", async () => {
    await mkdir(path.join(folders.home, ".maia"), { recursive: true });
    await writeFile(path.join(folders.home, ".maia", "mcp.json"), JSON.stringify({ mcpServers: { plugin_formatter_db: { command: "mine" } } }));
    const file = "/cache/formatter/1.0.0/.mcp.json";
    const config = await loadMcpConfig({
      homeDir: folders.home,
      cwd: folders.cwd,
      env: {},
      plugins: [pluginServer(file, "h1"), pluginServer(file, "h1", { name: "db", key: "plugin_formatter_db", entry: { command: "db", colour: "red" } })],
    });
    const lint = config.servers.find((server) => server.key === "plugin_formatter_lint");
    // Claude Code's server: it starts without an Mcp(...) allow rule, once its file is approved.
    expect(lint).toMatchObject({
      origin: "plugin",
      format: "claude",
      plugin: "formatter@team-tools",
      file,
      line: 3,
      display: "${CLAUDE_PLUGIN_ROOT}/bin/lint --rules ${CLAUDE_PLUGIN_ROOT}/rules.txt",
      transport: { type: "stdio", command: "/cache/formatter/1.0.0/bin/lint", args: ["--rules", "/cache/formatter/1.0.0/rules.txt"], env: { CLAUDE_PLUGIN_ROOT: "/cache/formatter/1.0.0" } },
    });
    expect(config.servers.find((server) => server.key === "plugin_formatter_db")?.transport).toMatchObject({ command: "mine" });
    expect(config.files).toContainEqual({ path: file, origin: "plugin", found: true, hash: "h1" });
    expect(config.warnings).toEqual([
      `${file}:4: server "plugin_formatter_db": unknown field "colour" (ignored)`,
      `${file}:3: server "plugin_formatter_db" ignored: ${path.join(folders.home, ".maia", "mcp.json")} already defines it (the user's entry wins)`,
    ]);
  });

  it("wait for the approval of their file, the question naming the plugin; headless says how to allow one", async () => {
    const file = "/cache/formatter/1.0.0/.mcp.json";
    const config = await loadMcpConfig({ homeDir: folders.home, cwd: folders.cwd, env: {}, plugins: [pluginServer(file, "h1")] });
    const context = (interaction: ApprovalContext["interaction"]): ApprovalContext => ({ homeDir: folders.home, allowRules: [], interaction, refused: new Map(), warn: () => undefined });
    expect((await blockedProjectServers(config.servers, config.files, context(NO_INTERACTION))).get("plugin_formatter_lint")).toBe(
      `not approved: the plugin formatter@team-tools starts programs (${file}); approve it in an interactive session, or pass --allow 'Mcp(plugin_formatter_lint)'`,
    );
    const interaction = scriptedInteraction(["yes"]);
    expect((await blockedProjectServers(config.servers, config.files, context(interaction))).size).toBe(0);
    expect(interaction.questions).toEqual([
      `The Claude Code plugin formatter@team-tools declares MCP servers that MAIA would start (${file}):\n  • plugin_formatter_lint: \${CLAUDE_PLUGIN_ROOT}/bin/lint --rules \${CLAUDE_PLUGIN_ROOT}/rules.txt\nStart them? (remembered until the file changes)`,
    ]);
    // Approved for this content only: the plugin updated, asked again.
    const updated = await loadMcpConfig({ homeDir: folders.home, cwd: folders.cwd, env: {}, plugins: [pluginServer(file, "h2")] });
    const again = scriptedInteraction(["no"]);
    expect((await blockedProjectServers(updated.servers, updated.files, context(again))).size).toBe(1);
    expect(again.questions).toHaveLength(1);
  });

  it("a project file and a plugin's are asked about one by one", async () => {
    await project({ tool: { command: "node" } });
    const config = await loadMcpConfig({ homeDir: folders.home, cwd: folders.cwd, env: {}, plugins: [pluginServer("/cache/f/.mcp.json", "h")] });
    const interaction = scriptedInteraction(["no", "yes"]);
    const blocked = await blockedProjectServers(config.servers, config.files, { homeDir: folders.home, allowRules: [], interaction, refused: new Map(), warn: () => undefined });
    expect(interaction.questions).toHaveLength(2);
    expect([...blocked.keys()]).toEqual(["tool"]);
  });
});
