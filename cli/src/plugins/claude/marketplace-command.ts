import path from "node:path";
import {
  StoreError,
  cacheFolder,
  describeMarketplaceSource,
  maiaStore,
  marketplaceArgument,
  parseMarketplaceArgument,
  readInstalledPlugins,
  setEnabledPlugin,
  setInstalledPlugin,
  setKnownMarketplace,
  type KnownMarketplace,
} from "@maia/claude-plugins";
import { errorMessage } from "@maia/kernel";
import { rm } from "node:fs/promises";
import { updateRepository } from "./git.ts";
import { t } from "./messages.ts";
import { deleteMarketplaceCopy, fetchMarketplace, knownMarketplaces, placeMarketplace, readKnown, reservedName } from "./marketplaces.ts";
import { isInside } from "./plugin-copy.ts";
import { shown, type ClaudeContext, type Outcome } from "./context.ts";

/**
 * `maia plugins marketplace add <folder | file | URL | git URL[#ref] | owner/repo[#ref]>`: the catalogue is fetched
 * (a folder is read where it is), checked, and recorded in `~/.maia/plugins/known_marketplaces.json` under its
 * own `name`. A name already taken by another source is refused; the same source again updates it.
 */
export async function marketplaceAdd(argument: string, context: ClaudeContext): Promise<Outcome> {
  const source = parseMarketplaceArgument(argument, context.cwd, context.homeDir);
  if (!source) return { ok: false, message: t("badMarketplaceArgument", { argument }), usage: true };
  const fetched = await fetchMarketplace(source, context);
  if ("problem" in fetched) return { ok: false, message: fetched.problem };
  const cleanup = async () => {
    if (fetched.scratch) await rm(fetched.scratch, { recursive: true, force: true });
  };
  if (!fetched.read.ok) {
    await cleanup();
    return { ok: false, message: fetched.read.problem };
  }
  const { marketplace } = fetched.read;
  if (reservedName(marketplace.name)) {
    await cleanup();
    return { ok: false, message: t("reservedMarketplace", { name: marketplace.name }) };
  }
  const existing = (await knownMarketplaces(context.homeDir)).find((known) => known.name === marketplace.name && known.store === "maia");
  const recorded = source.source === "directory" ? { source: "directory" as const, path: fetched.folder } : source;
  if (existing && describeMarketplaceSource(existing.source) !== describeMarketplaceSource(recorded)) {
    await cleanup();
    return { ok: false, message: t("marketplaceTaken", { name: marketplace.name, source: marketplaceArgument(existing.source) }) };
  }
  try {
    const installLocation = await placeMarketplace(fetched, marketplace.name, context);
    await setKnownMarketplace(maiaStore(context.homeDir), marketplace.name, { source: recorded, installLocation, lastUpdated: new Date().toISOString() });
  } catch (error) {
    await cleanup();
    return { ok: false, message: error instanceof StoreError ? error.message : errorMessage(error) };
  }
  const names = marketplace.entries.map((entry) => entry.name);
  const lines = [
    t(existing ? "marketplaceUpdated" : "marketplaceAdded", { name: marketplace.name, source: marketplaceArgument(recorded), count: names.length, list: names.join(", ") || t("none") }),
    ...marketplace.entries.flatMap((entry) => (entry.problem ? [t("warningLine", { warning: entry.problem })] : [])),
    ...marketplace.warnings.map((warning) => t("warningLine", { warning })),
  ];
  if (names.length > 0) lines.push(t("marketplaceNext", { id: `${names[0]}@${marketplace.name}` }));
  return { ok: true, lines };
}

/**
 * `maia plugins marketplace remove NAME`: the plugins installed from it leave MAIA's cache and records (and the
 * `enabledPlugins` of ~/.maia/settings.json and of this project's .maia/settings.json), as Claude Code does; its
 * clone is deleted; a folder of the user's is left as it is.
 */
export async function marketplaceRemove(name: string, context: ClaudeContext): Promise<Outcome> {
  const known = (await knownMarketplaces(context.homeDir)).find((item) => item.name === name);
  if (!known) return { ok: false, message: t("marketplaceNotAdded", { name }) };
  if (known.store === "claude") return { ok: false, message: t("marketplaceOfClaude", { name }) };
  const store = maiaStore(context.homeDir);
  const removed: string[] = [];
  try {
    for (const record of (await readInstalledPlugins(store)).items.filter((item) => item.marketplace === name)) {
      const folder = path.dirname(record.installPath);
      if (isInside(folder, cacheFolder(store))) await rm(folder, { recursive: true, force: true });
      await setInstalledPlugin(store, record.id, undefined);
      for (const root of [context.homeDir, context.cwd]) await setEnabledPlugin(path.join(root, ".maia", "settings.json"), record.id, undefined).catch(() => false);
      removed.push(record.id);
    }
    await deleteMarketplaceCopy(known, context.homeDir);
    await setKnownMarketplace(store, name, undefined);
  } catch (error) {
    return { ok: false, message: error instanceof StoreError ? error.message : errorMessage(error) };
  }
  return { ok: true, lines: [t("marketplaceRemoved", { name }), ...(removed.length > 0 ? [t("pluginsUninstalled", { list: removed.join(", ") })] : [])] };
}

