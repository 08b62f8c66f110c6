import { mkdir, mkdtemp, realpath, rm } from "node:fs/promises";
import path from "node:path";
import {
  INLINE_MARKETPLACE,
  StoreError,
  cacheFolder,
  checkSettingsWritable,
  claudeStore,
  componentNames,
  formatPluginId,
  maiaStore,
  readInstalledPlugins,
  readPlugin,
  setEnabledPlugin,
  setInstalledPlugin,
  versionFolder,
  type MarketplaceEntry,
  type PluginId,
  type PluginRead,
} from "@maia/claude-plugins";
import { errorMessage } from "@maia/kernel";
import { cloneRepository, headCommit } from "./git.ts";
import { t } from "./messages.ts";
import { copyIntoCache, isInside } from "./plugin-copy.ts";
import { shown, type ClaudeContext, type Outcome } from "./context.ts";

/** What is being installed, once its files are at hand. */
interface Candidate {
  /** The folder to copy (a marketplace's subfolder, the user's folder, a clone). */
  folder: string;
  /** The marketplace, or `inline`. */
  marketplace: string;
  /** The entry's name when it comes from a marketplace (plugin.json may then be absent). */
  entry?: MarketplaceEntry;
  /** What `list` shows as its source: the folder, the git URL. */
  origin?: string;
  gitCommitSha?: string;
  /** How the user reads where it came from, in the first line of the outcome. */
  from: string;
}

/** The settings file `add` enables a plugin in (`--project`: the launch folder's), and `remove` takes it out of. */
export function settingsFileFor(context: ClaudeContext): string {
  return path.join(context.project ? context.cwd : context.homeDir, ".maia", "settings.json");
}

/**
 * `maia plugins add <folder>`: a Claude Code plugin (a folder holding `.claude-plugin/plugin.json`), installed as
 * `name@inline` — Claude Code's name for plugins that come from no marketplace.
 */
export async function addFromFolder(folder: string, context: ClaudeContext): Promise<Outcome> {
  return install({ folder, marketplace: INLINE_MARKETPLACE, origin: folder, from: folder }, context);
}

