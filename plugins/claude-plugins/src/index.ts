import { definePlugin, type DoctorEntry, type DoctorPlace } from "@maia/kernel";
import type { ContributedSources, ContributedSourcesApi } from "@maia/util";
import { claudePluginsDoctor } from "./doctor-report.ts";
import { loadEnabledPlugins, type ClaudePluginState, type LoadedPlugins } from "./load-enabled.ts";
import { t } from "./messages.ts";

const PLUGIN_NAME = "claude-plugins";

export interface ClaudePluginsApi extends ContributedSourcesApi {
  /** Every installed Claude Code plugin and what became of it in this run, for `maia plugins list`. */
  plugins(): readonly ClaudePluginState[];
  /** `maia doctor`: each installed plugin (on, off, not loaded and why), `enabledPlugins` entry by entry, the stores. */
  doctor(place: DoctorPlace): Promise<DoctorEntry[]>;
}

/**
 * Claude Code plugins (`.claude-plugin/plugin.json` folders installed by `maia plugins add`, or by Claude Code
 * itself) that `enabledPlugins` turns on: read once when MAIA starts, from disk only (installing is `maia plugins
 * add`'s job; nothing is fetched here, nothing of the plugins runs). Their commands, agents, skills, hook files
 * and MCP servers reach the plugins that load each kind through this plugin's API (@maia/util's contributed
 * sources), namespaced as Claude Code shows them; the hooks and servers then wait for the user's approval like a
 * project's. Applied before those plugins (its place in the built-in list).
 */
export default definePlugin<Record<string, never>, ClaudePluginsApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: t("description"),
  async apply(context) {
    const { cwd, homeDir } = context.runtime;
    const loaded = await loadEnabledPlugins(cwd, homeDir);
    for (const warning of loaded.warnings) context.log.warn(warning);
    const active = loaded.states.filter((state) => state.state === "active");
    if (active.length > 0) context.log.info(t("loaded", { list: active.map((state) => state.id).join(", ") }));
    // Another launch folder or home (maia doctor's place): read again, creating nothing (no data folder).
    const loadAt = (place: { cwd: string; homeDir: string }): Promise<LoadedPlugins> =>
      place.cwd === cwd && place.homeDir === homeDir ? Promise.resolve(loaded) : loadEnabledPlugins(place.cwd, place.homeDir, { createDataFolders: false });
    return {
      ...contributions(loaded),
      at: async (place) => contributions(await loadAt(place)),
      plugins: () => loaded.states,
      doctor: async (place) => claudePluginsDoctor(await loadAt(place), place.homeDir),
    };
  },
});

/** What the loaders of commands, agents, skills, hooks and servers read of the plugins loaded. */
function contributions(loaded: LoadedPlugins): ContributedSources {
  return { folders: (kind) => loaded.folders[kind], hookFiles: () => loaded.hookFiles, mcpServers: () => loaded.mcpServers };
}

export type { ClaudePluginState } from "./load-enabled.ts";
