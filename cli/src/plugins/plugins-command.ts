import os from "node:os";
import path from "node:path";
import { parsePluginId } from "@maia/claude-plugins";
import type { LogOrigin, PluginRecord } from "@maia/kernel";
import type { ClaudePluginsApi } from "@maia/plugin-claude-plugins";
import type { CliArgs } from "../args.ts";
import { boot } from "../boot.ts";
import { CONFIG_FILE } from "../config/load-config.ts";
import { setPluginEnabled } from "../config/write-config.ts";
import { resolveLaunchFolder } from "../launch-folder.ts";
import { attributed } from "../plugin-log.ts";
import { t } from "../messages.ts";
import { addPlugin, removePlugin } from "./plugins-add.ts";
import { t as installMessages } from "./plugins-add-messages.ts";
import { addTarget } from "./claude/add-target.ts";
import { claudeAdd, claudeEnable, claudeRecord, componentsSummary, runMarketplaceCommand, type ClaudeRecord } from "./claude/claude-commands.ts";
import type { ClaudeContext, Outcome } from "./claude/context.ts";
import { removeClaudePlugin } from "./claude/install.ts";
import { t as claudeMessages } from "./claude/messages.ts";

export interface CommandIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

/**
 * `maia plugins list [--json]`, `maia plugins enable|disable NAME [--global]`, `maia plugins add|remove NAME
 * [--project]`, `maia plugins marketplace add|remove|list|update`. NAME is an npm plugin, or a Claude Code plugin
 * (`name@marketplace`, a plugin folder, a git URL). Needs no LiteLLM settings.
 */
export async function runPluginsCommand(args: CliArgs, io: CommandIO): Promise<number> {
  const [, action, name] = args.positionals;
  const log = {
    info: () => undefined,
    debug: () => undefined,
    warn: (message: string, origin?: LogOrigin) => void io.stderr.write(`WARN ${attributed(message, origin)}\n`),
    error: (message: string) => void io.stderr.write(`FAIL ${message}\n`),
  };
  if (action === "list" || action === undefined) {
    const { records, kernel } = await boot({ frontEnd: "headless", log, env: io.env, subcommands: true });
    // The Claude Code plugins, beside MAIA's: what the claude-plugins plugin found (none when it is disabled).
    const claude = await Promise.all((kernel.plugins.get<ClaudePluginsApi>("claude-plugins")?.api?.plugins() ?? []).map(claudeRecord));
    io.stdout.write(args.json ? `${JSON.stringify([...records.map(publicRecord), ...claude], null, 2)}\n` : formatRecords(records, claude));
    return 0;
  }
  if (action === "marketplace") return report(await runMarketplaceCommand(args.positionals.slice(2), args.json, claudeContext(args, io)), io);
  const claudeId = name === undefined ? undefined : parsePluginId(name);
  if ((action === "enable" || action === "disable") && claudeId) {
    return report(await claudeEnable(claudeId, action === "enable", args.global, claudeContext(args, io)), io);
  }
  if ((action === "enable" || action === "disable") && name) {
    const { cwd, homeDir } = await boot({ frontEnd: "headless", log: { ...log, warn: () => undefined }, env: io.env });
    const file = path.join(args.global ? homeDir : cwd, CONFIG_FILE);
    try {
      await setPluginEnabled(file, name, action === "enable");
    } catch (error) {
      io.stderr.write(`${(error as Error).message}\n`);
      return 1;
    }
    io.stdout.write(`${t(action === "enable" ? "pluginEnabled" : "pluginDisabled", { name, file })}\n`);
    return 0;
  }
  if (action === "add" || action === "remove") return runInstallCommand(action, name, args, io);
  io.stderr.write(`${t("pluginsUsage")}\n${installMessages("usage")}\n${claudeMessages("usage")}\n`);
  return 2;
}

/** What the Claude Code plugin commands work with: the two folders, the environment (git), `--project`. */
function claudeContext(args: CliArgs, io: CommandIO): ClaudeContext {
  return {
    cwd: resolveLaunchFolder(io.env),
    homeDir: io.env.HOME?.trim() || os.homedir(),
    env: io.env,
    project: args.project,
    progress: (line: string) => void io.stderr.write(`${line}\n`),
  };
}