/** `maia plugins add <git URL>[#ref]`: cloned (system git), then installed as `name@inline` like a folder. */
export async function addFromGit(url: string, ref: string | undefined, context: ClaudeContext): Promise<Outcome> {
  return withClone(url, { ...(ref ? { ref } : {}) }, context, async (clone, sha) =>
    install({ folder: clone, marketplace: INLINE_MARKETPLACE, origin: `${url}${ref ? `#${ref}` : ""}`, ...(sha ? { gitCommitSha: sha } : {}), from: url }, context),
  );
}

/** A clone in a temporary folder of MAIA's store, removed whatever happens. */
export async function withClone(
  url: string,
  pin: { ref?: string; sha?: string },
  context: ClaudeContext,
  use: (clone: string, sha: string | undefined) => Promise<Outcome>,
): Promise<Outcome> {
  const store = maiaStore(context.homeDir);
  await mkdir(store.folder, { recursive: true });
  const scratch = await mkdtemp(path.join(store.folder, ".clone-"));
  try {
    const clone = path.join(scratch, "repository");
    context.progress?.(t("cloning", { url }));
    const cloned = await cloneRepository(url, clone, pin, context.env);
    if (!cloned.ok) return { ok: false, message: cloned.message === "ENOENT" ? t("gitMissing") : t("cloneFailed", { url, git: cloned.message }) };
    return await use(clone, await headCommit(clone, context.env));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Installs what `candidate` designates: read (plugin.json checked, its paths kept inside it), copied into
 * `~/.maia/plugins/cache/<marketplace>/<name>/<version>/`, recorded in installed_plugins.json, and enabled in
 * the settings file. Reading and copying files is all it does: no script of the plugin runs, nothing is built.
 */
export async function install(candidate: Candidate, context: ClaudeContext): Promise<Outcome> {
  const first = await readPlugin(candidate.folder, candidate.entry ? { name: candidate.entry.name } : {});
  if (!first.ok) return { ok: false, message: first.problem };
  const name = candidate.entry?.name ?? first.plugin.name;
  const id: PluginId = { name, marketplace: candidate.marketplace };
  const idText = formatPluginId(id);
  const version = first.plugin.version ?? candidate.entry?.version ?? candidate.gitCommitSha?.slice(0, 12);
  const store = maiaStore(context.homeDir);
  const file = settingsFileFor(context);
  // A settings file MAIA could not write is said before anything is copied: nothing half installed.
  try {
    await checkSettingsWritable(file);
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
  let installPath: string;
  try {
    installPath = await copyIntoCache(candidate.folder, path.join(cacheFolder(store), id.marketplace, id.name), versionFolder(version), candidate.entry);
  } catch (error) {
    return { ok: false, message: t("copyFailed", { id: idText, cause: errorMessage(error) }) };
  }
  const installed = await readPlugin(installPath, { name });
  if (!installed.ok) return { ok: false, message: installed.problem };
  const previous = (await readInstalledPlugins(store)).items.find((record) => record.id === idText);
  const now = new Date().toISOString();
  try {
    await setInstalledPlugin(store, idText, {
      installPath,
      ...(version ? { version } : {}),
      installedAt: previous?.installedAt ?? now,
      lastUpdated: now,
      ...(candidate.gitCommitSha ? { gitCommitSha: candidate.gitCommitSha } : {}),
      ...(candidate.origin ? { origin: candidate.origin } : {}),
    });
    await setEnabledPlugin(file, idText, true);
  } catch (error) {
    return { ok: false, message: error instanceof StoreError ? error.message : errorMessage(error) };
  }
  const lines = [
    t(previous ? "reinstalled" : "installed", { id: idText, version: version ?? "-", from: candidate.from, folder: shown(installPath, context.homeDir) }),
    t("enabledIn", { file }),
    ...(await summary(installed.plugin)),
  ];
  return { ok: true, lines };
}

/** What the plugin brings, as the user will meet it, and what waits for an approval. */
export async function summary(plugin: PluginRead): Promise<string[]> {
  const names = await componentNames(plugin);
  const lines: string[] = [];
  if (names.commands.length > 0) lines.push(t("summaryCommands", { list: names.commands.join(", ") }));
  if (names.agents.length > 0) lines.push(t("summaryAgents", { list: names.agents.join(", ") }));
  if (names.skills.length > 0) lines.push(t("summarySkills", { list: names.skills.join(", ") }));
  const events = Object.entries(names.hooks).map(([event, count]) => `${event} ×${count}`);
  if (events.length > 0) lines.push(t("summaryHooks", { list: events.join(", ") }));
  if (names.mcpServers.length > 0) {
    lines.push(t("summaryServers", { list: names.mcpServers.join(", "), rule: `Mcp(${names.mcpServers[0] ?? ""})` }));
  }
  if (lines.length === 0) lines.push(t("summaryNothing"));
  lines.push(...plugin.warnings.map((warning) => t("warningLine", { warning })), ...plugin.notes.map((note) => t("noteLine", { note })));
  return lines;
}

/**
 * `maia plugins remove name@marketplace`: its copy in MAIA's cache deleted, its record and its `enabledPlugins`
 * key (in the settings file of the scope) taken out. One Claude Code installed is Claude Code's to remove.
 */
export async function removeClaudePlugin(id: PluginId, context: ClaudeContext): Promise<Outcome> {
  const idText = formatPluginId(id);
  const store = maiaStore(context.homeDir);
  const record = (await readInstalledPlugins(store)).items.find((item) => item.id === idText);
  const file = settingsFileFor(context);
  if (!record) {
    const claude = (await readInstalledPlugins(claudeStore(context.homeDir))).items.some((item) => item.id === idText);
    if (claude) return { ok: false, message: t("installedByClaude", { id: idText }) };
    const listed = await setEnabledPlugin(file, idText, undefined).catch(() => false);
    return listed ? { ok: true, lines: [t("removedSettingOnly", { id: idText, file })] } : { ok: false, message: t("notInstalled", { id: idText }) };
  }
  const cache = await realpath(cacheFolder(store)).catch(() => cacheFolder(store));
  const pluginFolder = path.dirname(record.installPath);
  // Only ever a folder of MAIA's own cache: a hand-edited record naming another folder is not deleted.
  if (isInside(pluginFolder, cache) || isInside(pluginFolder, cacheFolder(store))) await rm(pluginFolder, { recursive: true, force: true });
  try {
    await setInstalledPlugin(store, idText, undefined);
    await setEnabledPlugin(file, idText, undefined);
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
  return { ok: true, lines: [t("removed", { id: idText, folder: shown(pluginFolder, context.homeDir), file })] };
}
