import type { DoctorEntry, DoctorIgnored, DoctorPlace } from "@maia/kernel";
import type { ContributedMcpServer } from "@maia/util";
import { claudeMcpSwitches } from "./claude-approvals.ts";
import { loadMcpConfig } from "./load-config.ts";
import { t } from "./messages.ts";
import { selectMcpServers, type McpRuleLike } from "./rules.ts";
import { APPROVED_ORIGINS } from "./server-config.ts";

/**
 * What `maia doctor` shows of MCP: each configuration file found (`~/.maia/mcp.json`, `.maia/mcp.json`, `.mcp.json`,
 * `~/.claude.json`) with its servers and how each starts (at once, once the file is approved, once an allow rule
 * names it), what was left out with why (the warnings the file got, turned-off servers); Claude Code's `.mcp.json`
 * switches in its settings files; and the servers of the Claude Code plugins that are on (`plugins`), each under
 * its plugin's file.
 */
export async function mcpDoctor(place: DoctorPlace, rules: () => readonly McpRuleLike[], plugins: readonly ContributedMcpServer[] = []): Promise<DoctorEntry[]> {
  const config = await loadMcpConfig({ homeDir: place.homeDir, cwd: place.cwd, env: place.env, plugins });
  const switches = await claudeMcpSwitches(place.cwd, place.homeDir);
  const keys = [...config.servers.map((server) => server.key), ...config.disabled];
  const withoutRule = new Set(config.servers.filter((server) => server.format === "claude").map((server) => server.key));
  const enabled = new Set(selectMcpServers(rules(), keys, withoutRule).enabled);
  const entries = new Map<string, DoctorEntry>();
  const entryOf = (file: string, format: string, keysOfFile?: string[]): DoctorEntry => {
    let entry = entries.get(file);
    if (!entry) entries.set(file, (entry = { path: file, format, kind: "mcp", became: [], ignored: [], ...(keysOfFile ? { keys: keysOfFile } : {}) }));
    return entry;
  };
  for (const file of config.files) {
    const entry = entryOf(file.path, file.origin === "plugin" ? "claude-plugin" : (file.format ?? "maia"), file.at ? ["mcpServers", "projects"] : undefined);
    for (const server of config.servers.filter((candidate) => candidate.file === file.path)) {
      const how =
        APPROVED_ORIGINS.has(server.origin) && !(server.origin === "project" && server.format === "claude" && switches.approves(server.key))
          ? t("doctorStartsApproved")
          : enabled.has(server.key)
            ? t("doctorStarts")
            : t("doctorStartsWith", { key: server.key });
      entry.became.push(`server ${server.key} (${server.display}): ${how}`);
    }
    for (const warning of config.warnings) if (warning.startsWith(file.path)) entry.ignored.push(ignoredOf(warning, file.path));
  }
  for (const key of config.disabled) {
    const file = config.files.find((candidate) => candidate.path === config.disabledIn?.[key]);
    if (file) entryOf(file.path, file.origin === "plugin" ? "claude-plugin" : (file.format ?? "maia")).ignored.push({ item: `server ${key}`, reason: t("doctorDisabledEntry") });
  }
  // `disabledMcpjsonServers`: the server of `.mcp.json` is kept off.
  for (const server of config.servers.filter((candidate) => candidate.format === "claude" && candidate.origin === "project" && switches.disabled.has(candidate.key))) {
    const entry = entries.get(server.file);
    if (entry) {
      entry.became = entry.became.filter((item) => !item.startsWith(`server ${server.key} (`));
      entry.ignored.push({ item: `server ${server.key}`, reason: t("doctorDisabledEntry") });
    }
  }
  for (const item of switches.taken) entryOf(item.file, "claude", ["enabledMcpjsonServers", "disabledMcpjsonServers", "enableAllProjectMcpServers"]).became.push(item.item);
  for (const item of switches.ignored) {
    const entry = entryOf(item.file, "claude", ["enabledMcpjsonServers", "disabledMcpjsonServers", "enableAllProjectMcpServers"]);
    entry.ignored.push({ item: item.item, reason: item.reason, ...(item.line === undefined ? {} : { line: item.line }) });
  }
  return [...entries.values()].filter((entry) => entry.became.length > 0 || entry.ignored.length > 0 || entry.keys === undefined);
}

/** A warning `file:line: …` as an item left out, its line kept. */
function ignoredOf(warning: string, file: string): DoctorIgnored {
  const rest = warning.slice(file.length);
  const line = /^:(\d+)/.exec(rest)?.[1];
  return { item: "mcpServers", reason: rest.replace(/^(:\d+)?\s*:?\s*/, ""), ...(line === undefined ? {} : { line: Number(line) }) };
}
