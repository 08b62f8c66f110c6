import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { cp, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { maiaPerTest, runMaia, tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { bareRepository, EVERYTHING, gitIn, writeFixturePlugin, writeMarketplace, writeSmallPlugin } from "./testing/fixtures.ts";

/**
 * Claude Code plugins as a user meets them, through the built bundle: `maia plugins add` of a plugin folder, of a
 * marketplace's plugins (a folder of the marketplace, a git repository), what the model is then offered (the fake
 * LiteLLM server's logged requests), the trust its hooks and servers wait for, `maia plugins list --json`, and a
 * plugin Claude Code itself installed, turned on and off by `enabledPlugins`.
 */
const bed = maiaPerTest(() => startFakeLiteLLM());
const SLOW = { timeout: 180_000 };

const maia = (args: string[], env: NodeJS.ProcessEnv = {}) => runMaia(args, { ...bed, env, timeoutMs: 90_000 });
const ask = (prompt: string, ...flags: string[]) => maia(["-p", prompt, "--model", "fake-model", ...flags]);

interface Body {
  messages: Array<{ role: string; content: string | null }>;
  tools?: Array<{ function: { name: string; description: string; parameters: { properties?: Record<string, { enum?: string[] }> } } }>;
}
const body = (index: number) => bed.server.chatBodies()[index] as Body;
const offered = (index: number) => (body(index).tools ?? []).map((tool) => tool.function.name);
const userText = (index: number) => body(index).messages.filter((message) => message.role === "user").map((message) => String(message.content)).join("\n");
const toolResults = (index: number) => body(index).messages.filter((message) => message.role === "tool").map((message) => String(message.content));
const systemOf = (request: Body | undefined) => String(request?.messages.find((message) => message.role === "system")?.content ?? "");

interface Listed {
  name: string;
  source: string;
  state: string;
  from?: string;
  version?: string | null;
  reason?: string;
  components?: { commands: string[]; agents: string[]; skills: string[]; hooks: Record<string, number>; mcpServers: string[] };
}
async function listed(): Promise<Listed[]> {
  const run = await maia(["plugins", "list", "--json"]);
  expect(run.code, run.stderr).toBe(0);
  return (JSON.parse(run.stdout) as Listed[]).filter((record) => record.source === "claude-plugin");
}

async function fixture(name = "formatter"): Promise<{ folder: string; marker: string }> {
  const scratch = await tempFolder("maia-claude-plugin-");
  const marker = path.join(scratch, "hook-ran");
  return { folder: await writeFixturePlugin(path.join(scratch, name), { name, hookMarker: marker }), marker };
}

const installPathOf = async (id: string) => {
  const installed = JSON.parse(await readFile(path.join(bed.home, ".maia", "plugins", "installed_plugins.json"), "utf8")) as { plugins: Record<string, Array<{ installPath: string }>> };
  return installed.plugins[id]?.[0]?.installPath ?? "";
};

describe("a plugin folder: maia plugins add <folder>", SLOW, () => {
  it("installs a copy, enables it, and its command, skill and namespaced names reach the model", async () => {
    const { folder } = await fixture();
    const added = await maia(["plugins", "add", folder]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain("Installed formatter@inline 1.2.0");
    expect(added.stdout).toContain("commands: /formatter:check, /formatter:git:sync");
    expect(added.stdout).toContain("skills: formatter:style-guide");
    expect(added.stdout).toContain("MCP servers: plugin_formatter_lint");
    const installPath = await installPathOf("formatter@inline");
    expect(installPath).toBe(path.join(bed.home, ".maia", "plugins", "cache", "inline", "formatter", "1.2.0"));
    expect(JSON.parse(await readFile(path.join(bed.home, ".maia", "settings.json"), "utf8"))).toMatchObject({ enabledPlugins: { "formatter@inline": true } });

    const [record] = await listed();
    expect(record).toMatchObject({ name: "formatter@inline", version: "1.2.0", state: "active", from: folder });
    expect(record?.components).toEqual({
      commands: ["/formatter:check", "/formatter:git:sync"],
      agents: ["formatter:reviewer"],
      skills: ["formatter:style-guide"],
      hooks: { UserPromptSubmit: 1 },
      mcpServers: ["plugin_formatter_lint"],
    });

    // The command, as Claude Code names it, with ${CLAUDE_PLUGIN_ROOT} replaced by where it is installed.
    bed.server.enqueue({ text: "Formatted." });
    const run = await ask("/formatter:check src/app.ts");
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("Formatted.\n");
    // enabledPlugins is a key of MAIA's settings.json too, and the plugin's files all load.
    expect(run.stderr).not.toMatch(/unknown key|not loaded/);
    expect(userText(0)).toContain(`Check the formatting of src/app.ts with the rules in ${installPath}/rules.txt.`);
    // The skill: listed in the system prompt and offered through the Skill tool under its namespaced name.
    const system = body(0).messages.filter((message) => message.role === "system").map((message) => String(message.content)).join("\n");
    expect(system).toContain("- formatter:style-guide: The team style guide: tabs, 100 columns");
    const skill = body(0).tools?.find((tool) => tool.function.name === "Skill");
    expect(skill?.function.parameters.properties?.name?.enum).toEqual(["formatter:style-guide"]);

    // The model loads the skill with the Skill tool: its body, ${CLAUDE_PLUGIN_ROOT} replaced.
    bed.server.enqueue({ toolCalls: [{ id: "s1", name: "Skill", arguments: { name: "formatter:style-guide" } }] }, { text: "Styled." });
    const styled = await ask("style it", "--allow", "Skill(formatter:style-guide)");
    expect(styled.code, styled.stderr).toBe(0);
    expect(toolResults(2)[0]).toContain(`The full guide is in ${installPath}/rules.txt.`);

    // The agent, as Claude Code names it (`plugin:agent`): offered by the Agent tool, allowed by Agent(formatter:reviewer),
    // run in its own process with its body (${CLAUDE_PLUGIN_ROOT} replaced) as prompt and its tools mapped.
    const agentTool = body(0).tools?.find((tool) => tool.function.name === "Agent");
    expect(agentTool?.function.description).toContain("- formatter:reviewer: Reviews formatting changes before a commit");
    expect(agentTool?.function.parameters.properties?.agent?.enum).toEqual(["formatter:reviewer"]);
    const reviewerPrompt = `You review formatting changes against ${installPath}/rules.txt.`;
    const main = [{ toolCalls: [{ id: "a1", name: "Agent", arguments: { agent: "formatter:reviewer", task: "Review src" } }] }, { text: "Reviewed." }];
    const child = [{ text: "No formatting issue in src." }];
    for (let turn = 0; turn < 3; turn += 1) {
      bed.server.enqueue((request) => (systemOf(request as unknown as Body).startsWith(reviewerPrompt) ? child : main).shift() ?? { error: { status: 500, body: "nothing left" } });
    }
    const reviewed = await ask("review src", "--allow", "Agent(formatter:reviewer)");
    expect(reviewed.code, reviewed.stderr).toBe(0);
    expect(reviewed.stdout).toBe("Reviewed.\n");
    const bodies = bed.server.chatBodies() as unknown as Body[];
    const childBody = bodies.find((request) => systemOf(request).startsWith(reviewerPrompt));
    expect((childBody?.tools ?? []).map((tool) => tool.function.name)).toEqual(["Read", "Glob", "Grep"]);
    expect(toolResults(bodies.length - 1).at(-1)).toContain("No formatting issue in src.");

    // Turned off for this project (enabledPlugins false in .maia/settings.json), on again.
    const disabled = await maia(["plugins", "disable", "formatter@inline"]);
    expect(disabled.stdout).toContain(`Disabled formatter@inline in ${path.join(bed.cwd, ".maia", "settings.json")}.`);
    expect((await listed())[0]).toMatchObject({ state: "disabled", reason: `turned off in ${path.join(bed.cwd, ".maia", "settings.json")}` });
    expect((await maia(["plugins", "enable", "formatter@inline"])).code).toBe(0);
    expect((await listed())[0]?.state).toBe("active");

    // Removed: its copy, its record and its enabledPlugins entry are gone, and so is the command.
    const removed = await maia(["plugins", "remove", "formatter@inline"]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(existsSync(installPath)).toBe(false);
    expect(JSON.parse(await readFile(path.join(bed.home, ".maia", "settings.json"), "utf8")).enabledPlugins).toEqual({});
    expect(await listed()).toEqual([]);
  });

  it("its hooks run only once approved, with ${CLAUDE_PLUGIN_ROOT} in the command and its environment", async () => {
    const { folder, marker } = await fixture();
    expect((await maia(["plugins", "add", folder])).code).toBe(0);
    const installPath = await installPathOf("formatter@inline");
    bed.server.enqueue({ text: "ok" });
    const before = await ask("hi");
    expect(before.code, before.stderr).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(before.stderr).toContain(`${path.join(installPath, "hooks", "hooks.json")} has 1 hook command(s) that do not run until you approve`);

    const approve = await maia(["hooks", "approve"]);
    expect(approve.code, approve.stderr).toBe(0);
    expect(approve.stdout).toContain(path.join(installPath, "hooks", "hooks.json"));
    bed.server.enqueue({ text: "ok" });
    expect((await ask("hi")).code).toBe(0);
    expect((await readFile(marker, "utf8")).trim()).toBe(`${installPath} ${installPath}`);
  });

  it("its MCP servers start only once approved (here for one run, --allow), as mcp__plugin_<plugin>_<server>__<tool>", async () => {
    const { folder } = await fixture();
    expect((await maia(["plugins", "add", folder])).code).toBe(0);
    const installPath = await installPathOf("formatter@inline");

    // No allow rule names it (Claude Code's servers need none): what holds it back is the approval of its file.
    bed.server.enqueue({ text: "no server" });
    const refused = await ask("lint");
    expect(refused.code, refused.stderr).toBe(0);
    expect(refused.stderr).toContain("not approved: the plugin formatter@inline starts programs");
    expect(offered(0).filter((name) => name.startsWith("mcp__"))).toEqual([]);

    bed.server.enqueue({ toolCalls: [{ id: "e1", name: "mcp__plugin_formatter_lint__get-env", arguments: {} }] }, { text: "Linted." });
    const run = await ask("lint", "--allow", "Mcp(plugin_formatter_lint)");
    expect(run.code, run.stderr).toBe(0);
    expect(offered(1)).toContain("mcp__plugin_formatter_lint__get-env");
    const environment = JSON.parse(toolResults(2)[0] ?? "{}") as Record<string, string>;
    expect(environment).toMatchObject({ CLAUDE_PLUGIN_ROOT: installPath, LINT_RULES: `${installPath}/rules.txt` });
  });

  it("a broken plugin.json is refused with its file and line; nothing is installed", async () => {
    const { folder } = await fixture();
    await writeFile(path.join(folder, ".claude-plugin", "plugin.json"), '{\n  "name": "formatter",\n  "commands": 3\n}\n');
    const added = await maia(["plugins", "add", folder]);
    expect(added.code).toBe(1);
    expect(added.stderr).toContain(`${path.join(folder, ".claude-plugin", "plugin.json")}:3: invalid plugin.json: /commands`);
    expect(existsSync(path.join(bed.home, ".maia", "plugins", "installed_plugins.json"))).toBe(false);

    // A settings file MAIA would not overwrite (not JSON): said before anything is copied.
    await writeFile(path.join(folder, ".claude-plugin", "plugin.json"), '{ "name": "formatter" }');
    await mkdir(path.join(bed.cwd, ".maia"), { recursive: true });
    await writeFile(path.join(bed.cwd, ".maia", "settings.json"), "{ broken");
    const refused = await maia(["plugins", "add", folder, "--project"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${path.join(bed.cwd, ".maia", "settings.json")}:1: the file is not valid JSON; MAIA does not overwrite it`);
    expect(existsSync(path.join(bed.home, ".maia", "plugins", "cache"))).toBe(false);
  });
});

describe("a marketplace: maia plugins marketplace add, then maia plugins add name@marketplace", SLOW, () => {
  async function marketplace(): Promise<{ folder: string; greeterUrl: string }> {
    const scratch = await tempFolder("maia-marketplace-");
    const folder = path.join(scratch, "team-tools");
    await writeFixturePlugin(path.join(folder, "plugins", "formatter"), { hookMarker: path.join(scratch, "hook-ran") });
    const greeter = await writeSmallPlugin(path.join(scratch, "greeter-src"), "greeter", "0.3.0");
    const greeterUrl = bareRepository(greeter, path.join(scratch, "greeter.git"));
    // A monorepo whose tools/linter is a plugin, pinned to its first commit (a later one changed the version).
    const monorepo = await writeSmallPlugin(path.join(scratch, "monorepo", "tools", "linter"), "linter", "1.0.0");
    const monorepoUrl = bareRepository(path.dirname(path.dirname(monorepo)), path.join(scratch, "monorepo.git"));
    const pinned = gitIn(path.join(scratch, "monorepo"), "rev-parse", "HEAD").trim();
    await writeSmallPlugin(monorepo, "linter", "2.0.0");
    gitIn(path.join(scratch, "monorepo"), "commit", "--quiet", "--all", "--message", "2.0.0");
    gitIn(path.join(scratch, "monorepo"), "push", "--quiet", path.join(scratch, "monorepo.git"), "main");
    await writeMarketplace(folder, [
      { name: "formatter", source: "./plugins/formatter", description: "Formatting" },
      { name: "greeter", source: { source: "url", url: greeterUrl }, description: "Greetings" },
      { name: "linter", source: { source: "git-subdir", url: monorepoUrl, path: "tools/linter", sha: pinned } },
      { name: "packaged", source: { source: "npm", package: "@acme/packaged" } },
    ]);
    return { folder, greeterUrl };
  }

  it("a folder marketplace: a plugin of its own folder and one of a git repository", async () => {
    const { folder } = await marketplace();
    const add = await maia(["plugins", "marketplace", "add", folder]);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toContain("Added the marketplace team-tools");
    expect(add.stdout).toContain("4 plugin(s): formatter, greeter, linter, packaged");
    const list = await maia(["plugins", "marketplace", "list", "--json"]);
    expect(JSON.parse(list.stdout)).toEqual([expect.objectContaining({ name: "team-tools", source: folder, plugins: ["formatter", "greeter", "linter", "packaged"], store: "maia" })]);
    const npm = await maia(["plugins", "add", "packaged@team-tools"]);
    expect(npm.code).toBe(1);
    expect(npm.stderr).toContain('packaged@team-tools comes from a "npm" source');

    for (const id of ["formatter@team-tools", "greeter@team-tools", "linter@team-tools"]) {
      const installed = await maia(["plugins", "add", id]);
      expect(installed.code, installed.stderr).toBe(0);
      expect(installed.stdout).toContain(`Installed ${id}`);
    }
    expect((await listed()).map((record) => [record.name, record.version, record.state, record.from])).toEqual([
      ["formatter@team-tools", "1.2.0", "active", `marketplace team-tools (${folder})`],
      ["greeter@team-tools", "0.3.0", "active", `marketplace team-tools (${folder})`],
      ["linter@team-tools", "1.0.0", "active", `marketplace team-tools (${folder})`],
    ]);
    bed.server.enqueue({ text: "Hello." });
    const run = await ask("/greeter:hello");
    expect(run.code, run.stderr).toBe(0);
    expect(userText(0)).toContain("Say hello from greeter 0.3.0.");

    // maia doctor: each plugin and what its files became, the settings that turn them on, the stores.
    const doctor = await maia(["doctor", "--json"]);
    expect(doctor.code, doctor.stderr).toBe(0);
    const report = JSON.parse(doctor.stdout) as { files: Array<{ path: string; format: string; kinds: string[]; became: Array<{ item: string }>; ignored: Array<{ item: string; reason: string }> }> };
    const cache = path.join(bed.home, ".maia", "plugins", "cache", "team-tools");
    const file = (...parts: string[]) => report.files.find((entry) => entry.path === path.join(...parts));
    const became = (...parts: string[]) => file(...parts)?.became.map((item) => item.item) ?? [];
    const formatter = path.join(cache, "formatter", "1.2.0");
    expect(file(formatter, ".claude-plugin", "plugin.json")).toMatchObject({ format: "claude-plugin", kinds: ["plugin"], ignored: [] });
    expect(became(formatter, ".claude-plugin", "plugin.json")).toEqual([
      `plugin formatter@team-tools 1.2.0 (marketplace team-tools (${folder}))`,
      `enabled in ${path.join(bed.home, ".maia", "settings.json")}`,
    ]);
    expect(became(formatter, "commands", "check.md")).toEqual(["/formatter:check (allowed-tools Read, Glob, Grep)"]);
    expect(became(formatter, "commands", "git", "sync.md")).toEqual(["/formatter:git:sync"]);
    expect(file(formatter, "agents", "reviewer.md")).toMatchObject({ format: "claude-plugin", kinds: ["agents"] });
    expect(became(formatter, "agents", "reviewer.md")).toEqual(["agent formatter:reviewer", "tools Read, Grep, Glob"]);
    expect(became(formatter, "skills", "style-guide", "SKILL.md")).toEqual(["skill formatter:style-guide"]);
    expect(became(formatter, "hooks", "hooks.json")[0]).toMatch(/^UserPromptSubmit: echo .* \(does not run until approved: \/hooks approve\)$/);
    expect(became(formatter, ".mcp.json")).toEqual([`server plugin_formatter_lint (${process.execPath} ${EVERYTHING} stdio): starts once this file is approved`]);
    expect(became(cache, "greeter", "0.3.0", ".claude-plugin", "plugin.json")[0]).toBe(`plugin greeter@team-tools 0.3.0 (marketplace team-tools (${folder}))`);
    expect(became(cache, "greeter", "0.3.0", "commands", "hello.md")).toEqual(["/greeter:hello"]);
    const settings = file(bed.home, ".maia", "settings.json");
    expect(settings?.became.map((item) => item.item)).toEqual(
      expect.arrayContaining(["enabledPlugins formatter@team-tools: on", "enabledPlugins greeter@team-tools: on", "enabledPlugins linter@team-tools: on"]),
    );
    expect(settings?.ignored).toEqual([]);
    expect(became(bed.home, ".maia", "plugins", "known_marketplaces.json")).toEqual([`marketplace team-tools (${folder})`]);
    expect(became(bed.home, ".maia", "plugins", "installed_plugins.json")).toEqual([
      "installed formatter@team-tools 1.2.0",
      "installed greeter@team-tools 0.3.0",
      "installed linter@team-tools 1.0.0",
    ]);
    expect(existsSync(path.join(bed.home, ".maia", "plugins", "cache", "team-tools", "greeter", "0.3.0", ".git"))).toBe(false);

    const removed = await maia(["plugins", "marketplace", "remove", "team-tools"]);
    expect(removed.code, removed.stderr).toBe(0);
    expect(removed.stdout).toContain("Uninstalled its plugins: formatter@team-tools, greeter@team-tools, linter@team-tools.");
    expect(await listed()).toEqual([]);
    expect(existsSync(folder)).toBe(true);
  });

  it("a marketplace.json served over HTTP: its git plugins install; a folder of it cannot, as in Claude Code", async () => {
    const { folder } = await marketplace();
    const catalogue = await readFile(path.join(folder, ".claude-plugin", "marketplace.json"));
    const server = createServer((request, response) => {
      response.writeHead(request.url === "/tools/marketplace.json" ? 200 : 404, { "content-type": "application/json" });
      response.end(request.url === "/tools/marketplace.json" ? catalogue : "{}");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tools/marketplace.json`;
      const add = await maia(["plugins", "marketplace", "add", url]);
      expect(add.code, add.stderr).toBe(0);
      expect(add.stdout).toContain(`Added the marketplace team-tools (${url})`);
      expect((await maia(["plugins", "add", "greeter@team-tools"])).code).toBe(0);
      const relative = await maia(["plugins", "add", "formatter@team-tools"]);
      expect(relative.code).toBe(1);
      expect(relative.stderr).toContain(`formatter@team-tools is a folder of its marketplace, which was added from a URL (${url})`);
      const missing = await maia(["plugins", "marketplace", "add", url.replace("tools/", "nothing/")]);
      expect(missing.stderr).toContain("HTTP 404");
    } finally {
      server.close();
    }
  });

  it("a git marketplace (owner/repo, mapped to a local repository by git's own url.insteadOf)", async () => {
    const { folder } = await marketplace();
    const repositories = await tempFolder("maia-github-");
    await mkdir(path.join(repositories, "acme"));
    bareRepository(folder, path.join(repositories, "acme", "tools.git"));
    // No network here: git itself rewrites https://github.com/ to the local folder, as a mirror setting would.
    const env = { GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: `url.file://${repositories}/.insteadOf`, GIT_CONFIG_VALUE_0: "https://github.com/" };
    const add = await maia(["plugins", "marketplace", "add", "acme/tools"], env);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toContain("Added the marketplace team-tools (acme/tools)");
    const clone = path.join(bed.home, ".maia", "plugins", "marketplaces", "team-tools");
    expect(existsSync(path.join(clone, ".claude-plugin", "marketplace.json"))).toBe(true);
    const installed = await maia(["plugins", "add", "formatter@team-tools", "--project"], env);
    expect(installed.code, installed.stderr).toBe(0);
    expect(JSON.parse(await readFile(path.join(bed.cwd, ".maia", "settings.json"), "utf8"))).toEqual({ enabledPlugins: { "formatter@team-tools": true } });
    bed.server.enqueue({ text: "Checked." });
    const run = await ask("/formatter:check lib");
    expect(run.code, run.stderr).toBe(0);
    expect(userText(0)).toContain("Check the formatting of lib with the rules in");
  });
});

describe("enabledPlugins in Claude Code's settings", SLOW, () => {
  /** A plugin as Claude Code installs it: its copy in ~/.claude/plugins/cache and its record, enabled in ~/.claude/settings.json. */
  async function installedByClaudeCode(): Promise<string> {
    const { folder } = await fixture();
    const installPath = path.join(bed.home, ".claude", "plugins", "cache", "team-tools", "formatter", "1.2.0");
    await cp(folder, installPath, { recursive: true });
    const record = { version: 2, plugins: { "formatter@team-tools": [{ scope: "user", installPath, version: "1.2.0", installedAt: "2026-01-01T00:00:00.000Z" }] } };
    await writeFile(path.join(bed.home, ".claude", "plugins", "installed_plugins.json"), JSON.stringify(record, null, 2));
    await writeFile(path.join(bed.home, ".claude", "settings.json"), JSON.stringify({ enabledPlugins: { "formatter@team-tools": true } }, null, 2));
    return installPath;
  }

  it("a plugin Claude Code installed works here; a project turns it off; one enabled but not installed is named", async () => {
    const installPath = await installedByClaudeCode();
    bed.server.enqueue({ text: "ok" });
    const run = await ask("/formatter:check a.ts");
    expect(run.code, run.stderr).toBe(0);
    expect(userText(0)).toContain(`with the rules in ${installPath}/rules.txt`);
    const table = await maia(["plugins", "list"]);
    expect(table.stdout).toMatch(/formatter@team-tools +1\.2\.0 +claude-plugin: marketplace team-tools, installed by Claude Code +active +\/formatter:check, \/formatter:git:sync, &formatter:reviewer/);

    await mkdir(path.join(bed.cwd, ".claude"), { recursive: true });
    const project = path.join(bed.cwd, ".claude", "settings.json");
    const projectSettings = {
      enabledPlugins: { "formatter@team-tools": false, "linter@acme": true },
      extraKnownMarketplaces: { acme: { source: { source: "github", repo: "acme/claude-plugins" } } },
    };
    await writeFile(project, JSON.stringify(projectSettings, null, 2));
    const [record] = await listed();
    expect(record).toMatchObject({ name: "formatter@team-tools", state: "disabled", reason: `turned off in ${project}` });
    // Nothing is fetched while MAIA starts: a git first on the PATH notes any run of it.
    const trap = await tempFolder("maia-git-trap-");
    const ran = path.join(trap, "git-ran");
    await writeFile(path.join(trap, "git"), `#!/bin/sh\necho "$@" >> ${JSON.stringify(ran)}\nexit 1\n`, { mode: 0o755 });
    bed.server.enqueue({ text: "ok" });
    const off = await runMaia(["-p", "/formatter:check a.ts", "--model", "fake-model"], { ...bed, env: { PATH: `${trap}${path.delimiter}${process.env.PATH ?? ""}` }, timeoutMs: 90_000 });
    expect(existsSync(ran)).toBe(false);
    expect(off.stderr).toContain(
      `linter@acme is enabled in ${project} but not installed: add its marketplace with \`maia plugins marketplace add acme/claude-plugins\` (declared in ${project}), then \`maia plugins add linter@acme\``,
    );
    expect(off.stderr).toContain("Unknown command: /formatter:check");
    expect(bed.server.chatBodies()).toHaveLength(1);
  });
});
