import { mkdir } from "node:fs/promises";
import path from "node:path";
import {
  INLINE_MARKETPLACE,
  installedPlugins,
  marketplaceArgument,
  pluginServerKey,
  type EnabledPluginsFile,
  type InstalledPlugin,
  type KnownMarketplace,
  type PluginRead,
} from "@maia/claude-plugins/installed";
import type { ContributedFolder, ContributedFolderKind, ContributedHooks, ContributedMcpServer, ContributedOrigin } from "@maia/util";
import { t } from "./messages.ts";

/** One installed Claude Code plugin as this run sees it: what `maia plugins list` shows. */
export interface ClaudePluginState {
  /** `name@marketplace`. */
  id: string;
  /** Its namespace: plugin.json's name. */
  name: string;
  version?: string;
  description?: string;
  /** Where it came from: `marketplace team-tools (github:acme/tools)`, a folder, a git URL. */
  source: string;
  /** Whose store holds it: MAIA's, or Claude Code's (installed there, read here). */
  store: "maia" | "claude";
  state: "active" | "disabled" | "failed";
  /** Why it failed, or which settings file turned it off. */
  reason?: string;
  /** The settings file whose `enabledPlugins` decides it. */
  enabledIn?: string;
  installPath: string;
  /** Its parts once read (active plugins only). */
  plugin?: PluginRead;
  /** What MAIA ignores in it (unknown members, components MAIA lacks). */
  notes: string[];
}

export interface LoadedPlugins {
  states: ClaudePluginState[];
  /** The marketplaces known to MAIA's store and Claude Code's. */
  marketplaces: KnownMarketplace[];
  /** The settings files with `enabledPlugins` or `extraKnownMarketplaces`, entry by entry. */
  settings: EnabledPluginsFile[];
  folders: Record<ContributedFolderKind, ContributedFolder[]>;
  hookFiles: ContributedHooks[];
  mcpServers: ContributedMcpServer[];
  warnings: string[];
}

/**
 * The plugins enabled here (by `enabledPlugins`), read from where they were installed: each one's components
 * become contributions to the loaders of commands, agents, skills, hooks and MCP servers, under its name. A
 * plugin whose folder is gone or whose plugin.json is broken is one warning and the others load. Files only.
 */
export async function loadEnabledPlugins(cwd: string, homeDir: string, options: { createDataFolders?: boolean } = {}): Promise<LoadedPlugins> {
  const view = await installedPlugins(cwd, homeDir);
  const loaded: LoadedPlugins = {
    states: [],
    marketplaces: view.marketplaces,
    settings: view.settings,
    folders: { commands: [], agents: [], skills: [] },
    hookFiles: [],
    mcpServers: [],
    warnings: [...view.warnings],
  };
  const namespaces = new Map<string, string>();
  // plugin.json's reader and its validators, only when a plugin is on (most starts have none).
  const reader = view.plugins.some((installed) => installed.enabled) ? await import("@maia/claude-plugins/plugin-reader") : undefined;
  for (const installed of view.plugins) {
    const state = baseState(installed, view.marketplaces);
    loaded.states.push(state);
    if (!installed.enabled || !reader) continue;
    const read = await reader.readPlugin(installed.record.installPath, { name: installed.record.name });
    if (!read.ok) {
      state.state = "failed";
      state.reason = read.problem;
      loaded.warnings.push(t("notLoaded", { id: state.id, problem: read.problem }));
      continue;
    }
    const plugin = read.plugin;
    // Two plugins of one name (from two marketplaces) would share `/name:…`: the first keeps it.
    const other = namespaces.get(plugin.name);
    if (other !== undefined) {
      state.state = "failed";
      state.reason = t("sameName", { name: plugin.name, other });
      loaded.warnings.push(t("notLoaded", { id: state.id, problem: state.reason }));
      continue;
    }
    namespaces.set(plugin.name, state.id);
    state.state = "active";
    state.name = plugin.name;
    state.plugin = plugin;
    state.notes = plugin.notes;
    if (plugin.version !== undefined) state.version = plugin.version;
    if (plugin.description !== undefined) state.description = plugin.description;
    loaded.warnings.push(...plugin.warnings);
    const origin = await originOf(state.id, plugin, homeDir, options.createDataFolders ?? true);
    for (const kind of ["commands", "agents", "skills"] as const) {
      for (const component of plugin.components[kind]) loaded.folders[kind].push({ ...origin, path: component.path, single: component.single });
    }
    for (const file of plugin.components.hookFiles) loaded.hookFiles.push({ ...origin, file });
    for (const server of plugin.components.mcpServers) loaded.mcpServers.push({ ...origin, ...server, key: pluginServerKey(plugin.name, server.name) });
  }
  return loaded;
}

function baseState(installed: InstalledPlugin, marketplaces: readonly KnownMarketplace[]): ClaudePluginState {
  const { record, setting } = installed;
  const marketplace = marketplaces.find((known) => known.name === record.marketplace);
  const source =
    record.marketplace === INLINE_MARKETPLACE
      ? (record.origin ?? record.installPath)
      : marketplace
        ? t("fromMarketplace", { name: record.marketplace, source: marketplaceArgument(marketplace.source) })
        : t("fromUnknownMarketplace", { name: record.marketplace });
  return {
    id: record.id,
    name: record.name,
    ...(record.version === undefined ? {} : { version: record.version }),
    source,
    store: record.store,
    state: installed.enabled ? "active" : "disabled",
    ...(installed.enabled ? {} : { reason: setting ? t("disabledIn", { file: setting.file }) : t("notEnabled", { id: record.id }) }),
    ...(setting ? { enabledIn: setting.file } : {}),
    installPath: record.installPath,
    notes: [],
  };
}

/**
 * What every definition of the plugin gets: its namespace, and the variables Claude Code gives plugins —
 * `${CLAUDE_PLUGIN_ROOT}` (its folder) and `${CLAUDE_PLUGIN_DATA}` (a folder of its own that survives updates,
 * `~/.maia/plugins/data/<id>/`, made when the plugin has something to run, unless only `maia doctor` reads it).
 */
async function originOf(id: string, plugin: PluginRead, homeDir: string, create: boolean): Promise<ContributedOrigin> {
  const data = path.join(homeDir, ".maia", "plugins", "data", id.replace(/[^A-Za-z0-9_-]/g, "-"));
  if (create && (plugin.components.hookFiles.length > 0 || plugin.components.mcpServers.length > 0)) await mkdir(data, { recursive: true }).catch(() => undefined);
  return { id, namespace: plugin.name, variables: { CLAUDE_PLUGIN_ROOT: plugin.root, CLAUDE_PLUGIN_DATA: data } };
}
