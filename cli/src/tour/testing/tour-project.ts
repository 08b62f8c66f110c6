import { cp, mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startPageServer, tempFolder, type PageServer } from "@maia/testing-maia";

/**
 * The project every tour works in, made as a user makes theirs: a little source tree, a skill (SKILL.md), a
 * sub-agent (AGENT.md) that fetches pages itself, a custom tool (the Addition example's TOOL.json), the real MCP
 * server-everything in `~/.maia/mcp.json`, the model in `.maia/config.json`, and permission rules in
 * `.maia/settings.json` that allow what the tour does — nothing is asked, in any front end — plus a web page
 * served on 127.0.0.1 for WebFetch.
 */
export interface TourProject {
  /** The launch folder. */
  readonly cwd: string;
  /** HOME: `.maia/settings.json` (LiteLLM) and `.maia/mcp.json`. */
  readonly home: string;
  /** The page server (WebFetch's target). */
  readonly pages: PageServer;
  /** The page the main agent fetches, and the one the sub-agent fetches. */
  readonly guideUrl: string;
  readonly changelogUrl: string;
  /** How server-everything is started (mcp.json's entry; an ACP client passes the same in `session/new`). */
  readonly everything: { command: string; args: string[] };
  close(): Promise<void>;
}

/** What the project needs of the fake LiteLLM server: settings in a HOME that point at it. */
export interface SettingsWriter {
  writeSettings(homeDir: string): unknown;
}

export const TOUR_MODEL = "fake-model";
/** The sub-agent of the tour: it may use WebFetch only, so its own tool call goes through the sub-agent process. */
export const SCOUT = "scout";
export const SKILL = "haiku";

/** @modelcontextprotocol/server-everything, a devDependency of the MCP plugin, resolved from there. */
const fromMcpPlugin = createRequire(createRequire(import.meta.url).resolve("@maia/plugin-mcp"));
const EVERYTHING = path.join(path.dirname(fromMcpPlugin.resolve("@modelcontextprotocol/server-everything/package.json")), "dist", "index.js");
const ADDITION = fileURLToPath(new URL("../../../../examples/tools/addition", import.meta.url));

/** The rules a user would write for this tour: every tool it calls, and no more. */
export const TOUR_RULES = [
  "Read",
  "Glob",
  "Grep",
  "Write",
  "Edit",
  "Bash(cat *)",
  "TodoWrite",
  "WebFetch(domain:127.0.0.1)",
  "CurrentModel",
  `Skill(${SKILL})`,
  `Agent(${SCOUT})`,
  "Mcp(everything)",
  "Addition",
];

const GUIDE = [
  "<html><head><title>Install guide</title></head><body>",
  "<h1>Install</h1><ul><li>npm ci</li><li>npm test</li></ul>",
  "<script>stealCookies()</script></body></html>",
].join("");
const CHANGELOG = "<html><head><title>Changelog</title></head><body><h2>1.2.0</h2><p>Faster <strong>start-up</strong>.</p></body></html>";

const AGENT = [
  "---",
  `name: ${SCOUT}`,
  "description: Reads a web page and reports what it says",
  "tools: [WebFetch]",
  "---",
  "",
  "# Instructions system",
  "You read web pages.",
  "",
  "# Missions",
  "Fetch the page you are given and report its headings.",
  "",
  "# Output",
  "One line.",
  "",
].join("\n");

const SKILL_MD = `---\ndescription: Writes a haiku about a subject\n---\nWrite a haiku about $ARGUMENTS.\n`;

async function write(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

export interface TourOptions {
  /** false: no `~/.maia/mcp.json`, for an ACP client that passes server-everything itself in `session/new`. */
  mcpJson?: boolean;
}

/** Makes the tour's HOME and launch folder (fresh temporary folders) and starts its page server. */
export async function tourProject(server: SettingsWriter, options: TourOptions = {}): Promise<TourProject> {
  const cwd = await tempFolder("maia-tour-");
  const home = await tempFolder("maia-tour-home-");
  server.writeSettings(home);
  const pages = await startPageServer({
    "/guide.html": { type: "text/html; charset=utf-8", body: GUIDE },
    "/changelog.html": { type: "text/html", body: CHANGELOG },
  });
  const everything = { command: process.execPath, args: [EVERYTHING, "stdio"] };
  if (options.mcpJson !== false) {
    await write(path.join(home, ".maia", "mcp.json"), `${JSON.stringify({ mcpServers: { everything: { type: "stdio", ...everything } } }, null, 2)}\n`);
  }
  await write(path.join(cwd, "src", "main.ts"), "export function main() {\n  return 42;\n}\n");
  await write(path.join(cwd, "README.md"), "# Demo\n\nRun `npm test`.\n");
  await write(path.join(cwd, ".maia", "config.json"), `${JSON.stringify({ model: `litellm:${TOUR_MODEL}` }, null, 2)}\n`);
  await write(path.join(cwd, ".maia", "settings.json"), `${JSON.stringify({ permissions: { allow: TOUR_RULES } }, null, 2)}\n`);
  await write(path.join(cwd, ".maia", "skills", SKILL, "SKILL.md"), SKILL_MD);
  await write(path.join(cwd, ".maia", "agents", SCOUT, "AGENT.md"), AGENT);
  await cp(ADDITION, path.join(cwd, ".maia", "tools", "addition"), { recursive: true });
  return {
    cwd,
    home,
    pages,
    guideUrl: `${pages.url}/guide.html`,
    changelogUrl: `${pages.url}/changelog.html`,
    everything,
    close: () => pages.close(),
  };
}
