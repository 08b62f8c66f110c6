import os from "node:os";
import path from "node:path";
import { settingsFiles, type SettingsFile, type SettingsFormat } from "@maia/claude-code";
import { closest, locateJsonError, MAX_JSON_DEPTH, readJsonWithPositions, readSettingsText, shownPointer, tooDeepAt } from "@maia/util";
import { NO_SETTINGS, readClaudeRules, readFileSettings, type FileContext, type FileSettings } from "./claude-permissions.ts";
import type { PermissionMode } from "./modes.ts";
import { t } from "./messages.ts";
import { PERMISSIONS_SCHEMA } from "./permissions-schema.ts";
import { validatePermissions } from "./permissions-validator.generated.ts";

export { PERMISSIONS_SCHEMA };
import { readRules, RULE_KINDS, type Rule, type RuleKind } from "./rule-syntax.ts";

/**
 * Where rules come from (seed § 9.1): `~/.maia/settings.json` (which also holds the LiteLLM keys, read by the
 * litellm plugin: only `permissions` is read here) and `<launch folder>/.maia/settings.json`, not the parent
 * folders; Claude Code's `~/.claude/settings.json`, `.claude/settings.json` and `.claude/settings.local.json`
 * (their rules translated, see claude-permissions.ts); plus `--allow` rules of this run. The lists add up. A file
 * that is absent is no problem; a file that cannot be read or is not JSON, and every malformed rule, is a warning
 * naming the file; the rest loads. The files and their order are @maia/claude-code's `settingsFiles`.
 */
/** Where a rule set comes from; `added`: given by another plugin through the API's `addRules` (added-rules.ts). */
export type RuleOrigin = "user" | "project" | "claude-user" | "claude-project" | "claude-local" | "cli" | "file" | "added";

export type RuleSource =
  | {
      kind: "file";
      path: string;
      origin: RuleOrigin;
      /** Claude Code's rule syntax and keys, or MAIA's (the default). */
      format?: SettingsFormat;
      /** Where a Claude Code `/path` rule starts. */
      anchor?: string;
      /** Not listed when absent (Claude Code's files: `/permissions` shows MAIA's places for rules, not every possible file). */
      optional?: boolean;
    }
  | { kind: "inline"; name: string; origin: RuleOrigin; permissions: unknown };

export interface RuleFile {
  /** The file's path, `--allow`, or the source name of an added set. */
  path: string;
  origin: RuleOrigin;
  /** False when the file does not exist (or could not be read). */
  found: boolean;
  rules: Rule[];
  format?: SettingsFormat;
  /** Its `defaultMode`, `additionalDirectories` and what was left out (for `maia doctor`); absent without `permissions`. */
  settings?: FileSettings;
}

export interface LoadedRules {
  files: RuleFile[];
  /** Every rule, file after file. */
  rules: Rule[];
  warnings: string[];
}

export const CLI_SOURCE = "--allow";

export function userSettingsPath(homeDir: string): string {
  return path.join(homeDir, ".maia", "settings.json");
}

export function projectSettingsPath(cwd: string): string {
  return path.join(cwd, ".maia", "settings.json");
}

/** The sources MAIA reads by default, lowest precedence first; a file the home folder and the launch folder share is read once. */
export function defaultSources(cwd: string, homeDir: string, allowRules: readonly string[]): RuleSource[] {
  const sources: RuleSource[] = settingsFiles(cwd, homeDir).map((file) => ({
    kind: "file",
    path: file.path,
    origin: originOf(file),
    format: file.format,
    anchor: file.anchor,
    optional: file.format === "claude",
  }));
  if (allowRules.length > 0) sources.push({ kind: "inline", name: CLI_SOURCE, origin: "cli", permissions: { allow: [...allowRules] } });
  return sources;
}

function originOf(file: SettingsFile): RuleOrigin {
  if (file.format === "maia") return file.scope === "user" ? "user" : "project";
  return file.scope === "user" ? "claude-user" : file.scope === "project" ? "claude-project" : "claude-local";
}

export async function loadRules(sources: readonly RuleSource[], place: { cwd: string; homeDir: string } = { cwd: process.cwd(), homeDir: os.homedir() }): Promise<LoadedRules> {
  const files: RuleFile[] = [];
  const warnings: string[] = [];
  for (const source of sources) {
    if (source.kind === "inline") {
      const read = readPermissions(source.permissions, source.name);
      files.push({ path: source.name, origin: source.origin, found: true, rules: read.rules });
      warnings.push(...read.warnings);
      continue;
    }
    const loaded = await readSettingsFile(source.path, { format: source.format ?? "maia", anchor: source.anchor ?? path.dirname(source.path), ...place });
    warnings.push(...loaded.warnings);
    if (source.optional && !loaded.found) continue;
    files.push({ path: source.path, origin: source.origin, found: loaded.found, rules: loaded.rules, format: source.format ?? "maia", ...(loaded.settings ? { settings: loaded.settings } : {}) });
  }
  return { files, rules: files.flatMap((file) => file.rules), warnings };
}

