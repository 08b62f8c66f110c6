/**
 * @maia/claude-code — what MAIA reads of a Claude Code setup, shared by the plugins that honour it (DESIGN.md,
 * "Claude Code compatibility"): the settings files, MAIA's and Claude Code's, in precedence order (also read by
 * the sandbox for its `sandbox` key); Claude Code's tool names; its permission rules written as MAIA rules, never
 * wider; model aliases for Claude Code sub-agents; the `env` block; the Claude Code files MAIA leaves unread.
 */
export {
  isRecord,
  readSettingsLayers,
  settingsFiles,
  settingsFilesOf,
  settingValue,
  valueAt,
  where,
  type SettingsFile,
  type SettingsFormat,
  type SettingsLayer,
  type SettingsScope,
} from "./settings-files.ts";
export { mapToolName, MAIA_TOOLS, MISSING_TOOLS, type ToolMapping } from "./tool-names.ts";
export { translateClaudeRule, type MaiaRule, type RuleKind, type TranslatedRule } from "./rule-translation.ts";
export { claudePathPattern, escapeFolder, gitignoreToPicomatch, type PathTranslation } from "./path-rule.ts";
export { CLAUDE_MODEL_ALIASES, modelAliasesOf, resolveModelAlias, type AliasTable, type ModelResolution } from "./model-aliases.ts";
export { environmentWithSettings, projectMaySet, settingsEnv, type SettingsEnv, type SettingsEnvEntry } from "./settings-env.ts";
export { unreadClaudeFiles, type UnreadFile } from "./unread-files.ts";
