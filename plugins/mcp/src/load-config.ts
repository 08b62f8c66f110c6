import { readFile } from "node:fs/promises";
import path from "node:path";
import { errorMessage } from "@maia/kernel";
import { closest, describeJsonError, isMissing, readJsonWithPositions, sha256Hex, type ContributedMcpServer } from "@maia/util";
import { KNOWN_SERVER_FIELDS } from "./config-schema.ts";
import { t } from "./messages.ts";
import { parseServerEntry, type EntryContext } from "./parse-server.ts";
import { parseToolSearch, type ToolSearchMode } from "./tool-search-setting.ts";
import type { LoadedMcpConfig, McpConfigFile, McpOrigin, McpServerConfig } from "./server-config.ts";

/**
 * Reads the MCP configuration (seed § 22.1): `~/.maia/mcp.json`, and, beyond the seed, the launch folder's
 * `.maia/mcp.json`, whose servers will only start once approved (see approvals.ts); and Claude Code's: the user
 * scope and this project's local scope of `~/.claude.json` (`mcpServers`, `projects[<folder>].mcpServers`), and the
 * project's `.mcp.json`, approved like `.maia/mcp.json`. A missing file is no problem; an unreadable or broken one,
 * and every bad entry, is a warning naming the file and line, and the rest loads. A key defined twice keeps the
 * first entry in the order below, the user's before any project's: a cloned repository cannot swap the program
 * behind a name the user's own configuration or rules already name.
 */
export function userConfigPath(homeDir: string): string {
  return path.join(homeDir, ".maia", "mcp.json");
}

export function projectConfigPath(cwd: string): string {
  return path.join(cwd, ".maia", "mcp.json");
}

/** One place servers are read from (the servers of Claude Code plugins come as `plugins`, entries rather than files). */
export interface McpSource {
  file: string;
  origin: McpOrigin;
  /** `claude`: Claude Code's file; its servers start as Claude Code starts them (no `Mcp(...)` allow rule needed). */
  format: "maia" | "claude";
  /** Where the `mcpServers` object is in the file (`~/.claude.json` holds much else): `["mcpServers"]` by default. */
  at?: readonly string[];
}

/** The sources, in the order a key defined twice is kept (the first wins). */
export function mcpSources(cwd: string, homeDir: string): McpSource[] {
  const claudeJson = path.join(homeDir, ".claude.json");
  const sources: McpSource[] = [
    { file: userConfigPath(homeDir), origin: "user", format: "maia" },
    // Claude Code's local scope: this project's entry in ~/.claude.json, the user's own file.
    { file: claudeJson, origin: "user", format: "claude", at: ["projects", path.resolve(cwd), "mcpServers"] },
    { file: claudeJson, origin: "user", format: "claude", at: ["mcpServers"] },
  ];
  const project = projectConfigPath(cwd);
  // Launched from the home folder, the project file is the user's file: read it once, as the user's.
  if (path.resolve(project) !== path.resolve(userConfigPath(homeDir))) sources.push({ file: project, origin: "project", format: "maia" });
  sources.push({ file: path.join(cwd, ".mcp.json"), origin: "project", format: "claude" });
  return sources;
}

export async function loadMcpConfig(options: {
  homeDir: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  sources?: readonly McpSource[];
  /** The servers of the Claude Code plugins that are on (the claude-plugins plugin's contributed sources). */
  plugins?: readonly ContributedMcpServer[];
}): Promise<LoadedMcpConfig> {
  const loaded: LoadedMcpConfig = { servers: [], disabled: [], disabledIn: {}, files: [], warnings: [] };
  const sources = options.sources ?? mcpSources(options.cwd, options.homeDir);
  const seen = new Map<string, string>();
  for (const source of sources) {
    const result = await readConfigFile(source, options);
    if (result.present) loaded.files.push(result.file);
    loaded.warnings.push(...result.warnings);
    // The project's .maia/mcp.json comes after the user's: its setting wins, as a project's settings do.
    if (result.toolSearch) loaded.toolSearch = result.toolSearch;
    for (const server of result.servers) {
      const other = seen.get(server.key);
      if (other !== undefined) {
        loaded.warnings.push(t("serverDuplicate", { where: where(server.file, server.line), key: server.key, other }));
        continue;
      }
      seen.set(server.key, server.file);
      loaded.servers.push(server);
    }
    for (const key of result.disabled) {
      if (seen.has(key)) continue;
      seen.set(key, source.file);
      loaded.disabled.push(key);
      (loaded.disabledIn ??= {})[key] = source.file;
    }
  }
  readPluginServers(options.plugins ?? [], options, seen, loaded);
  return loaded;
}

/**
 * A Claude Code plugin's servers, after the files: each entry checked as an mcp.json entry is, under the key its
 * plugin gives (`plugin_<plugin>_<server>`, so that its tools are `mcp__plugin_<plugin>_<server>__<tool>`, Claude
 * Code's names: its rules, `mcp__plugin_formatter_lint`, then mean the same here). `${CLAUDE_PLUGIN_ROOT}` and the
 * other variables of the plugin expand like environment variables and reach a stdio server's environment. A key
 * taken by the user's or the project's files keeps their entry.
 */
