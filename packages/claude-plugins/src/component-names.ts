import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { definitionFolders, isMissing } from "@maia/util";
import { readFrontMatter } from "@maia/util/front-matter";
import { isRecord, readJsonFile } from "./json-file.ts";
import { pluginServerKey } from "./names.ts";
import type { ComponentPath, PluginRead } from "./plugin-reader.ts";

/** What a plugin brings, by the names the user will type or see (what `maia plugins add` and `list` show). */
export interface ComponentNames {
  /** `/formatter:check`, a sub-folder adding a level (`/formatter:git:sync`). */
  commands: string[];
  /** `formatter:reviewer` (`&formatter:reviewer`, the Agent tool): the plugin's name, then the agent's `name`. */
  agents: string[];
  /** `formatter:style-guide` (`§formatter:style-guide`, the Skill tool). */
  skills: string[];
  /** Hook commands, by event: `PostToolUse` ×2. */
  hooks: Record<string, number>;
  /** MCP server keys: `plugin_formatter_lint`. */
  mcpServers: string[];
}

/**
 * The names a plugin's definitions will have, from its files' names (the loaders read the files themselves and
 * say what is wrong in one): each command `.md` under its command paths, each agent `.md`, each skill folder
 * holding a SKILL.md, the commands of each hooks event, each server.
 */
export async function componentNames(plugin: PluginRead): Promise<ComponentNames> {
  const { name, components } = plugin;
  const commands = new Set<string>();
  for (const place of components.commands) {
    for (const file of await markdownUnder(place)) {
      const root = place.single ? path.dirname(place.path) : place.path;
      commands.add(`/${name}:${path.relative(root, file).replace(/\.md$/i, "").split(path.sep).join(":")}`);
    }
  }
  const agents = new Set<string>();
  for (const place of components.agents) {
    // As the subagents plugin reads them: every `.md` below, sub-folders only sorting files, named by `name`.
    for (const file of await markdownUnder(place, 5)) {
      const agent = await agentName(file);
      if (agent !== undefined) agents.add(`${name}:${agent}`);
    }
  }
  const skills = new Set<string>();
  for (const place of components.skills) {
    const folders = place.single ? [place.path] : await definitionFolders(place.path);
    for (const folder of folders) if (!isMissing(path.join(folder, "SKILL.md"))) skills.add(`${name}:${path.basename(folder)}`);
  }
  const hooks: Record<string, number> = {};
  for (const file of components.hookFiles) {
    const read = await readJsonFile(file);
    const block = read.kind === "json" && isRecord(read.value) && isRecord(read.value.hooks) ? read.value.hooks : {};
    for (const [event, groups] of Object.entries(block)) {
      const count = Array.isArray(groups) ? groups.reduce((sum: number, group) => sum + (isRecord(group) && Array.isArray(group.hooks) ? group.hooks.length : 0), 0) : 0;
      if (count > 0) hooks[event] = (hooks[event] ?? 0) + count;
    }
  }
  return {
    commands: [...commands].sort(),
    agents: [...agents].sort(),
    skills: [...skills].sort(),
    hooks,
    mcpServers: components.mcpServers.map((server) => pluginServerKey(name, server.name)),
  };
}

/** An agent file's `name`; none for a file without one (notes kept beside the agents, which Claude Code skips). */
async function agentName(file: string): Promise<string | undefined> {
  const size = (await stat(file).catch(() => undefined))?.size ?? Infinity;
  if (size > MAX_AGENT_BYTES) return undefined;
  const text = await readFile(file, "utf8").catch(() => undefined);
  const header = text === undefined ? undefined : readFrontMatter(text, { plainValueRetry: true });
  const value = header?.ok ? header.data.name : undefined;
  const agent = typeof value === "string" ? value.trim() : undefined;
  return agent === undefined || agent === "" ? undefined : agent;
}

const MAX_AGENT_BYTES = 1_000_000;

/** The `.md` files of a command or agent path: the file itself, or those under the folder (hidden ones left out). */
async function markdownUnder(place: ComponentPath, maxDepth = 4): Promise<string[]> {
  if (place.single) return place.path.toLowerCase().endsWith(".md") ? [place.path] : [];
  const found: string[] = [];
  const walk = async (folder: string, depth: number): Promise<void> => {
    const names = await readdir(folder).catch(() => [] as string[]);
    for (const entry of names.sort()) {
      if (entry.startsWith(".")) continue;
      const target = path.join(folder, entry);
      const info = await stat(target).catch(() => undefined);
      if (info?.isDirectory() && depth < maxDepth) await walk(target, depth + 1);
      else if (info?.isFile() && entry.toLowerCase().endsWith(".md")) found.push(target);
    }
  };
  await walk(place.path, 1);
  return found;
}
