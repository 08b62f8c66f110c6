import path from "node:path";
import { translateClaudeRule, type SettingsFormat } from "@maia/claude-code";
import type { JsonPositions } from "@maia/util";
import { t } from "./messages.ts";
import { isPermissionMode, type PermissionMode } from "./modes.ts";
import { parseRule, RULE_KINDS, type Rule, type RuleKind } from "./rule-syntax.ts";

/**
 * The `permissions` of a settings file beside its rules (Claude Code's keys, read from MAIA's files too):
 * `defaultMode`, the mode sessions start in, and `additionalDirectories`, folders where acceptEdits works as in
 * the launch folder. And the rules of a Claude Code settings file, each translated by @maia/claude-code (never
 * wider than written) and read as MAIA rules, named by their file and line.
 */
export interface FileSettings {
  /** The mode this file asks for, already one of MAIA's. */
  defaultMode?: PermissionMode;
  additionalDirectories: string[];
  /** What was left out or changes nothing, for `maia doctor` (the warnings are said at start-up). */
  notes: PermissionNote[];
}

export interface PermissionNote {
  item: string;
  reason: string;
  line?: number;
}

export const NO_SETTINGS: FileSettings = { additionalDirectories: [], notes: [] };

/** Claude Code's modes (its permission-modes page) and MAIA's reading of each. */
const CLAUDE_MODES: Readonly<Record<string, PermissionMode | undefined>> = {
  default: "default",
  manual: "default",
  acceptEdits: "acceptEdits",
  plan: "plan",
  // No such mode in MAIA: the session starts in default, which asks what these would have let through.
  auto: undefined,
  dontAsk: undefined,
  bypassPermissions: undefined,
};

/** Keys of Claude Code's `permissions` that MAIA has nothing to do with (its modes that MAIA does not have). */
const CLAUDE_ONLY_KEYS = new Set(["disableBypassPermissionsMode", "disableAutoMode", "skipDangerousModePermissionPrompt", "allowManagedPermissionRulesOnly"]);

export interface FileContext {
  file: string;
  format: SettingsFormat;
  /** Where a Claude Code `/path` rule starts. */
  anchor: string;
  cwd: string;
  homeDir: string;
  positions?: JsonPositions;
}

/** `defaultMode` and `additionalDirectories` of one `permissions` value; warnings said at once. */
export function readFileSettings(permissions: Record<string, unknown>, context: FileContext, warnings: string[]): FileSettings {
  const notes: PermissionNote[] = [];
  const line = (...keys: Array<string | number>) => context.positions?.valueLine(["permissions", ...keys]);
  const at = (...keys: Array<string | number>) => where(context.file, line(...keys));
  const settings: FileSettings = { additionalDirectories: [], notes };

  const mode = permissions.defaultMode;
  if (mode !== undefined) {
    const known = typeof mode === "string" && Object.hasOwn(CLAUDE_MODES, mode);
    const maia = known ? CLAUDE_MODES[mode as string] : isPermissionMode(mode) ? mode : undefined;
    if (maia !== undefined) settings.defaultMode = maia;
    else {
      const message = known ? t("defaultModeMissing", { where: at("defaultMode"), mode: String(mode) }) : t("defaultModeUnknown", { where: at("defaultMode"), mode: JSON.stringify(mode) });
      warnings.push(message);
      notes.push({ item: `defaultMode ${String(mode)}`, reason: message, ...lineField(line("defaultMode")) });
    }
  }

  const folders = permissions.additionalDirectories;
  if (folders !== undefined) {
    if (!Array.isArray(folders)) warnings.push(t("directoriesNotList", { where: at("additionalDirectories") }));
    else {
      folders.forEach((folder: unknown, index) => {
        if (typeof folder !== "string" || folder.trim() === "") {
          warnings.push(t("directoryNotText", { where: at("additionalDirectories", index), index }));
          return;
        }
        settings.additionalDirectories.push(resolveFolder(folder.trim(), context));
      });
    }
  }

  if (context.format === "claude") {
    for (const key of Object.keys(permissions)) {
      if ((RULE_KINDS as readonly string[]).includes(key) || key === "defaultMode" || key === "additionalDirectories") continue;
      notes.push({ item: `permissions.${key}`, reason: CLAUDE_ONLY_KEYS.has(key) ? t("noteClaudeOnlyKey") : t("noteUnknownKey"), ...lineField(context.positions?.keyLine(["permissions", key])) });
    }
  }
  return settings;
}

/** `~/x` under the home folder, a relative folder from the launch folder (Claude Code's `--add-dir` reading). */
function resolveFolder(folder: string, context: FileContext): string {
  if (folder === "~" || folder.startsWith("~/")) return path.join(context.homeDir, folder.slice(2));
  return path.resolve(context.cwd, folder);
}

/**
 * The rules of a Claude Code file's `permissions`: each list item translated, then read by MAIA's rule syntax.
 * A translation's warning is said with the file, the line and the rule as written; its note goes to the doctor.
 */
export function readClaudeRules(permissions: Record<string, unknown>, context: FileContext, warnings: string[], notes: PermissionNote[]): Rule[] {
  const rules: Rule[] = [];
  for (const kind of RULE_KINDS) {
    const list = permissions[kind];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      warnings.push(t("permissionsNotList", { file: where(context.file, context.positions?.valueLine(["permissions", kind])), kind }));
      continue;
    }
    list.forEach((item: unknown, index) => {
      const line = context.positions?.valueLine(["permissions", kind, index]);
      const file = where(context.file, line);
      if (typeof item !== "string") {
        warnings.push(t("permissionsNotText", { file, kind, index, value: JSON.stringify(item) ?? String(item) }));
        return;
      }
      const written = item.trim();
      const translated = translateClaudeRule(written, kind, context.anchor);
      if (translated.warning !== undefined) {
        const message = t("ruleWarning", { file, kind, rule: written, problem: translated.warning });
        warnings.push(message);
        notes.push({ item: `${kind} ${written}`, reason: translated.warning, ...lineField(line) });
      }
      if (translated.note !== undefined) notes.push({ item: `${kind} ${written}`, reason: translated.note, ...lineField(line) });
      for (const maia of translated.rules) {
        const parsed = parseRule(maia.text);
        if (!parsed.ok) {
          warnings.push(t("ruleIgnored", { file, kind, rule: written, problem: parsed.problem }));
          continue;
        }
        rules.push({ kind: maia.kind as RuleKind, tool: parsed.tool, pattern: parsed.pattern, text: maia.text, source: context.file, written, writtenKind: kind, ...lineField(line) });
      }
    });
  }
  return rules;
}

function lineField(line: number | undefined): { line?: number } {
  return line === undefined ? {} : { line };
}

function where(file: string, line: number | undefined): string {
  return line === undefined ? file : `${file}:${line}`;
}
