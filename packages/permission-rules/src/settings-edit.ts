import { mkdir, readFile } from "node:fs/promises";
import { locateJsonError, queueOnFile, writeFileAtomic } from "@maia/util";
import path from "node:path";
import { t } from "./messages.ts";

export type RuleList = "allow" | "deny";

/** A settings file MAIA refuses to rewrite (broken JSON, wrong shape): the message says what to fix. */
export class SettingsEditError extends Error {
  override readonly name = "SettingsEditError";
}

/** The project settings file of a launch folder (seed § 9.1). */
export function projectSettingsFile(cwd: string): string {
  return path.join(cwd, ".maia", "settings.json");
}

/**
 * Adds rules to `permissions.allow` or `permissions.deny` of a settings file, keeping everything else in it
 * (other keys, other lists, their order, the file's indentation). The new file replaces the old one in one
 * rename, so a crash leaves either version, never half of one. A file MAIA cannot read as an object is left
 * untouched and reported. Returns the rules that were not there yet.
 */
export function addPermissionRules(file: string, list: RuleList, rules: readonly string[]): Promise<string[]> {
  // Two answers given at once must both land in the file: one queue per file for every edit of it.
  return queueOnFile(file, () => addNow(file, list, rules));
}

async function addNow(file: string, list: RuleList, rules: readonly string[]): Promise<string[]> {
  const text = await readIfPresent(file);
  const edited = withRules(text, list, rules, file);
  if (edited.added.length === 0) return [];
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, edited.text);
  return edited.added;
}

/**
 * The pure part: the file's new text with `rules` appended to `permissions[list]` (those already present are
 * skipped). `text` undefined means the file does not exist yet.
 */
export function withRules(text: string | undefined, list: RuleList, rules: readonly string[], file: string): { text: string; added: string[] } {
  const shown = file;
  let root: unknown = {};
  if (text !== undefined && text.trim() !== "") {
    try {
      root = JSON.parse(text);
    } catch {
      const line = locateJsonError(text)?.line;
      throw new SettingsEditError(t("settingsNotJson", { file: shown, where: line === undefined ? "" : t("atLine", { line }) }));
    }
  }
  if (!isObject(root)) throw new SettingsEditError(t("settingsNotObject", { file: shown }));
  const permissions = root.permissions ?? {};
  if (!isObject(permissions)) throw new SettingsEditError(t("settingsBadPermissions", { file: shown }));
  const current = permissions[list] ?? [];
  if (!Array.isArray(current) || current.some((rule) => typeof rule !== "string")) {
    throw new SettingsEditError(t("settingsBadList", { file: shown, kind: list }));
  }
  const added = [...new Set(rules)].filter((rule) => !current.includes(rule));
  if (added.length === 0) return { text: text ?? "", added };
  const next = { ...root, permissions: { ...permissions, [list]: [...current, ...added] } };
  return { text: `${JSON.stringify(next, null, indentOf(text))}\n`, added };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The indentation the file already uses (two spaces for a new file), so a rewrite does not reformat it all. */
function indentOf(text: string | undefined): string | number {
  const match = text === undefined ? null : /\n([ \t]+)\S/.exec(text);
  return match?.[1] ?? 2;
}

async function readIfPresent(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

