import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describeErrors, errorMessage } from "@maia/kernel";
import { describeJsonError, isMissing, MAX_JSON_DEPTH, readJsonWithPositions, shownPointer, tooDeepAt } from "@maia/util";
import { t } from "../messages.ts";
import { validateConfig } from "./config-validator.generated.ts";
import { CONFIG_SCHEMA, type MaiaConfig, type PluginSetting } from "./config-schema.ts";

export const CONFIG_FILE = path.join(".maia", "config.json");

export interface LoadedConfig extends MaiaConfig {
  /** Where each layer came from, when it exists. */
  files: { project?: string; user?: string };
  /** The file each `plugins` key was taken from (the project's when both name it), for messages. */
  pluginFiles: Record<string, string>;
  warnings: string[];
}

/**
 * The project's `.maia/config.json` over the user's `~/.maia/config.json`. A broken file is a warning naming it,
 * and MAIA goes on with the other layer. (Each layer is one JSON file at a fixed place: read directly. cosmiconfig
 * did the same, but loading it and its meta-configuration search cost ~80 ms of CPU at every start: issue 22.)
 */
export async function loadConfig(cwd: string, homeDir: string = os.homedir()): Promise<LoadedConfig> {
  const warnings: string[] = [];
  const user = await readLayer(homeDir, warnings);
  const project = path.resolve(cwd) === path.resolve(homeDir) ? undefined : await readLayer(cwd, warnings);
  const model = project?.config.model ?? user?.config.model;
  return {
    ...(model === undefined ? {} : { model }),
    plugins: { ...user?.config.plugins, ...project?.config.plugins },
    pluginFiles: {
      ...Object.fromEntries(Object.keys(user?.config.plugins ?? {}).map((name) => [name, user?.file ?? ""])),
      ...Object.fromEntries(Object.keys(project?.config.plugins ?? {}).map((name) => [name, project?.file ?? ""])),
    },
    files: {
      ...(project ? { project: project.file } : {}),
      ...(user ? { user: user.file } : {}),
    },
    warnings,
  };
}

async function readLayer(folder: string, warnings: string[]): Promise<{ config: MaiaConfig; file: string } | undefined> {
  const file = path.join(folder, CONFIG_FILE);
  if (isMissing(file)) return undefined;
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return undefined;
    warnings.push(t("configUnreadable", { file, problem: errorMessage(error) }));
    return undefined;
  }
  if (text.trim() === "") return undefined; // an empty file configures nothing
  const read = readJsonWithPositions(text);
  if (!read.ok) {
    warnings.push(t("configUnreadable", { file, problem: t("configNotJson", { line: read.error.line, column: read.error.column, reason: describeJsonError(read.error) }) }));
    return undefined;
  }
  return { config: sanitise(read.value, file, warnings), file };
}

/** Keeps what is valid: a bad `model` or one bad plugin entry never discards the rest of the file. */
function sanitise(raw: unknown, file: string, warnings: string[]): MaiaConfig {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    warnings.push(t("configUnreadable", { file, problem: "the file must hold a JSON object" }));
    return { plugins: {} };
  }
  // Plugin options are validated (ajv) and copied, both recursively: refused here, naming the file, rather than
  // overflowing the stack in whichever plugin's options check ran first.
  const deep = tooDeepAt(raw);
  if (deep !== undefined) {
    warnings.push(t("configUnreadable", { file, problem: t("configTooDeep", { max: MAX_JSON_DEPTH, pointer: shownPointer(deep) }) }));
    return { plugins: {} };
  }
  const validate = validateConfig;
  if (!validate(raw)) {
    for (const problem of describeErrors(validate.errors, CONFIG_SCHEMA)) warnings.push(t("configInvalid", { file, problem }));
  }
  const record = raw as Record<string, unknown>;
  const config: MaiaConfig = { plugins: {} };
  if (typeof record.model === "string" && record.model.trim() !== "") config.model = record.model.trim();
  const plugins = record.plugins;
  if (typeof plugins === "object" && plugins !== null && !Array.isArray(plugins)) {
    for (const [name, value] of Object.entries(plugins)) {
      const setting = toSetting(value);
      if (setting) config.plugins[name] = setting;
    }
  }
  return config;
}

function toSetting(value: unknown): PluginSetting | undefined {
  if (typeof value === "boolean") return { enabled: value };
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const entry = value as { enabled?: unknown; options?: unknown };
  if (entry.enabled !== undefined && typeof entry.enabled !== "boolean") return undefined;
  const options = entry.options;
  if (options !== undefined && (typeof options !== "object" || options === null || Array.isArray(options))) return undefined;
  return { enabled: entry.enabled ?? true, ...(options ? { options: options as Record<string, unknown> } : {}) };
}
