import os from "node:os";
import path from "node:path";
import type { LogOrigin, PluginRecord } from "@maia/kernel";
import type { CliArgs } from "../args.ts";
import { boot } from "../boot.ts";
import { CONFIG_FILE } from "../config/load-config.ts";
import { setPluginEnabled } from "../config/write-config.ts";
import { resolveLaunchFolder } from "../launch-folder.ts";
import { attributed } from "../plugin-log.ts";
import { t } from "../messages.ts";
import { addPlugin, removePlugin } from "./plugins-add.ts";
import { t as installMessages } from "./plugins-add-messages.ts";

export interface CommandIO {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

/**
 * `maia plugins list [--json]`, `maia plugins enable|disable NAME [--global]`, `maia plugins add|remove NAME
 * [--project]`. Needs no LiteLLM settings.
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
    const { records } = await boot({ frontEnd: "headless", log, env: io.env, subcommands: true });
    io.stdout.write(args.json ? `${JSON.stringify(records.map(publicRecord), null, 2)}\n` : formatRecords(records));
    return 0;
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
  io.stderr.write(`${t("pluginsUsage")}\n${installMessages("usage")}\n`);
  return 2;
}

/** `maia plugins add NAME[@version] [--project]`, `maia plugins remove NAME [--project]` (see plugins-add.ts). */
async function runInstallCommand(action: "add" | "remove", spec: string | undefined, args: CliArgs, io: CommandIO): Promise<number> {
  if (!spec) {
    io.stderr.write(`${installMessages("usage")}\n`);
    return 2;
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
    io.stderr.write(`${outcome.message}\n${outcome.usage ? `${installMessages("usage")}\n` : ""}`);
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
    loadMs: record.loadMs,
    logs: record.logs,
  };
}

function formatRecords(records: PluginRecord[]): string {
  const rows = records.map((record) => [
    record.name,
    record.version ?? "-",
    record.source,
    record.state === "failed" ? `failed (${record.stage}: ${record.reason})` : record.state,
    record.hooks.join(", ") || "-",
    `${record.loadMs} ms`,
  ]);
  const header = ["name", "version", "source", "state", "hooks", "load"];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join("  ").trimEnd();
  return `${[line(header), ...rows.map(line)].join("\n")}\n`;
}
