/** The hub's configuration (`ConfigService` of seed 001): what src/server and src/agents import. */
export { ConfigStore, type ConfigStoreOptions } from "./config-store.ts";
export { DEFAULT_CONFIG_NAME } from "./config-file.ts";
export { ConfigError } from "./config-error.ts";
export { defaultConfigText, type MaiaCommand } from "./default-config.ts";
export { browseFolder } from "./browse.ts";
export { RecentFiles, MAX_RECENT, RECENT_FILE_NAME } from "./recent-files.ts";
export { HUB_SCHEMA, SCHEMA_FILE_NAME } from "./hub-schema.ts";
export { validateConfigText, type ConfigValidation, type ValidationContext } from "./validate-config.ts";
export {
  DEFAULT_LANGUAGE,
  DEFAULT_LIMITS,
  DEFAULT_THEME,
  emptyConfig,
  sameLaunch,
  type AgentDefinition,
  type ChannelDefinition,
  type HubConfig,
  type HubLimits,
} from "./hub-config.ts";
