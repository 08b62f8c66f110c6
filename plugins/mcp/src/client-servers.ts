import { t } from "./messages.ts";
import { parseServerEntry } from "./parse-server.ts";
import { selectMcpServers, type McpRuleLike } from "./rules.ts";
import type { McpServerConfig } from "./server-config.ts";
import { MAX_SERVER_KEY, sanitizeServerKey } from "./tool-names.ts";

/**
 * An MCP server as an ACP client passes it in `session/new` / `session/load` (the ACP schema's `McpServer`,
 * written here structurally: this plugin does not depend on the ACP SDK). stdio has no `type`; `env` and
 * `headers` are lists of `{name, value}`.
 */
export type AcpMcpServer =
  | { type?: undefined; name: string; command: string; args: string[]; env: AcpNameValue[]; _meta?: unknown }
  | { type: "http" | "sse"; name: string; url: string; headers: AcpNameValue[]; _meta?: unknown };

export interface AcpNameValue {
  name: string;
  value: string;
}

export interface ClientServersContext {
  /** The session's launch folder: a stdio server runs there. */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Keys already used in the session (mcp.json servers, enabled or not, and earlier client servers). */
  taken: ReadonlySet<string>;
  rules: readonly McpRuleLike[];
}

/**
 * The servers an ACP client passes, as this plugin's own server configurations, through the same parser as
 * mcp.json entries (origin `client`, values taken literally: no `${VAR}` expansion). The key is the ACP name
 * made valid; a key already taken by a server of mcp.json gets a suffix (`-2`, `-3`…) with a warning rather
 * than being refused: the editor's user asked for that server. A server a deny rule `Mcp(key)` (or
 * `Mcp(key,*)`) excludes whole is refused with a warning; no allow rule is needed otherwise.
 */
export function clientServerConfigs(
  servers: readonly AcpMcpServer[],
  context: ClientServersContext,
): { servers: McpServerConfig[]; warnings: string[] } {
  const warnings: string[] = [];
  const taken = new Set(context.taken);
  const configs: McpServerConfig[] = [];
  for (const server of servers) {
    const entry = toEntry(server);
    if (!entry) {
      warnings.push(t("clientUnknownType", { name: String(server.name), type: String((server as { type?: unknown }).type) }));
      continue;
    }
    const base = sanitizeServerKey(String(server.name ?? ""));
    const key = freeKey(base, taken);
    if (key !== server.name) {
      const reason = key !== base ? t("clientNameTaken", { taken: base }) : t("clientNameCleaned");
      warnings.push(t("clientRenamed", { name: String(server.name), key, reason }));
    }
    taken.add(key);
    if (deniedWhole(context.rules, key)) {
      warnings.push(t("clientDenied", { key }));
      continue;
    }
    const outcome = parseServerEntry(entry, {
      key,
      origin: "client",
      file: t("clientSource"),
      cwd: context.cwd,
      env: context.env,
      fieldLine: () => undefined,
      expandVariables: false,
    });
    warnings.push(...outcome.warnings);
    // Renamed: its OAuth login is still the one of its own name (what the "needs login" advice names).
    if (outcome.kind === "server") configs.push(key === base ? outcome.server : { ...outcome.server, authKey: base });
  }
  return { servers: configs, warnings };
}

/** The mcp.json entry an ACP server stands for; undefined for a transport this plugin does not speak. */
export function toEntry(server: AcpMcpServer): Record<string, unknown> | undefined {
  if (server.type === undefined || (server.type as string) === "stdio") {
    const stdio = server as Extract<AcpMcpServer, { command: string }>;
    return { type: "stdio", command: stdio.command, args: stdio.args ?? [], env: record(stdio.env) };
  }
  if (server.type === "http" || server.type === "sse") {
    return { type: server.type, url: server.url, headers: record(server.headers) };
  }
  return undefined;
}

/** `[{name, value}]` → `{name: value}`; a later duplicate wins, as a later header line would. */
function record(list: readonly AcpNameValue[] | undefined): Record<string, string> {
  return Object.fromEntries((list ?? []).map((item) => [item.name, item.value]));
}

function freeKey(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let index = 2; ; index += 1) {
    const suffix = `-${index}`;
    const key = `${base.slice(0, MAX_SERVER_KEY - suffix.length).replace(/_+$/, "")}${suffix}`;
    if (!taken.has(key)) return key;
  }
}

/** Excluded whole by a deny rule: what keeps a configured server from starting, applied without the allow. */
function deniedWhole(rules: readonly McpRuleLike[], key: string): boolean {
  const allow: McpRuleLike = { kind: "allow", tool: "Mcp", pattern: key };
  return selectMcpServers([...rules, allow], [key]).enabled.length === 0;
}
