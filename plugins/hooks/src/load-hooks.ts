import path from "node:path";
import { describeErrors } from "@maia/kernel";
import { settingsFiles } from "@maia/claude-code";
import {
  closest,
  describeJsonError,
  expandVariables,
  isApprovedIn,
  readJsonWithPositions,
  readSettingsText,
  sha256Hex,
  type ContributedSourcesApi,
  type JsonPositions,
} from "@maia/util";
import { CLAUDE_ONLY_EVENTS, HOOK_EVENTS, isHookEvent, type HookEvent } from "./events.ts";
import { t } from "./messages.ts";
import { validateGroup } from "./group-validator.generated.ts";
import { DEFAULT_TIMEOUT_SECONDS, GROUP_SCHEMA, MAX_TIMEOUT_SECONDS } from "./schema.ts";

/**
 * Where a hooks block comes from: the user's own settings run at once; a project's, and a Claude Code plugin's
 * (its hooks/hooks.json), only once approved.
 */
export type HookOrigin = "user" | "project" | "claude" | "plugin";

export interface HookSource {
  path: string;
  origin: HookOrigin;
  /** The user's own file (`~/.maia/settings.json`, `~/.claude/settings.json`): its hooks run without an approval. */
  personal?: boolean;
  /**
   * A plugin's file: its id (for lists), and the variables its commands get (`${CLAUDE_PLUGIN_ROOT}` replaced in
   * the command's text, and set in its environment).
   */
  plugin?: { id: string; variables: Readonly<Record<string, string>> };
}

/** One command of one matcher group, ready to run. */
export interface HookCommand {
  event: HookEvent;
  /** As written; "" when absent. */
  matcher: string;
  command: string;
  timeoutSeconds: number;
  file: string;
  /** 1-based line of the command in its file. */
  line?: number;
  /** `hooks.PreToolUse[0].hooks[1]`, for messages. */
  entry: string;
  /** Added to the command's environment (a plugin's `CLAUDE_PLUGIN_ROOT`). */
  env?: Readonly<Record<string, string>>;
}

export interface HookFile extends HookSource {
  /** sha256 of the `hooks` value as read (what an approval is for): other keys of the file may change freely. */
  hash: string;
  /** User files always; project files once approved. */
  trusted: boolean;
  commands: HookCommand[];
  /** Claude Code events of the file MAIA does not fire. */
  claudeOnly?: string[];
}

export interface LoadedHooks {
  files: HookFile[];
  warnings: string[];
}

/**
 * The settings files (@maia/claude-code's list: MAIA's and Claude Code's, the user's and the project's, the
 * project's `.claude/settings.local.json` included). Hook entries of all of them add up, as in Claude Code; the
 * user's own files are trusted, a project's wait for an approval of their exact `hooks` content.
 */
export function defaultSources(cwd: string, homeDir: string): HookSource[] {
  return settingsFiles(cwd, homeDir).map((file) => ({
    path: file.path,
    origin: file.format === "claude" ? "claude" : file.scope === "user" ? "user" : "project",
    personal: file.personal,
  }));
}

/** The default sources, then the hooks files of the Claude Code plugins that are on (contributed sources). */
export function allSources(cwd: string, homeDir: string, contributed: Pick<ContributedSourcesApi, "hookFiles"> | undefined): HookSource[] {
  const plugins = (contributed?.hookFiles() ?? []).map((hooks): HookSource => ({ path: hooks.file, origin: "plugin", plugin: { id: hooks.id, variables: hooks.variables } }));
  return [...defaultSources(cwd, homeDir), ...plugins];
}

export function approvalStore(homeDir: string): string {
  return path.join(homeDir, ".maia", "hooks-approvals.json");
}

