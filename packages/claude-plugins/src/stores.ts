import { mkdir } from "node:fs/promises";
import path from "node:path";
import { writeFileAtomic } from "@maia/util";
import { at, isRecord, readJsonFile } from "./json-file.ts";
import { t } from "./messages.ts";
import { formatPluginId, isValidName, parsePluginId } from "./names.ts";
import { readMarketplaceSource, type MarketplaceSource } from "./sources.ts";

/**
 * Where plugins are kept, Claude Code's layout under MAIA's folder: `~/.maia/plugins/known_marketplaces.json`,
 * `installed_plugins.json`, `marketplaces/<name>/` (a marketplace's clone), `cache/<marketplace>/<plugin>/<version>/`
 * (an installed plugin). Claude Code's own `~/.claude/plugins/` has the same files: MAIA reads them, never writes
 * them, so that what a Claude Code user installed works here too.
 */
export type StoreOwner = "maia" | "claude";

export interface PluginStore {
  owner: StoreOwner;
  folder: string;
}

export function maiaStore(homeDir: string): PluginStore {
  return { owner: "maia", folder: path.join(homeDir, ".maia", "plugins") };
}

export function claudeStore(homeDir: string): PluginStore {
  return { owner: "claude", folder: path.join(homeDir, ".claude", "plugins") };
}

export const knownMarketplacesFile = (store: PluginStore) => path.join(store.folder, "known_marketplaces.json");
export const installedPluginsFile = (store: PluginStore) => path.join(store.folder, "installed_plugins.json");
export const marketplacesFolder = (store: PluginStore) => path.join(store.folder, "marketplaces");
export const cacheFolder = (store: PluginStore) => path.join(store.folder, "cache");

export interface KnownMarketplace {
  name: string;
  source: MarketplaceSource;
  /** The folder holding `.claude-plugin/marketplace.json`: a clone, or the user's own folder. */
  installLocation: string;
  lastUpdated?: string;
  store: StoreOwner;
}

export interface InstallRecord {
  /** `name@marketplace`. */
  id: string;
  name: string;
  marketplace: string;
  installPath: string;
  version?: string;
  installedAt?: string;
  lastUpdated?: string;
  gitCommitSha?: string;
  /** Where a plugin added from a folder or a git URL came from (MAIA's own field; `name@inline`). */
  origin?: string;
  /** Claude Code's `scope` and `projectPath` (a plugin installed for one project). */
  scope?: string;
  projectPath?: string;
  store: StoreOwner;
}

export interface StoreRead<T> {
  items: T[];
  warnings: string[];
}

/** known_marketplaces.json: `{ "<name>": { "source": {…}, "installLocation": "…", "lastUpdated": "…" } }`. */
export async function readKnownMarketplaces(store: PluginStore): Promise<StoreRead<KnownMarketplace>> {
  const file = knownMarketplacesFile(store);
  const read = await readJsonFile(file);
  if (read.kind === "missing") return { items: [], warnings: [] };
  if (read.kind === "broken") return { items: [], warnings: [read.message] };
  if (!isRecord(read.value)) return { items: [], warnings: [t("storeNotObject", { file })] };
  const items: KnownMarketplace[] = [];
  const warnings: string[] = [];
  for (const [name, value] of Object.entries(read.value)) {
    const source = isRecord(value) ? readMarketplaceSource(value.source) : undefined;
    const installLocation = isRecord(value) && typeof value.installLocation === "string" ? value.installLocation : undefined;
    if (!isValidName(name) || !source || installLocation === undefined || !path.isAbsolute(installLocation)) {
      // Claude Code's file may hold kinds MAIA does not read (npm, settings…): skipped without a word there.
      if (store.owner === "maia") warnings.push(t("storeBadEntry", { where: at(file, read.line([name])), name }));
      continue;
    }
    const lastUpdated = isRecord(value) && typeof value.lastUpdated === "string" ? value.lastUpdated : undefined;
    items.push({ name, source, installLocation, ...(lastUpdated ? { lastUpdated } : {}), store: store.owner });
  }
  return { items, warnings };
}

/**
 * installed_plugins.json, version 2 (`{ "version": 2, "plugins": { "<id>": [ {installPath, version…} ] } }`) or
 * Claude Code's earlier version 1 (one object per id). A record whose `installPath` is not absolute is skipped.
 */
export async function readInstalledPlugins(store: PluginStore): Promise<StoreRead<InstallRecord>> {
  const file = installedPluginsFile(store);
  const read = await readJsonFile(file);
  if (read.kind === "missing") return { items: [], warnings: [] };
  if (read.kind === "broken") return { items: [], warnings: [read.message] };
  if (!isRecord(read.value) || !isRecord(read.value.plugins)) return { items: [], warnings: [t("storeNotObject", { file })] };
  const items: InstallRecord[] = [];
  const warnings: string[] = [];
  for (const [id, value] of Object.entries(read.value.plugins)) {
    const parsed = parsePluginId(id);
    const records = Array.isArray(value) ? value : [value];
    for (const record of records) {
      const installPath = isRecord(record) && typeof record.installPath === "string" ? record.installPath : undefined;
      if (!parsed || installPath === undefined || !path.isAbsolute(installPath)) {
        if (store.owner === "maia") warnings.push(t("storeBadEntry", { where: at(file, read.line(["plugins", id])), name: id }));
        continue;
      }
      const text = (key: string) => (isRecord(record) && typeof record[key] === "string" ? { [key]: record[key] as string } : {});
      items.push({
        id,
        ...parsed,
        installPath,
        ...text("version"),
        ...text("installedAt"),
        ...text("lastUpdated"),
        ...text("gitCommitSha"),
        ...text("origin"),
        ...text("scope"),
        ...text("projectPath"),
        store: store.owner,
      });
    }
  }
  return { items, warnings };
}

/** Thrown when MAIA's own store file cannot be read back as what it writes: it is never overwritten then. */
export class StoreError extends Error {
  override readonly name = "StoreError";
}

async function readForEdit(file: string): Promise<Record<string, unknown>> {
  const read = await readJsonFile(file);
  if (read.kind === "missing") return {};
  if (read.kind === "broken") throw new StoreError(`${read.message} ${t("fixByHand")}`);
  if (!isRecord(read.value)) throw new StoreError(`${t("storeNotObject", { file })} ${t("fixByHand")}`);
  return read.value;
}

async function writeJson(file: string, value: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, `${JSON.stringify(value, null, 2)}\n`);
}

/** Adds or replaces one marketplace of MAIA's store (undefined: removes it); other entries are kept as they are. */
export async function setKnownMarketplace(store: PluginStore, name: string, entry: Omit<KnownMarketplace, "name" | "store"> | undefined): Promise<void> {
  const file = knownMarketplacesFile(store);
  const current = await readForEdit(file);
  if (entry === undefined) delete current[name];
  else current[name] = { source: entry.source, installLocation: entry.installLocation, ...(entry.lastUpdated ? { lastUpdated: entry.lastUpdated } : {}) };
  await writeJson(file, current);
}

/** Records one installed plugin in MAIA's store (undefined: forgets it), replacing the records of that id. */
export async function setInstalledPlugin(store: PluginStore, id: string, record: Omit<InstallRecord, "id" | "name" | "marketplace" | "store"> | undefined): Promise<void> {
  const file = installedPluginsFile(store);
  const current = await readForEdit(file);
  const plugins = isRecord(current.plugins) ? { ...current.plugins } : {};
  if (record === undefined) delete plugins[id];
  else plugins[id] = [{ scope: "user", ...record }];
  await writeJson(file, { ...current, version: 2, plugins });
}

export { formatPluginId };