/** The mode the settings files start sessions in: that of the file of highest precedence that names one. */
export function startingMode(loaded: LoadedRules): { mode: PermissionMode; file: string } | undefined {
  for (const file of [...loaded.files].reverse()) {
    const mode = file.settings?.defaultMode;
    if (mode !== undefined) return { mode, file: file.path };
  }
  return undefined;
}

/** Every folder of `additionalDirectories`, all files together. */
export function additionalDirectories(loaded: LoadedRules): string[] {
  return [...new Set(loaded.files.flatMap((file) => file.settings?.additionalDirectories ?? []))];
}

export interface ReadOptions {
  format: SettingsFormat;
  anchor: string;
  cwd: string;
  homeDir: string;
}

/** One settings file: its rules and the warnings about it. An absent file has no rules and no warning. */
export async function readSettingsFile(
  file: string,
  options: ReadOptions = { format: "maia", anchor: path.dirname(file), cwd: process.cwd(), homeDir: os.homedir() },
): Promise<{ found: boolean; rules: Rule[]; warnings: string[]; missing?: boolean; settings?: FileSettings }> {
  let text: string | undefined;
  try {
    text = await readSettingsText(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { found: false, rules: [], warnings: [], missing: true };
    return { found: false, rules: [], warnings: [t("fileUnreadable", { file, cause: code ?? String(error) })] };
  }
  if (text === undefined) return { found: false, rules: [], warnings: [], missing: true };
  const parsed = readJsonWithPositions(text);
  if (!parsed.ok) return { found: true, rules: [], warnings: [t("fileInvalidJson", { file, line: parsed.error.line, column: parsed.error.column })] };
  const data = parsed.value;
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return { found: true, rules: [], warnings: [t("fileNotObject", { file })] };
  }
  const permissions = (data as Record<string, unknown>).permissions;
  if (permissions === undefined) return { found: true, rules: [], warnings: [] };
  const context: FileContext = { file, format: options.format, anchor: options.anchor, cwd: options.cwd, homeDir: options.homeDir, positions: parsed.positions };
  if (options.format === "claude") {
    if (typeof permissions !== "object" || permissions === null || Array.isArray(permissions)) {
      return { found: true, rules: [], warnings: [t("permissionsNotObject", { file })] };
    }
    const warnings: string[] = [];
    const values = permissions as Record<string, unknown>;
    const settings = readFileSettings(values, context, warnings);
    const rules = readClaudeRules(values, context, warnings, settings.notes);
    return { found: true, rules, warnings, settings };
  }
  const read = readPermissions(permissions, file);
  const warnings = [...read.warnings];
  const settings = typeof permissions === "object" && permissions !== null && !Array.isArray(permissions) ? readFileSettings(permissions as Record<string, unknown>, context, warnings) : NO_SETTINGS;
  return { found: true, rules: read.rules, warnings, settings };
}

/** Checks a `permissions` value against the schema and keeps every rule that is fine. */
export function readPermissions(permissions: unknown, source: string): { rules: Rule[]; warnings: string[] } {
  if (typeof permissions !== "object" || permissions === null || Array.isArray(permissions)) {
    return { rules: [], warnings: [t("permissionsNotObject", { file: source })] };
  }
  // ajv and the previews below recurse: a value nested thousands of levels would overflow the stack.
  const deep = tooDeepAt(permissions);
  if (deep !== undefined) return { rules: [], warnings: [t("permissionsTooDeep", { file: source, max: MAX_JSON_DEPTH, pointer: shownPointer(`/permissions${deep}`) })] };
  const validate = validatePermissions;
  const warnings: string[] = [];
  const values = permissions as Record<string, unknown>;
  if (!validate(values)) {
    for (const error of validate.errors ?? []) {
      if (error.keyword !== "additionalProperties") continue;
      const key = String((error.params as { additionalProperty?: unknown }).additionalProperty);
      const guess = closest(key, [...RULE_KINDS, "defaultMode", "additionalDirectories"]);
      warnings.push(guess ? t("permissionsUnknownKeyGuess", { file: source, key, guess }) : t("permissionsUnknownKey", { file: source, key }));
    }
  }
  const rules: Rule[] = [];
  for (const kind of RULE_KINDS) {
    const list = values[kind];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      warnings.push(t("permissionsNotList", { file: source, kind }));
      continue;
    }
    const texts: string[] = [];
    list.forEach((item: unknown, index: number) => {
      if (typeof item === "string") texts.push(item);
      else warnings.push(t("permissionsNotText", { file: source, kind, index, value: preview(item) }));
    });
    const read = readRules(texts, kind as RuleKind, source);
    rules.push(...read.rules);
    warnings.push(...read.warnings);
  }
  return { rules, warnings };
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
}

/** JSON.parse, with an error turned into a line and a column (the kernel's locateJsonError says why not V8's message). */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; line: number; column: number } {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return { ok: true, value: JSON.parse(source) };
  } catch {
    const found = locateJsonError(source);
    return { ok: false, line: found?.line ?? 1, column: found?.column ?? 1 };
  }
}