/** Prints an outcome: its lines on stdout, or its message (and the usage when asked) on stderr. */
function report(outcome: Outcome, io: CommandIO): number {
  if (!outcome.ok) {
    io.stderr.write(`${outcome.message}\n${outcome.usage ? `${claudeMessages("usage")}\n` : ""}`);
    return outcome.usage ? 2 : 1;
  }
  io.stdout.write(`${outcome.lines.join("\n")}\n`);
  return 0;
}

/**
 * `maia plugins add NAME[@version] [--project]`, `maia plugins remove NAME [--project]` (see plugins-add.ts), and
 * the same for Claude Code plugins: `add name@marketplace | <plugin folder> | <git URL>`, `remove name@marketplace`.
 */
async function runInstallCommand(action: "add" | "remove", spec: string | undefined, args: CliArgs, io: CommandIO): Promise<number> {
  if (!spec) {
    io.stderr.write(`${installMessages("usage")}\n${claudeMessages("usage")}\n`);
    return 2;
  }
  const claude = claudeContext(args, io);
  const claudeId = parsePluginId(spec);
  if (action === "remove" && claudeId) return report(await removeClaudePlugin(claudeId, claude), io);
  if (action === "add") {
    const target = await addTarget(spec, claude.cwd, claude.homeDir);
    if (target.kind !== "npm") return report(await claudeAdd(target, claude), io);
  }
  // No boot: installing needs neither the plugins nor the LiteLLM settings, only the two folders.
  const context = {
    cwd: resolveLaunchFolder(io.env),
    homeDir: io.env.HOME?.trim() || os.homedir(),
    env: io.env,
    project: args.project,
    progress: (line: string) => void io.stderr.write(`${line}\n`),
  };
  const outcome = action === "add" ? await addPlugin(spec, context) : await removePlugin(spec, context);
  if (!outcome.ok) {
    // `name@something` that npm could not install may be a Claude Code plugin of a marketplace not added yet.
    const hint = action === "add" && claudeId ? `${claudeMessages("maybeMarketplace", { marketplace: claudeId.marketplace, id: spec })}\n` : "";
    io.stderr.write(`${outcome.message}\n${hint}${outcome.usage ? `${installMessages("usage")}\n` : ""}`);
    return outcome.usage ? 2 : 1;
  }
  io.stdout.write(`${outcome.lines.join("\n")}\n`);
  return 0;
}

function publicRecord(record: PluginRecord) {
  return {
    name: record.name,
    version: record.version ?? null,
    source: record.source,
    state: record.state,
    ...(record.reason ? { reason: `failed at ${record.stage}: ${record.reason}` } : {}),
    description: record.description ?? "",
    hooks: record.hooks,
    owns: record.owns,
    loadMs: record.loadMs,
    logs: record.logs,
  };
}

function formatRecords(records: PluginRecord[], claude: readonly ClaudeRecord[] = []): string {
  const rows = records.map((record) => [
    record.name,
    record.version ?? "-",
    record.source,
    record.state === "failed" ? `failed (${record.stage}: ${record.reason})` : record.state,
    record.hooks.join(", ") || "-",
    record.owns.join(", ") || "-",
    `${record.loadMs} ms`,
  ]);
  // A Claude Code plugin: where it came from, and its commands, agents, skills, hooks and servers.
  for (const record of claude) {
    const state = record.reason ? `${record.state} (${record.reason})` : record.state;
    const from = record.store === "claude" ? `${record.from}, ${claudeMessages("installedByClaudeCode")}` : record.from;
    rows.push([record.name, record.version ?? "-", `claude-plugin: ${from}`, state, componentsSummary(record), "-", "-"]);
  }
  const header = ["name", "version", "source", "state", "hooks", "owns", "load"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ").trimEnd();
  return `${[line(header), ...rows.map(line)].join("\n")}\n`;
}
