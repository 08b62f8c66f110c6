import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Claude Code plugins and marketplaces written the way its documentation shows them, for the end-to-end tests:
 * a plugin with every part (commands, a namespaced one, an agent, a skill, hooks/hooks.json, .mcp.json, all
 * naming `${CLAUDE_PLUGIN_ROOT}`), a marketplace with a plugin in its own folder and one in a git repository.
 */
const require = createRequire(import.meta.url);
/** A real MCP server for the plugin's .mcp.json: server-everything (its `get-env` tool shows the environment it got). */
export const EVERYTHING = path.join(path.dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")), "dist", "index.js");

async function write(file: string, content: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
  return file;
}

export interface FixturePluginOptions {
  name?: string;
  version?: string;
  /** A file the UserPromptSubmit hook writes into (with the plugin's root in it), to see that it ran. */
  hookMarker: string;
}

/** A complete plugin, in `folder`, as `claude plugin validate` accepts it. Returns the folder. */
export async function writeFixturePlugin(folder: string, options: FixturePluginOptions): Promise<string> {
  const name = options.name ?? "formatter";
  const manifest = {
    name,
    version: options.version ?? "1.2.0",
    description: "Formatting commands, a reviewer agent, the team style guide, a hook and a lint server",
    author: { name: "Team Tools", email: "tools@example.com" },
    license: "MIT",
    keywords: ["format"],
  };
  await write(path.join(folder, ".claude-plugin", "plugin.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  await write(
    path.join(folder, "commands", "check.md"),
    `---\ndescription: Check the formatting of a path\nargument-hint: "<path>"\nallowed-tools: Read, Grep\n---\nCheck the formatting of $ARGUMENTS with the rules in \${CLAUDE_PLUGIN_ROOT}/rules.txt.\n`,
  );
  await write(path.join(folder, "commands", "git", "sync.md"), "---\ndescription: Sync the formatter's git hooks\n---\nSync the formatter's git hooks.\n");
  await write(
    path.join(folder, "agents", "reviewer.md"),
    "---\nname: reviewer\ndescription: Reviews formatting changes before a commit\ntools: Read, Grep, Glob\n---\nYou review formatting changes against ${CLAUDE_PLUGIN_ROOT}/rules.txt. Report each file that breaks the team style.\n",
  );
  await write(
    path.join(folder, "skills", "style-guide", "SKILL.md"),
    "---\nname: style-guide\ndescription: \"The team style guide: tabs, 100 columns\"\n---\nIndent with tabs. Lines stay under 100 columns. The full guide is in ${CLAUDE_PLUGIN_ROOT}/rules.txt.\n",
  );
  await write(path.join(folder, "rules.txt"), "tabs\n100 columns\n");
  const hooks = {
    description: "Notes each prompt",
    hooks: {
      UserPromptSubmit: [{ hooks: [{ type: "command", command: `echo "\${CLAUDE_PLUGIN_ROOT} $CLAUDE_PLUGIN_ROOT" > ${JSON.stringify(options.hookMarker)}`, timeout: 10 }] }],
    },
  };
  await write(path.join(folder, "hooks", "hooks.json"), `${JSON.stringify(hooks, null, 2)}\n`);
  const servers = { mcpServers: { lint: { command: process.execPath, args: [EVERYTHING, "stdio"], env: { LINT_RULES: "${CLAUDE_PLUGIN_ROOT}/rules.txt" } } } };
  await write(path.join(folder, ".mcp.json"), `${JSON.stringify(servers, null, 2)}\n`);
  return folder;
}

/** A small plugin with one command, for a marketplace's second entry. */
export async function writeSmallPlugin(folder: string, name: string, version: string): Promise<string> {
  await write(path.join(folder, ".claude-plugin", "plugin.json"), `${JSON.stringify({ name, version, description: `The ${name} plugin` }, null, 2)}\n`);
  await write(path.join(folder, "commands", "hello.md"), `---\ndescription: Say hello from ${name}\n---\nSay hello from ${name} ${version}.\n`);
  return folder;
}

/** Runs git quietly, as a test's setup does (an identity of its own, no user configuration). */
export function gitIn(folder: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd: folder,
    encoding: "utf8",
    env: { ...process.env, GIT_AUTHOR_NAME: "Test", GIT_AUTHOR_EMAIL: "test@example.com", GIT_COMMITTER_NAME: "Test", GIT_COMMITTER_EMAIL: "test@example.com", GIT_CONFIG_GLOBAL: "/dev/null", GIT_CONFIG_NOSYSTEM: "1" },
  });
}

/** Commits a folder's content and makes a bare repository of it beside; returns the bare repository's file:// URL. */
export function bareRepository(folder: string, bare: string): string {
  gitIn(folder, "init", "--quiet", "--initial-branch=main");
  gitIn(folder, "add", "--all");
  gitIn(folder, "commit", "--quiet", "--message", "plugin");
  gitIn(path.dirname(bare), "clone", "--quiet", "--bare", folder, bare);
  return `file://${bare}`;
}

/**
 * A marketplace folder: `formatter` in its own `plugins/formatter` folder (a relative source) and `greeter` from a
 * git repository (a `url` source pointing at a local bare repository: no network here).
 */
export async function writeMarketplace(folder: string, entries: ReadonlyArray<{ name: string; source: unknown; description?: string }>): Promise<string> {
  const marketplace = { name: "team-tools", owner: { name: "Team Tools", email: "tools@example.com" }, metadata: { description: "The team's plugins" }, plugins: entries };
  return write(path.join(folder, ".claude-plugin", "marketplace.json"), `${JSON.stringify(marketplace, null, 2)}\n`);
}
