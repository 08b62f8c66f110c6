/**
 * @maia/claude-plugins — Claude Code's plugins and marketplaces as files: `.claude-plugin/plugin.json` and
 * `marketplace.json` read and checked, their sources, where installed plugins are kept (MAIA's store, Claude
 * Code's read as well), `enabledPlugins`. The claude-plugins plugin loads with it; `maia plugins` installs with it.
 * Nothing here runs a plugin's code or goes on the network.
 */
export { INLINE_MARKETPLACE, formatPluginId, isValidName, parsePluginId, pluginServerKey, versionFolder, type PluginId } from "./names.ts";
export { at, isRecord, readJsonFile, type JsonFile } from "./json-file.ts";
export { MANIFEST_PATH, readPlugin, type ComponentPath, type McpServerDefinition, type PluginComponents, type PluginRead, type PluginReadResult } from "./plugin-reader.ts";
export {
  ENTRY_COMPONENT_KEYS,
  MARKETPLACE_PATH,
  readMarketplaceFile,
  readMarketplaceFolder,
  type MarketplaceEntry,
  type MarketplaceRead,
  type MarketplaceReadResult,
} from "./marketplace-reader.ts";
export {
  describeMarketplaceSource,
  githubUrl,
  isGitUrl,
  isGithubRepo,
  isValidRef,
  isValidSha,
  marketplaceArgument,
  parseMarketplaceArgument,
  readMarketplaceSource,
  readPluginSource,
  type MarketplaceSource,
  type PluginSource,
} from "./sources.ts";
export {
  StoreError,
  cacheFolder,
  claudeStore,
  installedPluginsFile,
  knownMarketplacesFile,
  maiaStore,
  marketplacesFolder,
  readInstalledPlugins,
  readKnownMarketplaces,
  setInstalledPlugin,
  setKnownMarketplace,
  type InstallRecord,
  type KnownMarketplace,
  type PluginStore,
  type StoreOwner,
} from "./stores.ts";
export { checkSettingsWritable, readEnabledPlugins, setEnabledPlugin, settingsLayers, type EnabledPlugins, type EnabledPluginsFile, type EnabledSetting, type SettingsLayer, type SettingsScope } from "./enabled-plugins.ts";
export { installedPlugins, type InstalledPlugin, type InstalledView } from "./installed-plugins.ts";
export { componentNames, type ComponentNames } from "./component-names.ts";
