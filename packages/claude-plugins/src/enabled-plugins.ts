import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { locateJsonError, queueOnFile, readJsonWithPositions, readSettingsText, writeFileAtomic } from "@maia/util";
import { at, isRecord } from "./json-file.ts";
import { t } from "./messages.ts";
import { parsePluginId } from "./names.ts";
import { readMarketplaceSource, type MarketplaceSource } from "./sources.ts";

export type SettingsScope = "claude-user" | "user" | "claude-project" | "claude-local" | "project";

export interface SettingsLayer {
  file: string;
  scope: SettingsScope;
}

/**
 * The settings files whose `enabledPlugins` count, weakest first: Claude Code's user file, MAIA's; then the
 * project's — Claude Code's shared file, its local one, MAIA's last, which wins (a project setting beats a user
 * setting, MAIA's file beats Claude Code's at the same level). Launched from the home folder, the project files
 * are the user's: each file is read once, at its first place.
 */
export function settingsLayers(cwd: string, homeDir: string): SettingsLayer[] {
  const layers: SettingsLayer[] = [
    { file: path.join(homeDir, ".claude", "settings.json"), scope: "claude-user" },
    { file: path.join(homeDir, ".maia", "settings.json"), scope: "user" },
    { file: path.join(cwd, ".claude", "settings.json"), scope: "claude-project" },
    { file: path.join(cwd, ".claude", "settings.local.json"), scope: "claude-local" },
    { file: path.join(cwd, ".maia", "settings.json"), scope: "project" },
  ];
  const seen = new Set<string>();
  return layers.filter((layer) => {
    const key = path.resolve(layer.file);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export interface EnabledSetting {
  enabled: boolean;
  /** The file whose value won. */
  file: string;
  scope: SettingsScope;
}

export interface DeclaredMarketplace {
  source: MarketplaceSource;
  file: string;
}

export interface EnabledPlugins {
  /** Plugin id → the setting that decides it. */
  plugins: Map<string, EnabledSetting>;
  /** `extraKnownMarketplaces` of those files: how to install a marketplace a project expects (said, never fetched). */
  marketplaces: Map<string, DeclaredMarketplace>;
  /** Every file that has one of these keys, weakest first, with each entry and its line (for `maia doctor`). */
  files: EnabledPluginsFile[];
  warnings: string[];
}

/** One settings file's `enabledPlugins` and `extraKnownMarketplaces`, as written (the valid entries). */
export interface EnabledPluginsFile {
  file: string;
  scope: SettingsScope;
  /** Which of the two keys it has. */
  keys: string[];
  plugins: Array<{ id: string; enabled: boolean; line?: number }>;
  marketplaces: Array<{ name: string; source?: MarketplaceSource; line?: number }>;
}

/**
 * `enabledPlugins` (`{ "formatter@team-tools": true }`) of every settings layer, merged key by key, the stronger
 * layer winning. A file MAIA cannot read as JSON is left to the plugins that read its other keys (they say so);
 * a value that is not `true` or `false`, or a key that is not `name@marketplace`, is a warning with its line.
 */
export async function readEnabledPlugins(cwd: string, homeDir: string): Promise<EnabledPlugins> {
  const result: EnabledPlugins = { plugins: new Map(), marketplaces: new Map(), files: [], warnings: [] };
  for (const { file, scope } of settingsLayers(cwd, homeDir)) {
    let text: string | undefined;
    try {
      text = await readSettingsText(file);
    } catch {
      continue;
    }
    if (text === undefined) continue;
    const read = readJsonWithPositions(text, { trailingCommas: true });
    if (!read.ok || !isRecord(read.value)) continue;
    const line = (keys: string[]) => read.positions.keyLine(keys);
    const keys = ["enabledPlugins", "extraKnownMarketplaces"].filter((key) => Object.hasOwn(read.value as object, key));
    const found: EnabledPluginsFile = { file, scope, keys, plugins: [], marketplaces: [] };
    if (keys.length > 0) result.files.push(found);
    const enabled = read.value.enabledPlugins;
    if (enabled !== undefined && !isRecord(enabled)) result.warnings.push(t("enabledNotObject", { where: at(file, line(["enabledPlugins"])) }));
    for (const [id, value] of Object.entries(isRecord(enabled) ? enabled : {})) {
      if (parsePluginId(id) === undefined) {
        result.warnings.push(t("enabledBadId", { where: at(file, line(["enabledPlugins", id])), id }));
        continue;
      }
      if (typeof value !== "boolean") {
        result.warnings.push(t("enabledNotBoolean", { where: at(file, line(["enabledPlugins", id])), id }));
        continue;
      }
      result.plugins.set(id, { enabled: value, file, scope });
      found.plugins.push({ id, enabled: value, ...lineOf(line(["enabledPlugins", id])) });
    }
    const extra = read.value.extraKnownMarketplaces;
    for (const [name, value] of Object.entries(isRecord(extra) ? extra : {})) {
      const source = isRecord(value) ? readMarketplaceSource(value.source) : undefined;
      if (source) result.marketplaces.set(name, { source, file });
      found.marketplaces.push({ name, ...(source ? { source } : {}), ...lineOf(line(["extraKnownMarketplaces", name])) });
    }
  }
  return result;
}

function lineOf(line: number | undefined): { line?: number } {
  return line === undefined ? {} : { line };
}

/**
 * Sets `enabledPlugins[id]` in a settings file (`undefined` takes the key out), keeping every other key and the
 * file's indentation; atomic. A file that is not a JSON object is left alone and named in the error.
 */
export function setEnabledPlugin(file: string, id: string, enabled: boolean | undefined): Promise<boolean> {
  // In the one queue of this file for every edit of it (permission rules too: @maia/util's queueOnFile).
  return queueOnFile(file, () => setNow(file, id, enabled));
}

/**
 * Throws, with what to fix, when `setEnabledPlugin` could not write the file (not JSON, not an object,
 * `enabledPlugins` not an object): `maia plugins add` asks before it installs anything.
 */
export async function checkSettingsWritable(file: string): Promise<void> {
  await readForEdit(file);
}

/** Whether the file changed. */
async function setNow(file: string, id: string, enabled: boolean | undefined): Promise<boolean> {
  const { root, current, text } = await readForEdit(file);
  if (enabled === undefined ? !(id in current) : current[id] === enabled) return false;
  const next = { ...current };
  if (enabled === undefined) delete next[id];
  else next[id] = enabled;
  const indent = /\n(\t| +)"/.exec(text ?? "")?.[1] ?? 2;
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, `${JSON.stringify({ ...root, enabledPlugins: next }, null, indent)}\n`);
  return true;
}

async function readForEdit(file: string): Promise<{ root: Record<string, unknown>; current: Record<string, unknown>; text: string | undefined }> {
  let text: string | undefined;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw new Error(t("settingsUnreadable", { file, cause: (error as Error).message }));
  }
  let root: unknown = {};
  if (text !== undefined && text.trim() !== "") {
    try {
      root = JSON.parse(text);
    } catch {
      const line = locateJsonError(text)?.line;
      throw new Error(t("settingsNotJson", { where: at(file, line) }));
    }
  }
  if (!isRecord(root)) throw new Error(t("settingsNotObjectFile", { file }));
  const current = root.enabledPlugins ?? {};
  if (!isRecord(current)) throw new Error(t("enabledNotObject", { where: file }));
  return { root, current, text };
}