/** Reads every source; a missing file or one without `hooks` is skipped, a bad entry is a warning, never fatal. */
export async function loadHooks(sources: readonly HookSource[], homeDir: string): Promise<LoadedHooks> {
  const files: HookFile[] = [];
  const warnings: string[] = [];
  for (const source of sources) {
    let text: string | undefined;
    try {
      text = await readSettingsText(source.path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") warnings.push(t("unreadable", { file: source.path, reason: String((error as Error).message) }));
      continue;
    }
    if (text === undefined) continue;
    const read = parseHooksText(text, source.path, source.plugin?.variables);
    warnings.push(...read.warnings);
    if (!read.found) continue;
    const trusted = source.origin === "user" || source.personal === true || (await isApprovedIn(approvalStore(homeDir), source.path, read.hash)).approved;
    files.push({ ...source, hash: read.hash, trusted, commands: read.commands, ...(read.claudeOnly ? { claudeOnly: read.claudeOnly } : {}) });
  }
  return { files, warnings };
}

export interface ParsedHooks {
  /** The file has a `hooks` key (even an invalid one: it is then reported, with nothing to run). */
  found: boolean;
  /** Claude Code events of the file that MAIA does not fire (named in one warning). */
  claudeOnly?: string[];
  hash: string;
  commands: HookCommand[];
  warnings: string[];
}

/**
 * One file's text: JSON with positions, so that every warning names the file and the line. `variables` (a
 * plugin's) are replaced in each command and given to its environment; the hash is of the block as written.
 */
export function parseHooksText(text: string, file: string, variables?: Readonly<Record<string, string>>): ParsedHooks {
  const warnings: string[] = [];
  const none = (found: boolean): ParsedHooks => ({ found, hash: "", commands: [], warnings });
  const read = readJsonWithPositions(text);
  if (!read.ok) {
    const reason = describeJsonError(read.error);
    warnings.push(t("badJson", { file, line: read.error.line, column: read.error.column, reason }));
    return none(false);
  }
  const root = read.value;
  if (!isObject(root) || !("hooks" in root)) return none(false);
  const hooks = root.hooks;
  const hash = sha256Hex(JSON.stringify(hooks));
  const at = (keys: Array<string | number>) => `${file}:${read.positions.keyLine(keys) ?? read.positions.valueLine(keys) ?? 1}`;
  if (!isObject(hooks)) {
    warnings.push(t("hooksNotObject", { where: at(["hooks"]) }));
    return { found: true, hash, commands: [], warnings };
  }
  const commands: HookCommand[] = [];
  const claudeOnly: string[] = [];
  for (const [event, groups] of Object.entries(hooks)) {
    if ((CLAUDE_ONLY_EVENTS as readonly string[]).includes(event)) {
      claudeOnly.push(event);
      continue;
    }
    if (!isHookEvent(event)) {
      const suggestion = closest(event, HOOK_EVENTS);
      warnings.push(t(suggestion ? "unknownEventSuggest" : "unknownEvent", { where: at(["hooks", event]), event, suggestion: suggestion ?? "" }));
      continue;
    }
    if (!Array.isArray(groups)) {
      warnings.push(t("eventNotArray", { where: at(["hooks", event]), event }));
      continue;
    }
    groups.forEach((group: unknown, index) => commands.push(...readGroup(group, [event, index], { file, positions: read.positions, warnings, at, variables })));
  }
  if (claudeOnly.length > 0) warnings.push(t("claudeOnlyEvents", { file, events: claudeOnly.join(", ") }));
  return { found: true, hash, commands, warnings, ...(claudeOnly.length > 0 ? { claudeOnly } : {}) };
}

interface GroupContext {
  file: string;
  positions: JsonPositions;
  warnings: string[];
  at(keys: Array<string | number>): string;
  variables: Readonly<Record<string, string>> | undefined;
}

function readGroup(group: unknown, [event, index]: [HookEvent, number], context: GroupContext): HookCommand[] {
  const keys = ["hooks", event, index];
  const entry = `hooks.${event}[${index}]`;
  // Compiled at build time (pnpm generate:validators), like every static schema.
  const validate = validateGroup;
  if (!validate(group)) {
    const problem = describeErrors(validate.errors, GROUP_SCHEMA)[0] ?? "invalid";
    const bad = validate.errors?.[0]?.instancePath.split("/").filter(Boolean) ?? [];
    const where = context.at([...keys, ...bad.map((part) => (/^\d+$/.test(part) ? Number(part) : part))]);
    context.warnings.push(t("badEntry", { where, entry, problem }));
    return [];
  }
  const { matcher = "", hooks } = group as { matcher?: string; hooks: Array<{ type: string; command?: string; timeout?: number }> };
  if (compileMatcher(matcher) === undefined) {
    context.warnings.push(t("badMatcher", { where: context.at([...keys, "matcher"]), entry, matcher }));
    return [];
  }
  const commands: HookCommand[] = [];
  hooks.forEach((hook, position) => {
    const hookKeys = [...keys, "hooks", position];
    const hookEntry = `${entry}.hooks[${position}]`;
    if (hook.type !== "command") {
      context.warnings.push(t("unsupportedType", { where: context.at([...hookKeys, "type"]), entry: hookEntry, type: hook.type }));
      return;
    }
    if (typeof hook.command !== "string") {
      context.warnings.push(t("badEntry", { where: context.at(hookKeys), entry: hookEntry, problem: t("noCommand") }));
      return;
    }
    const line = context.positions.valueLine([...hookKeys, "command"]);
    const { variables } = context;
    commands.push({
      event,
      matcher,
      // Replaced in the text too: identical commands run once, and two plugins' `${CLAUDE_PLUGIN_ROOT}/x.sh` differ.
      command: variables ? expandVariables(hook.command, variables) : hook.command,
      timeoutSeconds: Math.min(hook.timeout ?? DEFAULT_TIMEOUT_SECONDS, MAX_TIMEOUT_SECONDS),
      file: context.file,
      ...(line === undefined ? {} : { line }),
      entry: hookEntry,
      ...(variables ? { env: variables } : {}),
    });
  });
  return commands;
}

/**
 * A matcher as Claude Code reads it: empty or `*` matches everything, anything else is a regular expression that
 * must match the whole name (`Edit|Write`, `mcp__github__.*`). Undefined when it is not a valid expression.
 */
export function compileMatcher(matcher: string): ((value: string) => boolean) | undefined {
  if (matcher === "" || matcher === "*") return () => true;
  try {
    const pattern = new RegExp(`^(?:${matcher})$`);
    return (value) => pattern.test(value);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
