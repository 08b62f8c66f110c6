import type { FileDiff } from "../diff/file-diff.ts";

/**
 * What the log (the scrollback above the input box) is made of. Entries are immutable: once rendered they go to
 * Ink's <Static> and are never drawn again, which is what keeps long sessions free of flicker.
 */
export type LogLevel = "info" | "warn" | "error" | "ask";

export type RuleBadge = "ALLOW" | "ASK" | "DENY";

/** `/permissions`: the rules by file (the permissions plugin's view, structurally). */
export interface PermissionsBlock {
  files: Array<{ path: string; found: boolean; rules: Array<{ label: RuleBadge; rule: string }> }>;
  /** Shown when no rule exists at all (or when the plugin is off). */
  note?: string;
}

export interface HelpBlock {
  groups: Array<{ title: string; items: Array<{ name: string; description: string }> }>;
}

export type LogEntryBody =
  | { kind: "banner"; cwd: string }
  | { kind: "log"; level: LogLevel; text: string }
  /** `◆ Question : choice`, replacing a question once answered. */
  | { kind: "answered"; question: string; answer: string }
  | { kind: "user"; text: string }
  /** The model's answer or a command's Markdown, formatted when rendered. */
  | { kind: "markdown"; text: string }
  /**
   * Rows of a streamed answer, already formatted as its blocks closed (answer-stream.ts), with the empty rows
   * above and below them: together they show what a `markdown` entry of the whole answer shows.
   */
  | { kind: "answer"; text: string; gapBefore: number; gapAfter: number }
  /** `diff`: what an Edit or Write changes, shown as its one-line summary and folded. */
  | { kind: "tool_call"; name: string; summary: string; diff?: FileDiff }
  /** A whole diff, written on request (`d` in a confirmation). */
  | { kind: "diff"; diff: FileDiff }
  | { kind: "tool_result"; name: string; output: string; isError: boolean }
  | { kind: "permissions"; block: PermissionsBlock }
  | { kind: "help"; block: HelpBlock };

export type LogEntry = LogEntryBody & { readonly id: number };