/** One marketplace as `marketplace list` shows it. */
interface MarketplaceRow {
  name: string;
  source: string;
  location: string;
  store: "maia" | "claude";
  plugins: string[];
  lastUpdated?: string;
  problem?: string;
}

/** `maia plugins marketplace list [--json]`: MAIA's marketplaces, then Claude Code's. */
export async function marketplaceList(json: boolean, context: ClaudeContext): Promise<Outcome> {
  const rows: MarketplaceRow[] = [];
  for (const known of await knownMarketplaces(context.homeDir)) rows.push(await rowOf(known));
  if (json) return { ok: true, lines: [JSON.stringify(rows, null, 2)] };
  if (rows.length === 0) return { ok: true, lines: [t("noMarketplaces")] };
  return {
    ok: true,
    lines: rows.map((row) => {
      const who = row.store === "claude" ? ` ${t("byClaude")}` : "";
      const what = row.problem ?? t("pluginCount", { count: row.plugins.length, list: row.plugins.join(", ") || t("none") });
      return `${row.name}  ${row.source}${who}  ${shown(row.location, context.homeDir)}\n    ${what}`;
    }),
  };
}

async function rowOf(known: KnownMarketplace): Promise<MarketplaceRow> {
  const read = await readKnown(known);
  return {
    name: known.name,
    source: marketplaceArgument(known.source),
    location: known.installLocation,
    store: known.store,
    plugins: read.ok ? read.marketplace.entries.map((entry) => entry.name) : [],
    ...(known.lastUpdated ? { lastUpdated: known.lastUpdated } : {}),
    ...(read.ok ? {} : { problem: read.problem }),
  };
}

/**
 * `maia plugins marketplace update [NAME]`: a git marketplace is brought to its branch's tip, a downloaded one
 * downloaded again, a folder read again. Installed plugins keep their copy until `maia plugins add` again.
 */
export async function marketplaceUpdate(name: string | undefined, context: ClaudeContext): Promise<Outcome> {
  const all = (await knownMarketplaces(context.homeDir)).filter((known) => known.store === "maia");
  const chosen = name === undefined ? all : all.filter((known) => known.name === name);
  if (name !== undefined && chosen.length === 0) return { ok: false, message: t("marketplaceNotAdded", { name }) };
  const lines: string[] = [];
  for (const known of chosen) {
    const source = known.source;
    if (source.source === "git" || source.source === "github") {
      context.progress?.(t("updating", { name: known.name }));
      const updated = await updateRepository(known.installLocation, source.ref, context.env);
      if (!updated.ok) {
        lines.push(t("updateFailed", { name: known.name, git: updated.message }));
        continue;
      }
    } else if (source.source === "url") {
      const fetched = await fetchMarketplace(source, context);
      if ("problem" in fetched) {
        lines.push(t("updateFailed", { name: known.name, git: fetched.problem }));
        continue;
      }
      if (!fetched.read.ok || fetched.read.marketplace.name !== known.name) {
        if (fetched.scratch) await rm(fetched.scratch, { recursive: true, force: true });
        lines.push(t("updateFailed", { name: known.name, git: fetched.read.ok ? t("renamed", { name: fetched.read.marketplace.name }) : fetched.read.problem }));
        continue;
      }
      await placeMarketplace(fetched, known.name, context);
    }
    const read = await readKnown(known);
    if (!read.ok) {
      lines.push(t("updateFailed", { name: known.name, git: read.problem }));
      continue;
    }
    await setKnownMarketplace(maiaStore(context.homeDir), known.name, { source: known.source, installLocation: known.installLocation, lastUpdated: new Date().toISOString() });
    const names = read.marketplace.entries.map((entry) => entry.name);
    lines.push(t("marketplaceRefreshed", { name: known.name, count: names.length, list: names.join(", ") || t("none") }));
  }
  if (lines.length === 0) lines.push(t("noMarketplaces"));
  else lines.push(t("updateReinstall"));
  return { ok: true, lines };
}
