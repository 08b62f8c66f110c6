import { realpathSync } from "node:fs";
import path from "node:path";
import type { JsonSchema } from "@maia/kernel";
import { closest, locateJsonError, MAX_JSON_DEPTH, shownPointer, tooDeepAt, readSettingsText } from "@maia/util";
import { t } from "./messages.ts";
import { PERMISSIONS_SCHEMA } from "./permissions-schema.ts";
import { validatePermissions } from "./permissions-validator.generated.ts";

export { PERMISSIONS_SCHEMA };
import { readRules, RULE_KINDS, type Rule, type RuleKind } from "./rule-syntax.ts";

/**
 * Where rules come from (seed § 9.1): `~/.maia/settings.json` (which also holds the LiteLLM keys, read by the
 * litellm plugin: only `permissions` is read here) and `<launch folder>/.maia/settings.json`, not the parent
 * folders; plus `--allow` rules of this run. The lists add up. A file that is absent is no problem; a file that
 * cannot be read or is not JSON, and every malformed rule, is a warning naming the file; the rest loads.
 */
/** Where a rule set comes from; `added`: given by another plugin through the API's `addRules` (added-rules.ts). */
export type RuleOrigin = "user" | "project" | "cli" | "file" | "added";

export type RuleSource =
  | { kind: "file"; path: string; origin: RuleOrigin }
  | { kind: "inline"; name: string; origin: RuleOrigin; permissions: unknown };

export interface RuleFile {
  /** The file's path, `--allow`, or the source name of an added set. */
  path: string;
  origin: RuleOrigin;
  /** False when the file does not exist (or could not be read). */
  found: boolean;
  rules: Rule[];
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

/** The sources MAIA reads by default; when the launch folder is the home folder, its file is read once. */
export function defaultSources(cwd: string, homeDir: string, allowRules: readonly string[]): RuleSource[] {
  const user = userSettingsPath(homeDir);
  const project = projectSettingsPath(cwd);
  const sources: RuleSource[] = [{ kind: "file", path: user, origin: "user" }];
  if (canonical(project) !== canonical(user)) sources.push({ kind: "file", path: project, origin: "project" });
  if (allowRules.length > 0) sources.push({ kind: "inline", name: CLI_SOURCE, origin: "cli", permissions: { allow: [...allowRules] } });
  return sources;
}

function canonical(file: string): string {
  try {
    return realpathSync(path.dirname(file));
  } catch {
    return path.resolve(path.dirname(file));
  }
}

export async function loadRules(sources: readonly RuleSource[]): Promise<LoadedRules> {
  const files: RuleFile[] = [];
  const warnings: string[] = [];
  for (const source of sources) {
    if (source.kind === "inline") {
      const read = readPermissions(source.permissions, source.name);
      files.push({ path: source.name, origin: source.origin, found: true, rules: read.rules });
      warnings.push(...read.warnings);
      continue;
    }
    const loaded = await readSettingsFile(source.path);
    warnings.push(...loaded.warnings);
    files.push({ path: source.path, origin: source.origin, found: loaded.found, rules: loaded.rules });
  }
  return { files, rules: files.flatMap((file) => file.rules), warnings };
}

/** One settings file: its rules and the warnings about it. An absent file has no rules and no warning. */
export async function readSettingsFile(file: string): Promise<{ found: boolean; rules: Rule[]; warnings: string[]; missing?: boolean }> {
  let text: string | undefined;
  try {
    text = await readSettingsText(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { found: false, rules: [], warnings: [], missing: true };
    return { found: false, rules: [], warnings: [t("fileUnreadable", { file, cause: code ?? String(error) })] };
  }
  if (text === undefined) return { found: false, rules: [], warnings: [], missing: true };
  const parsed = parseJson(text);
  if (!parsed.ok) return { found: true, rules: [], warnings: [t("fileInvalidJson", { file, line: parsed.line, column: parsed.column })] };
  const data = parsed.value;
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    return { found: true, rules: [], warnings: [t("fileNotObject", { file })] };
  }
  const permissions = (data as Record<string, unknown>).permissions;
  if (permissions === undefined) return { found: true, rules: [], warnings: [] };
  const read = readPermissions(permissions, file);
  return { found: true, ...read };
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
      const guess = closest(key, RULE_KINDS);
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
