import path from "node:path";
import { claudeStore, installedPluginsFile, knownMarketplacesFile, maiaStore, marketplaceArgument } from "@maia/claude-plugins/installed";
import type { DoctorEntry, DoctorIgnored } from "@maia/kernel";
import { isMissing } from "@maia/util";
import type { ClaudePluginState, LoadedPlugins } from "./load-enabled.ts";
import { t } from "./messages.ts";

/**
 * What `maia doctor` shows of Claude Code plugins (the files this plugin reads; the commands, agents, skills, hooks
 * and servers of each plugin are reported by the plugins that load them, under the plugin's folder):
 * - each installed plugin's plugin.json (or its folder): on, off with the file that says so, or not loaded and why,
 *   and what MAIA leaves out of it (a member it has nothing for, a part it could not read);
 * - each settings file's `enabledPlugins` and `extraKnownMarketplaces`, entry by entry (one a stronger file
 *   overrides, one enabled but installed nowhere);
 * - the stores, MAIA's and Claude Code's: the plugins and marketplaces read from each.
 */
export function claudePluginsDoctor(loaded: LoadedPlugins, homeDir: string): DoctorEntry[] {
  const entries: DoctorEntry[] = [];
  for (const state of loaded.states) entries.push(pluginEntry(state));
  entries.push(...settingsEntries(loaded));
  entries.push(...storeEntries(loaded, homeDir));
  return entries;
}

const FORMAT = "claude-plugin";

function pluginEntry(state: ClaudePluginState): DoctorEntry {
  const manifest = state.plugin?.manifestFile ?? path.join(state.installPath, ".claude-plugin", "plugin.json");
  const file = state.plugin?.manifestFile ?? (isMissing(manifest) ? state.installPath : manifest);
  const entry: DoctorEntry = { path: file, format: FORMAT, kind: "plugin", became: [], ignored: [] };
  const label = `plugin ${state.id}${state.version === undefined ? "" : ` ${state.version}`}`;
  const from = state.store === "claude" ? t("doctorFromClaude", { source: state.source }) : state.source;
  if (state.state === "active") {
    entry.became.push(`${label} (${from})`);
    if (state.enabledIn !== undefined) entry.became.push(t("doctorEnabledIn", { file: state.enabledIn }));
    const plugin = state.plugin;
    for (const note of [...(plugin?.notes ?? []), ...(plugin?.warnings ?? [])]) entry.ignored.push(ignoredOf(note, file, "left out"));
  } else {
    entry.ignored.push({ item: `${label} (${from})`, reason: state.reason ?? t("doctorOff") });
  }
  return entry;
}

function settingsEntries(loaded: LoadedPlugins): DoctorEntry[] {
  const entries: DoctorEntry[] = [];
  const installed = new Set(loaded.states.map((state) => state.id));
  for (const [index, file] of loaded.settings.entries()) {
    const entry: DoctorEntry = { path: file.file, format: file.scope.startsWith("claude") ? "claude" : "maia", kind: "plugins", became: [], ignored: [], keys: file.keys };
    for (const item of file.plugins) {
      const name = `enabledPlugins ${item.id}`;
      const line = item.line === undefined ? {} : { line: item.line };
      const stronger = loaded.settings.slice(index + 1).find((later) => later.plugins.some((other) => other.id === item.id));
      if (stronger) entry.ignored.push({ item: name, reason: t("doctorOverridden", { file: stronger.file }), ...line });
      else if (item.enabled && !installed.has(item.id)) entry.ignored.push({ item: name, reason: t("doctorNotInstalled", { id: item.id }), ...line });
      else entry.became.push(`${name}: ${item.enabled ? t("doctorOn") : t("doctorOffShort")}`);
    }
    for (const item of file.marketplaces) {
      const name = `extraKnownMarketplaces ${item.name}`;
      if (item.source) entry.became.push(`${name} (${marketplaceArgument(item.source)}): ${t("doctorDeclared")}`);
      else entry.ignored.push({ item: name, reason: t("doctorBadSource"), ...(item.line === undefined ? {} : { line: item.line }) });
    }
    for (const warning of loaded.warnings) if (warning.startsWith(`${file.file}:`)) entry.ignored.push(ignoredOf(warning, file.file, "enabledPlugins"));
    entries.push(entry);
  }
  return entries;
}

function storeEntries(loaded: LoadedPlugins, homeDir: string): DoctorEntry[] {
  const entries: DoctorEntry[] = [];
  for (const store of [maiaStore(homeDir), claudeStore(homeDir)]) {
    const format = store.owner === "claude" ? "claude" : "maia";
    const installed = installedPluginsFile(store);
    if (!isMissing(installed)) {
      const entry: DoctorEntry = { path: installed, format, kind: "plugins", became: [], ignored: [] };
      for (const state of loaded.states.filter((candidate) => candidate.store === store.owner)) {
        entry.became.push(`${t("doctorInstalled", { id: state.id })}${state.version === undefined ? "" : ` ${state.version}`}`);
      }
      for (const warning of loaded.warnings) if (warning.startsWith(installed)) entry.ignored.push(ignoredOf(warning, installed, "plugins"));
      entries.push(entry);
    }
    const known = knownMarketplacesFile(store);
    if (!isMissing(known)) {
      const entry: DoctorEntry = { path: known, format, kind: "plugins", became: [], ignored: [] };
      for (const marketplace of loaded.marketplaces.filter((candidate) => candidate.store === store.owner)) {
        entry.became.push(`marketplace ${marketplace.name} (${marketplaceArgument(marketplace.source)})`);
      }
      for (const warning of loaded.warnings) if (warning.startsWith(known)) entry.ignored.push(ignoredOf(warning, known, "marketplaces"));
      entries.push(entry);
    }
  }
  return entries;
}

/** A sentence as an item left out: `file:line: why` loses its file (the entry names it) and keeps its line. */
function ignoredOf(sentence: string, file: string, item: string): DoctorIgnored {
  if (!sentence.startsWith(file)) return { item, reason: sentence };
  const rest = sentence.slice(file.length);
  const line = /^:(\d+)/.exec(rest)?.[1];
  return { item, reason: rest.replace(/^(:\d+)?\s*:?\s*/, ""), ...(line === undefined ? {} : { line: Number(line) }) };
}
