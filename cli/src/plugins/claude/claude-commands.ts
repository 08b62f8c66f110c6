import path from "node:path";
import { claudeStore, componentNames, formatPluginId, maiaStore, readInstalledPlugins, readPlugin, setEnabledPlugin, type PluginId } from "@maia/claude-plugins";
import { errorMessage } from "@maia/kernel";
import type { AddTarget } from "./add-target.ts";
import { addFromFolder, addFromGit } from "./install.ts";
import { addFromMarketplace } from "./marketplace-install.ts";
import { marketplaceAdd, marketplaceList, marketplaceRemove, marketplaceUpdate } from "./marketplace-command.ts";
import { t } from "./messages.ts";
import type { ClaudePluginState } from "@maia/plugin-claude-plugins";
import type { ClaudeContext, Outcome } from "./context.ts";

/** `maia plugins add` for a Claude Code plugin (see add-target.ts for how the argument is read). */
export function claudeAdd(target: Exclude<AddTarget, { kind: "npm" }>, context: ClaudeContext): Promise<Outcome> | Outcome {
  switch (target.kind) {
    case "folder":
      return addFromFolder(target.path, context);
    case "git":
      return addFromGit(target.url, target.ref, context);
    case "marketplace":
      return addFromMarketplace(target.id, context);
    case "inline":
      return { ok: false, message: t("inlineAdd", { id: formatPluginId(target.id) }) };
    case "marketplace-folder":
      return { ok: false, message: t("isMarketplace", { path: target.path }), usage: true };
  }
}

/** `maia plugins marketplace add|remove|list|update …`. */
export async function runMarketplaceCommand(words: readonly string[], json: boolean, context: ClaudeContext): Promise<Outcome> {
  const [verb, argument, ...rest] = words;
  if (rest.length > 0) return { ok: false, message: t("marketplaceUsage"), usage: true };
  if (verb === "add" && argument) return marketplaceAdd(argument, context);
  if ((verb === "remove" || verb === "rm") && argument) return marketplaceRemove(argument, context);
  if (verb === "list" && argument === undefined) return marketplaceList(json, context);
  if (verb === "update") return marketplaceUpdate(argument, context);
  return { ok: false, message: t("marketplaceUsage"), usage: true };
}

/**
 * `maia plugins enable|disable name@marketplace [--global]`: `enabledPlugins` of the launch folder's
 * `.maia/settings.json` (or `~/.maia/settings.json`), other keys kept. A plugin not installed yet may be named (a
 * project can declare what it expects): the answer says how to install it.
 */
export async function claudeEnable(id: PluginId, enabled: boolean, global: boolean, context: ClaudeContext): Promise<Outcome> {
  const idText = formatPluginId(id);
  const file = path.join(global ? context.homeDir : context.cwd, ".maia", "settings.json");
  try {
    await setEnabledPlugin(file, idText, enabled);
  } catch (error) {
    return { ok: false, message: errorMessage(error) };
  }
  const [own, claude] = await Promise.all([readInstalledPlugins(maiaStore(context.homeDir)), readInstalledPlugins(claudeStore(context.homeDir))]);
  const installed = [...own.items, ...claude.items].some((record) => record.id === idText);
  return { ok: true, lines: [t(enabled ? "pluginEnabled" : "pluginDisabled", { id: idText, file }), ...(installed || !enabled ? [] : [t("notInstalledYet", { id: idText })])] };
}

/** What `maia plugins list` needs of the claude-plugins plugin's state of one plugin. */
export type ClaudePluginView = Omit<ClaudePluginState, "name" | "plugin">;

/** One Claude Code plugin as `maia plugins list --json` gives it, beside the MAIA plugins' records. */
export async function claudeRecord(view: ClaudePluginView) {
  const read = await readPlugin(view.installPath, { name: view.id.split("@")[0] ?? view.id });
  const components = read.ok ? await componentNames(read.plugin) : undefined;
  return {
    name: view.id,
    version: view.version ?? null,
    source: "claude-plugin",
    from: view.source,
    store: view.store,
    state: view.state,
    ...(view.reason ? { reason: view.reason } : {}),
    description: view.description ?? (read.ok ? (read.plugin.description ?? "") : ""),
    ...(view.enabledIn ? { enabledIn: view.enabledIn } : {}),
    installPath: view.installPath,
    components: components ?? { commands: [], agents: [], skills: [], hooks: {}, mcpServers: [] },
    notes: view.notes,
  };
}

export type ClaudeRecord = Awaited<ReturnType<typeof claudeRecord>>;

/** A short account of a plugin's parts, for the table's last columns. */
export function componentsSummary(record: ClaudeRecord): string {
  const { components } = record;
  const hooks = Object.values(components.hooks).reduce((sum, count) => sum + count, 0);
  const parts = [
    ...components.commands,
    ...components.agents.map((agent) => `&${agent}`),
    ...components.skills.map((skill) => `§${skill}`),
    ...(hooks > 0 ? [t("hooksCount", { count: hooks })] : []),
    ...components.mcpServers.map((key) => `mcp:${key}`),
  ];
  return parts.join(", ") || "-";
}
