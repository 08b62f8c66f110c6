import { realpathSync } from "node:fs";
import path from "node:path";
import { describeJsonError, isMissing, readJsonWithPositions, readSettingsText, type JsonPositions } from "@maia/util";
import { t } from "./messages.ts";

/**
 * Every settings file MAIA reads, MAIA's and Claude Code's, in one list shared by the plugins that read a key of
 * them (permissions, hooks, env, MCP approvals, model aliases, the sandbox): one place says which files exist,
 * whose format each is, and which wins. Lowest precedence first: for a single value (`defaultMode`, one `env`
 * variable, a `sandbox` switch) the last file that sets it wins; lists (rules, hooks, directories) add up.
 *
 * Claude Code's own order is user < project < local (its settings page); MAIA keeps it, and at each level its
 * own file wins over Claude Code's: `~/.claude/settings.json` < `~/.maia/settings.json` <
 * `.claude/settings.json` < `.claude/settings.local.json` < `.maia/settings.json`. Only the launch folder is
 * looked at, never its parents (seed § 9.1).
 */
export type SettingsFormat = "maia" | "claude";

/** `local`: `.claude/settings.local.json`, the user's own file kept in the project (Claude Code's local scope). */
export type SettingsScope = "user" | "project" | "local";

export interface SettingsFile {
  path: string;
  format: SettingsFormat;
  scope: SettingsScope;
  /**
   * Where a Claude Code path rule written `/path` starts (its "settings source"): the project root for
   * `.claude/settings.json`, the launch folder for `.claude/settings.local.json`, `~/.claude` for the user's file.
   * MAIA's own files read `/path` as an absolute path, so theirs is unused (the folder of the file).
   */
  anchor: string;
  /**
   * Written by the user for themselves (their home's files): what it says applies at once. A project file may
   * come with a cloned repository: what would run a program from it waits for an approval (hooks, MCP servers).
   * `.claude/settings.local.json` lives in the project and could be committed, so it is not personal here.
   */
  personal: boolean;
}

export function settingsFiles(cwd: string, homeDir: string): SettingsFile[] {
  const claudeHome = path.join(homeDir, ".claude");
  const candidates: SettingsFile[] = [
    { path: path.join(claudeHome, "settings.json"), format: "claude", scope: "user", anchor: claudeHome, personal: true },
    { path: path.join(homeDir, ".maia", "settings.json"), format: "maia", scope: "user", anchor: path.join(homeDir, ".maia"), personal: true },
    { path: path.join(cwd, ".claude", "settings.json"), format: "claude", scope: "project", anchor: cwd, personal: false },
    { path: path.join(cwd, ".claude", "settings.local.json"), format: "claude", scope: "local", anchor: cwd, personal: false },
    { path: path.join(cwd, ".maia", "settings.json"), format: "maia", scope: "project", anchor: path.join(cwd, ".maia"), personal: false },
  ];
  // Launched from the home folder, the project's files are the user's: each is read once, as the user's.
  const seen = new Set<string>();
  return candidates.filter((file) => {
    const key = canonicalFile(file.path);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The files of one format, in the same order. */
export function settingsFilesOf(format: SettingsFormat, cwd: string, homeDir: string): SettingsFile[] {
  return settingsFiles(cwd, homeDir).filter((file) => file.format === format);
}

export interface SettingsLayer extends SettingsFile {
  /** The file exists (it may still be unusable: see `problem`). */
  found: boolean;
  /** The file's JSON object; undefined when missing or unusable. */
  data?: Record<string, unknown>;
  /** Lines of its keys and values, for messages that name the line. */
  positions?: JsonPositions;
  /** Why an existing file cannot be used (unreadable, not JSON, not an object), naming the file. */
  problem?: string;
}

/**
 * Reads the files (each from disk once per process while it does not change, `readSettingsText`). Never throws:
 * a missing file is `found: false`, a broken one carries its `problem` and no data.
 */
export async function readSettingsLayers(files: readonly SettingsFile[]): Promise<SettingsLayer[]> {
  return Promise.all(files.map(readLayer));
}

async function readLayer(file: SettingsFile): Promise<SettingsLayer> {
  let text: string | undefined;
  try {
    text = await readSettingsText(file.path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { ...file, found: false };
    return { ...file, found: true, problem: t("settingsUnreadable", { file: file.path, cause: code ?? String(error) }) };
  }
  if (text === undefined) return { ...file, found: false };
  const read = readJsonWithPositions(text);
  if (!read.ok) {
    const { line, column } = read.error;
    return { ...file, found: true, problem: t("settingsNotJson", { file: file.path, line, column, reason: describeJsonError(read.error) }) };
  }
  if (!isRecord(read.value)) return { ...file, found: true, problem: t("settingsNotObject", { file: file.path }) };
  return { ...file, found: true, data: read.value, positions: read.positions };
}

/** The value the file of highest precedence gives at `keys` (`["permissions", "defaultMode"]`), and that file. */
export function settingValue(layers: readonly SettingsLayer[], keys: readonly string[]): { value: unknown; layer: SettingsLayer } | undefined {
  for (let index = layers.length - 1; index >= 0; index -= 1) {
    const layer = layers[index] as SettingsLayer;
    const value = valueAt(layer.data, keys);
    if (value !== undefined) return { value, layer };
  }
  return undefined;
}

/** The value at a path of keys in a JSON object, undefined where a step is missing or not an object. */
export function valueAt(data: unknown, keys: readonly string[]): unknown {
  let current: unknown = data;
  for (const key of keys) {
    if (!isRecord(current) || !Object.hasOwn(current, key)) return undefined;
    current = current[key];
  }
  return current;
}

/** `file:line` when the line is known. */
export function where(file: string, line: number | undefined): string {
  return line === undefined ? file : `${file}:${line}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The file's path with the links of its nearest existing folder resolved: launched from the home folder (or a
 * link to it), `./.claude/settings.json` is `~/.claude/settings.json`, present or not. Missing folders are probed
 * without an exception (issue 22).
 */
function canonicalFile(file: string): string {
  let folder = path.resolve(path.dirname(file));
  const rest = [path.basename(file)];
  while (isMissing(folder) && path.dirname(folder) !== folder) {
    rest.unshift(path.basename(folder));
    folder = path.dirname(folder);
  }
  try {
    return path.join(realpathSync(folder), ...rest);
  } catch {
    return path.join(folder, ...rest);
  }
}
