import { t } from "./messages.ts";
import type { PermissionMode } from "./modes.ts";
import type { LoadedRules, RuleOrigin } from "./settings-files.ts";

/**
 * The data behind `/permissions`: the rules by file, each marked ALLOW, ASK or DENY, in the order deny, ask,
 * allow (the order they are evaluated in). The UI renders it; `formatPermissions` is a plain-text rendering
 * for front ends without one (and for `maia permissions`).
 */
export type RuleLabel = "ALLOW" | "ASK" | "DENY";

export interface PermissionsView {
  files: Array<{
    /** The file's absolute path, `--allow`, or the source name of rules another plugin added (an AGENT.md). */
    path: string;
    origin: RuleOrigin;
    /** False when the file does not exist: shown so the user knows where rules may go. */
    found: boolean;
    rules: Array<{ label: RuleLabel; rule: string }>;
  }>;
  /** The approval mode in force. */
  mode: PermissionMode;
  /** No rule at all: every tool use asks. */
  empty: boolean;
  /** The problems found while loading (malformed rules, invalid JSON), as warned at start-up. */
  warnings: string[];
}

const LABELS = { deny: "DENY", ask: "ASK", allow: "ALLOW" } as const;
const ORDER = { deny: 0, ask: 1, allow: 2 } as const;

export function permissionsView(loaded: LoadedRules, mode: PermissionMode = "default"): PermissionsView {
  return {
    mode,
    files: loaded.files.map((file) => ({
      path: file.path,
      origin: file.origin,
      found: file.found,
      rules: [...file.rules].sort((a, b) => ORDER[a.kind] - ORDER[b.kind]).map((rule) => ({ label: LABELS[rule.kind], rule: rule.text })),
    })),
    empty: loaded.rules.length === 0,
    warnings: [...loaded.warnings],
  };
}

export function formatPermissions(view: PermissionsView): string {
  const lines: string[] = view.mode === "default" ? [] : [t("viewMode", { mode: view.mode })];
  for (const file of view.files) {
    const state = !file.found ? t("viewFileMissing") : file.rules.length === 0 ? t("viewFileEmpty") : "";
    lines.push(state ? `${file.path} ${state}` : file.path);
    const width = Math.max(0, ...file.rules.map((rule) => rule.label.length));
    for (const rule of file.rules) lines.push(`  ${rule.label.padEnd(width)}  ${rule.rule}`);
  }
  if (view.empty) lines.push(t("noRules"));
  return lines.join("\n");
}

/** The start-up INFO (seed § 9): the files loaded with their number of rules, or the no-rule notice. */
export function startupMessage(loaded: LoadedRules): string {
  const files = loaded.files.filter((file) => file.rules.length > 0);
  if (files.length === 0) return t("noRules");
  return t("rulesLoaded", { files: files.map((file) => t("rulesInFile", { file: file.path, count: file.rules.length })).join(", ") });
}
