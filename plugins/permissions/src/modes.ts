import path from "node:path";
import type { Verdict } from "@maia/kernel";
import { t } from "./messages.ts";
import { RealPaths } from "./real-paths.ts";
import { pathInputOf } from "@maia/util";

/**
 * Approval modes (as Claude Code's): `default` asks as the rules say; `acceptEdits` also lets Edit and Write
 * run without asking inside the launch folder; `plan` lets only the tools that read run and refuses the rest
 * with a message that tells the model to present its plan. deny and ask rules apply in every mode.
 */
export type PermissionMode = "default" | "acceptEdits" | "plan";

export const PROMPT_SECTION_ID = "permissions-mode";

export const PERMISSION_MODES: readonly PermissionMode[] = ["default", "acceptEdits", "plan"];

/**
 * Tools that act only on the commands MAIA itself started in the background in this conversation (issue 39): they
 * read or stop those and nothing else, so they need no rule (a deny or ask rule still decides) and run in plan mode.
 */
export const OWN_COMMAND_TOOLS: ReadonlySet<string> = new Set(["BashOutput", "KillShell"]);

/**
 * Tools that read only what MAIA itself holds for the session: ToolSearch (the mcp plugin's, when MCP tools are
 * deferred) searches the session's own list of tools. No rule needed (a deny or ask rule still decides); the
 * tools it finds are checked as any other when they are called.
 */
export const OWN_STATE_TOOLS: ReadonlySet<string> = new Set(["ToolSearch"]);

/** Tools that only read: the ones plan mode lets run (with the three above). */
const READING_TOOLS = new Set(["Read", "Glob", "Grep", "WebFetch", "TodoWrite", "CurrentModel", ...OWN_COMMAND_TOOLS, ...OWN_STATE_TOOLS]);
const EDIT_TOOLS = new Set(["Edit", "Write"]);

export function isPermissionMode(value: unknown): value is PermissionMode {
  return typeof value === "string" && (PERMISSION_MODES as readonly string[]).includes(value);
}

/** Shift+Tab: default → acceptEdits → plan → default. */
export function nextMode(mode: PermissionMode): PermissionMode {
  return PERMISSION_MODES[(PERMISSION_MODES.indexOf(mode) + 1) % PERMISSION_MODES.length] ?? "default";
}

/**
 * The verdict once the mode has had its say. A deny stays a deny; an ask that a rule asked for stays an ask
 * (acceptEdits lifts only the "no rule" ask of an edit inside the launch folder).
 */
export function applyMode(
  mode: PermissionMode,
  verdict: Verdict,
  tool: string,
  input: Record<string, unknown>,
  cwd: string,
  /** `additionalDirectories` of the settings: acceptEdits works there as in the launch folder. */
  folders: readonly string[] = [],
): Verdict {
  if (mode === "default" || verdict.decision === "deny") return verdict;
  if (mode === "plan") {
    return READING_TOOLS.has(tool) ? verdict : { decision: "deny", reason: t("planRefused", { tool }), source: t("modeSource", { mode }) };
  }
  if (verdict.decision !== "ask" || verdict.rule !== undefined || !EDIT_TOOLS.has(tool)) return verdict;
  const target = pathInputOf(input);
  if (target === undefined || target.startsWith("~")) return verdict;
  // Inside as the file system sees it: a symbolic link in the folder that points out of it is not inside.
  const realPaths = new RealPaths();
  const real = realPaths.of(path.resolve(cwd, target));
  const inside = [cwd, ...folders].some((folder) => {
    const relative = path.relative(realPaths.of(path.resolve(folder)), real);
    return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
  });
  return inside ? { decision: "allow", source: t("modeSource", { mode }) } : verdict;
}
