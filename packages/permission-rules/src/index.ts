/**
 * @maia/permission-rules — the rule code that the permissions plugin, the MCP plugin and `maia acp` all need,
 * kept out of any one plugin's folder (DESIGN.md): the `*` wildcard, `Mcp(server[,tool])` patterns and the
 * server selection of seed § 22.2, the narrowest rule that covers one call, and edits of a settings file's
 * `permissions` lists. Nothing here reads the rules in force: callers pass them in.
 */
export { bashPatternMatches, bashPatternRegex, leadingWord, patternWords, trimBlanks, wildcardMatches, wildcardSource } from "./wildcard.ts";
export {
  isMcpToolDenied,
  mcpPatternMatches,
  mcpToolParts,
  parseMcpPattern,
  selectMcpServers,
  type McpPattern,
  type McpRuleLike,
  type McpServerSelection,
} from "./mcp-rules.ts";
export { escapeGlob, narrowRules, pathPattern, type CallEvaluator, type CallToRemember, type NarrowRules } from "./narrow-rules.ts";
export { addPermissionRules, projectSettingsFile, SettingsEditError, withRules, type RuleList } from "./settings-edit.ts";