function readPluginServers(
  plugins: readonly ContributedMcpServer[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
  seen: Map<string, string>,
  loaded: LoadedMcpConfig,
): void {
  for (const server of plugins) {
    if (!loaded.files.some((file) => file.path === server.file)) loaded.files.push({ path: server.file, origin: "plugin", found: true, hash: server.hash });
    const { key } = server;
    const context: EntryContext = {
      key,
      origin: "plugin",
      file: server.file,
      ...(server.line === undefined ? {} : { line: server.line }),
      cwd: options.cwd,
      env: { ...options.env, ...server.variables },
      fieldLine: (field) => server.fieldLine(field),
    };
    const outcome = parseServerEntry(server.entry, context);
    loaded.warnings.push(...outcome.warnings, ...unknownFields(server.entry, context));
    const other = seen.get(key);
    if (other !== undefined && outcome.kind !== "ignored") {
      loaded.warnings.push(t("serverDuplicate", { where: where(server.file, server.line), key, other }));
      continue;
    }
    if (outcome.kind === "disabled") {
      seen.set(key, server.file);
      loaded.disabled.push(key);
      (loaded.disabledIn ??= {})[key] = server.file;
    }
    if (outcome.kind !== "server") continue;
    seen.set(key, server.file);
    const config = outcome.server;
    if (config.transport.type === "stdio") config.transport.env = { ...server.variables, ...config.transport.env };
    // Claude Code's servers: they start as there, without an `Mcp(...)` allow rule, once the plugin's file is approved.
    loaded.servers.push({ ...config, plugin: server.id, format: "claude" });
  }
}

interface FileResult {
  file: McpConfigFile;
  /** The file exists and (for `~/.claude.json`) holds servers at the source's place: listed among the files. */
  present: boolean;
  servers: McpServerConfig[];
  disabled: string[];
  warnings: string[];
  toolSearch?: ToolSearchMode;
}

/** The top-level key of a MAIA mcp.json that says when MCP tools are deferred (tool-search-setting.ts). */
const TOOL_SEARCH_KEY = "toolSearch";

async function readConfigFile(source: McpSource, options: { cwd: string; env: NodeJS.ProcessEnv }): Promise<FileResult> {
  const { file, origin, format } = source;
  const at = source.at ?? ["mcpServers"];
  const result: FileResult = { file: { path: file, origin, format, found: false }, present: false, servers: [], disabled: [], warnings: [] };
  if (isMissing(file)) return result;
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") result.warnings.push(t("configUnreadable", { file, cause: errorMessage(error) }));
    return result;
  }
  // Claude Code's own state file: only its servers matter here, and it is present for this source only when it has some.
  const stateFile = source.at !== undefined;
  result.file = { path: file, origin, format, found: true, hash: sha256Hex(bytes), ...(stateFile ? { at: [...at] } : {}) };
  result.present = !stateFile;
  const parsed = readJsonWithPositions(bytes.toString("utf8"));
  if (!parsed.ok) {
    const { line, column } = parsed.error;
    // ~/.claude.json is read twice (two scopes): its problem is said once, with the user scope.
    if (!stateFile || at.length === 1) result.warnings.push(t("configInvalidJson", { file, line, column, cause: describeJsonError(parsed.error) }));
    return result;
  }
  const root = parsed.value;
  const lineOf = (...path: string[]) => parsed.positions.keyLine(path);
  if (!isRecord(root)) {
    if (!stateFile || at.length === 1) result.warnings.push(t("configNotObject", { file }));
    return result;
  }
  if (!stateFile) {
    for (const key of Object.keys(root)) {
      if (key === "mcpServers") continue;
      if (key === TOOL_SEARCH_KEY && format === "maia") {
        const mode = parseToolSearch(root[key]);
        if (mode) result.toolSearch = mode;
        else result.warnings.push(t("toolSearchBadValue", { where: where(file, lineOf(key)) }));
        continue;
      }
      result.warnings.push(t("configUnknownKey", { where: where(file, lineOf(key)), key }));
    }
  }
  let servers: unknown = root;
  for (const key of at) servers = isRecord(servers) && Object.hasOwn(servers, key) ? servers[key] : undefined;
  if (servers === undefined) return result;
  result.present = true;
  if (!isRecord(servers)) {
    result.warnings.push(t("configServersNotObject", { where: where(file, lineOf(...at)) }));
    return result;
  }
  for (const [key, entry] of Object.entries(servers)) {
    const line = lineOf(...at, key);
    const context: EntryContext = {
      key,
      origin,
      file,
      ...(line === undefined ? {} : { line }),
      cwd: options.cwd,
      env: options.env,
      fieldLine: (field) => lineOf(...at, key, field),
    };
    const outcome = parseServerEntry(entry, context);
    result.warnings.push(...outcome.warnings, ...unknownFields(entry, context));
    if (outcome.kind === "server") result.servers.push({ ...outcome.server, format });
    else if (outcome.kind === "disabled") result.disabled.push(key);
  }
  return result;
}

/** A warning for each field of an entry MAIA does not know, with "did you mean" when one is close. */
function unknownFields(entry: unknown, context: EntryContext): string[] {
  if (!isRecord(entry)) return [];
  const { key, file } = context;
  return Object.keys(entry)
    .filter((field) => !KNOWN_SERVER_FIELDS.includes(field))
    .map((field) => {
      const guess = closest(field, KNOWN_SERVER_FIELDS);
      const at = where(file, context.fieldLine(field) ?? context.line);
      return guess ? t("serverUnknownFieldGuess", { where: at, key, field, guess }) : t("serverUnknownField", { where: at, key, field });
    });
}

/** `file:line` when the line is known, else the file. */
export function where(file: string, line: number | undefined): string {
  return line === undefined ? file : `${file}:${line}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
