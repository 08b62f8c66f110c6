import { t } from "./messages.ts";
import { wildcardMatches } from "./wildcard.ts";

/**
 * MCP rules (seed § 22): `Mcp(key)`, `Mcp(key,*)`, `Mcp(key,toolPattern)`, and `*` for every server
 * (`Mcp(*)`, `Mcp(*,tool)`). A rule applies to every call of `mcp__<key>__<tool>`. Pure functions, exported
 * for the MCP plugin, which decides from them which servers to connect to.
 */
export interface McpPattern {
  server: string;
  /** Undefined: every tool of the server. */
  tool: string | undefined;
}

const SERVER_KEY = /^[A-Za-z0-9_-]+$/;

/** `key` or `key,tool`; undefined when malformed (a key outside [A-Za-z0-9_-], a `__` in it, empty parts). */
export function parseMcpPattern(pattern: string): McpPattern | undefined {
  const comma = pattern.indexOf(",");
  const server = (comma === -1 ? pattern : pattern.slice(0, comma)).trim();
  const tool = comma === -1 ? undefined : pattern.slice(comma + 1).trim();
  if (server !== "*" && (!SERVER_KEY.test(server) || server.includes("__"))) return undefined;
  if (tool === "") return undefined;
  return { server, tool };
}

/** `mcp__key__tool` split into its server key and tool name (keys never contain `__`). */
export function mcpToolParts(toolName: string): { server: string; tool: string } | undefined {
  if (!toolName.startsWith("mcp__")) return undefined;
  const rest = toolName.slice(5);
  const separator = rest.indexOf("__");
  if (separator <= 0) return undefined;
  return { server: rest.slice(0, separator), tool: rest.slice(separator + 2) };
}

/** Does an `Mcp(…)` pattern designate this server's tool? */
export function mcpPatternMatches(pattern: McpPattern, server: string, tool: string): boolean {
  if (pattern.server !== "*" && pattern.server !== server) return false;
  return pattern.tool === undefined || wildcardMatches(pattern.tool, tool);
}

/** The rule fields this module reads; the permissions plugin's `Rule` has them. */
export interface McpRuleLike {
  kind: "allow" | "ask" | "deny";
  tool: string;
  pattern: string | undefined;
  text?: string;
  source?: string;
}

export interface McpServerSelection {
  /** The keys to connect to, in the order given. */
  enabled: string[];
  /** One per rule that names a server not in `keys`, ready to show. */
  warnings: string[];
}

/**
 * Seed § 22.2: a server is enabled when an allow rule `Mcp(key…)` (or `Mcp(*…)`) names it and no deny rule
 * `Mcp(key)` / `Mcp(key,*)` (or the same with `*`) excludes it whole. Nothing is connected before this choice.
 * `withoutRule`: keys enabled without an allow rule (Claude Code's servers, which start there without one); a
 * deny rule still excludes them.
 */
export function selectMcpServers(rules: readonly McpRuleLike[], keys: readonly string[], withoutRule: ReadonlySet<string> = new Set()): McpServerSelection {
  const parsed = rules
    .filter((rule) => rule.tool === "Mcp" && rule.pattern !== undefined)
    .map((rule) => ({ rule, pattern: parseMcpPattern(rule.pattern as string) }))
    .filter((entry): entry is { rule: McpRuleLike; pattern: McpPattern } => entry.pattern !== undefined);
  const known = new Set(keys);
  const warnings: string[] = [];
  for (const { rule, pattern } of parsed) {
    if (pattern.server !== "*" && !known.has(pattern.server)) {
      warnings.push(
        t("mcpUnknownServer", {
          rule: rule.text ?? `Mcp(${rule.pattern})`,
          file: rule.source ?? "?",
          key: pattern.server,
          known: keys.length > 0 ? keys.join(", ") : "—",
        }),
      );
    }
  }
  const names = (pattern: McpPattern, key: string) => pattern.server === "*" || pattern.server === key;
  const enabled = keys.filter((key) => {
    const allowed = withoutRule.has(key) || parsed.some(({ rule, pattern }) => rule.kind === "allow" && names(pattern, key));
    const excluded = parsed.some(
      ({ rule, pattern }) => rule.kind === "deny" && names(pattern, key) && (pattern.tool === undefined || pattern.tool === "*"),
    );
    return allowed && !excluded;
  });
  return { enabled, warnings };
}

/** Seed § 22.4: a tool a deny rule `Mcp(key,tool)` names is not offered at all. */
export function isMcpToolDenied(rules: readonly McpRuleLike[], server: string, tool: string): boolean {
  return rules.some((rule) => {
    if (rule.kind !== "deny" || rule.tool !== "Mcp" || rule.pattern === undefined) return false;
    const pattern = parseMcpPattern(rule.pattern);
    return pattern !== undefined && mcpPatternMatches(pattern, server, tool);
  });
}
