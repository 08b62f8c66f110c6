import { readFile } from "node:fs/promises";
import path from "node:path";
import { errorMessage } from "@maia/kernel";
import { closest, describeJsonError, isMissing, readJsonWithPositions, sha256Hex } from "@maia/util";
import { KNOWN_SERVER_FIELDS } from "./config-schema.ts";
import { t } from "./messages.ts";
import { parseServerEntry, type EntryContext } from "./parse-server.ts";
import type { LoadedMcpConfig, McpConfigFile, McpOrigin, McpServerConfig } from "./server-config.ts";

/**
 * Reads the MCP configuration (seed § 22.1): `~/.maia/mcp.json`, and, beyond the seed, the launch folder's
 * `.maia/mcp.json`, whose servers will only start once approved (see approvals.ts). A missing file is no
 * problem; an unreadable or broken one, and every bad entry, is a warning naming the file and line, and the
 * rest loads. A key defined by both files keeps the user's entry: a cloned repository cannot swap the program
 * behind a name the user's rules already allow.
 */
export function userConfigPath(homeDir: string): string {
  return path.join(homeDir, ".maia", "mcp.json");
}

export function projectConfigPath(cwd: string): string {
  return path.join(cwd, ".maia", "mcp.json");
}

export async function loadMcpConfig(options: { homeDir: string; cwd: string; env: NodeJS.ProcessEnv }): Promise<LoadedMcpConfig> {
  const loaded: LoadedMcpConfig = { servers: [], disabled: [], files: [], warnings: [] };
  const user = userConfigPath(options.homeDir);
  const project = projectConfigPath(options.cwd);
  const sources: Array<{ file: string; origin: McpOrigin }> = [{ file: user, origin: "user" }];
  // Launched from the home folder, the project file is the user's file: read it once, as the user's.
  if (path.resolve(project) !== path.resolve(user)) sources.push({ file: project, origin: "project" });

  const seen = new Map<string, string>();
  for (const { file, origin } of sources) {
    const result = await readConfigFile(file, origin, options);
    loaded.files.push(result.file);
    loaded.warnings.push(...result.warnings);
    for (const server of result.servers) {
      const other = seen.get(server.key);
      if (other !== undefined) {
        loaded.warnings.push(t("serverDuplicate", { where: where(server.file, server.line), key: server.key, other }));
        continue;
      }
      seen.set(server.key, server.file);
      loaded.servers.push(server);
    }
    for (const key of result.disabled) {
      if (seen.has(key)) continue;
      seen.set(key, file);
      loaded.disabled.push(key);
    }
  }
  return loaded;
}

interface FileResult {
  file: McpConfigFile;
  servers: McpServerConfig[];
  disabled: string[];
  warnings: string[];
}

async function readConfigFile(
  file: string,
  origin: McpOrigin,
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<FileResult> {
  const result: FileResult = { file: { path: file, origin, found: false }, servers: [], disabled: [], warnings: [] };
  if (isMissing(file)) return result;
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") result.warnings.push(t("configUnreadable", { file, cause: errorMessage(error) }));
    return result;
  }
  result.file = { path: file, origin, found: true, hash: sha256Hex(bytes) };
  const parsed = readJsonWithPositions(bytes.toString("utf8"));
  if (!parsed.ok) {
    const { line, column } = parsed.error;
    result.warnings.push(t("configInvalidJson", { file, line, column, cause: describeJsonError(parsed.error) }));
    return result;
  }
  const root = parsed.value;
  const lineOf = (...path: string[]) => parsed.positions.keyLine(path);
  if (!isRecord(root)) {
    result.warnings.push(t("configNotObject", { file }));
    return result;
  }
  for (const key of Object.keys(root)) {
    if (key !== "mcpServers") {
      result.warnings.push(t("configUnknownKey", { where: where(file, lineOf(key)), key }));
    }
  }
  const servers = root.mcpServers;
  if (servers === undefined) return result;
  if (!isRecord(servers)) {
    result.warnings.push(t("configServersNotObject", { where: where(file, lineOf("mcpServers")) }));
    return result;
  }
  for (const [key, entry] of Object.entries(servers)) {
    const line = lineOf("mcpServers", key);
    const context: EntryContext = {
      key,
      origin,
      file,
      ...(line === undefined ? {} : { line }),
      cwd: options.cwd,
      env: options.env,
      fieldLine: (field) => lineOf("mcpServers", key, field),
    };
    const outcome = parseServerEntry(entry, context);
    result.warnings.push(...outcome.warnings);
    if (isRecord(entry)) {
      for (const field of Object.keys(entry)) {
        if (KNOWN_SERVER_FIELDS.includes(field)) continue;
        const guess = closest(field, KNOWN_SERVER_FIELDS);
        const at = where(file, context.fieldLine(field) ?? context.line);
        result.warnings.push(
          guess
            ? t("serverUnknownFieldGuess", { where: at, key, field, guess })
            : t("serverUnknownField", { where: at, key, field }),
        );
      }
    }
    if (outcome.kind === "server") result.servers.push(outcome.server);
    else if (outcome.kind === "disabled") result.disabled.push(key);
  }
  return result;
}

/** `file:line` when the line is known, else the file. */
export function where(file: string, line: number | undefined): string {
  return line === undefined ? file : `${file}:${line}`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
