/**
 * What MAIA needs at every start to know which Claude Code plugins are on: the stores and `enabledPlugins`, without
 * the plugin.json and marketplace.json validators (`./plugin-reader` is imported only when a plugin is on).
 */
export { INLINE_MARKETPLACE, pluginServerKey } from "./names.ts";
export { installedPlugins, type InstalledPlugin, type InstalledView } from "./installed-plugins.ts";
export { marketplaceArgument } from "./sources.ts";
export { claudeStore, installedPluginsFile, knownMarketplacesFile, maiaStore, type KnownMarketplace } from "./stores.ts";
export type { EnabledPluginsFile } from "./enabled-plugins.ts";
export type { PluginRead, PluginReadResult } from "./plugin-reader.ts";
