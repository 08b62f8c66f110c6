// The `Mcp(server[,tool])` rule syntax and the server selection of seed § 22.2 are shared with the permissions
// plugin through @maia/permission-rules; the rules in force come from that plugin's API.
import type { PermissionsApi } from "@maia/plugin-permissions";
import {
  isMcpToolDenied,
  parseMcpPattern,
  selectMcpServers,
  type McpRuleLike,
  type McpServerSelection,
} from "@maia/permission-rules";

export type { McpRuleLike, McpServerSelection };
export { selectMcpServers };

/** What this plugin reads of the permissions plugin's API (`context.plugins.get("permissions")?.api`). */
export type PermissionRulesApi = Pick<PermissionsApi, "rules">;

export const CLI_SOURCE = "--allow";

/**
 * The `--allow` rules of this run, read the way the permissions plugin reads them, for when that plugin is
 * disabled: the command line can still enable a server.
 */
export function cliRules(allowRules: readonly string[]): McpRuleLike[] {
  return allowRules.flatMap((text) => {
    const match = /^\s*Mcp\((.*)\)\s*$/.exec(text);
    const pattern = match?.[1]?.trim();
    if (pattern === undefined || !parseMcpPattern(pattern)) return [];
    return [{ kind: "allow" as const, tool: "Mcp", pattern, text: text.trim(), source: CLI_SOURCE }];
  });
}

/**
 * Does an `--allow` rule of this run name this server explicitly (`Mcp(key)` or `Mcp(key,tool)`)? That is
 * how a headless run approves a project server. `Mcp(*)` does not count: a script written for the user's own
 * servers must not start those of whatever repository it runs in.
 */
export function allowsServerExplicitly(allowRules: readonly string[], key: string): boolean {
  return cliRules(allowRules).some((rule) => parseMcpPattern(rule.pattern as string)?.server === key);
}

/**
 * Seed § 22.4: a tool named by a deny rule is not offered at all. `Mcp(key,pattern)` is matched against the
 * tool's own name and the name offered to the model (they differ once cleaned); the older form
 * `mcp__key__tool` without a pattern counts too.
 */
export function isToolDenied(rules: readonly McpRuleLike[], key: string, tool: string, offeredName: string): boolean {
  const offeredTool = offeredName.slice(`mcp__${key}__`.length);
  if (isMcpToolDenied(rules, key, tool) || isMcpToolDenied(rules, key, offeredTool)) return true;
  return rules.some((rule) => rule.kind === "deny" && rule.tool === offeredName && rule.pattern === undefined);
}
