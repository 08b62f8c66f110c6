import type { AlwaysScope } from "@maia/kernel";
import { addPermissionRules, narrowRules, projectSettingsFile, type CallEvaluator, type CallToRemember } from "@maia/permission-rules";

/** What `remember` did, for the front end to tell its user. */
export interface Remembered {
  /** The settings file written to (the launch folder's `.maia/settings.json`), or the session's rule set. */
  file: string;
  scope: AlwaysScope;
  /** The narrow rules of the call (none: nothing could be named exactly, and nothing was written). */
  rules: string[];
  /** Of those, the ones that were not in the file yet and now are. */
  added: string[];
  /** Parts of the call no rule can name exactly (a command holding `*`): nothing was written for them. */
  inexact: string[];
  /** Why no rule could be worked out (a Bash command that could not be analysed). */
  problem?: string;
  /**
   * Why the rules could not be saved (the file is not JSON, not writable…). Returned, not thrown, so that the
   * front end still tells what `inexact` and `problem` say before this.
   */
  error?: unknown;
}

export interface RememberContext {
  cwd: string;
  homeDir: string;
  permissions: CallEvaluator;
  /** Reads the settings files again, so the next identical call is decided by the new rule. */
  reload(): Promise<unknown>;
  /** Adds rules to the set kept for this run (`scope: "session"`); returns those that were new, and its name. */
  keepForSession(list: "allow" | "deny", rules: readonly string[]): { source: string; added: string[] };
}

/**
 * "Always allow" / "always deny" for one call: the narrowest rules that cover it (never a broader pattern) go
 * to the launch folder's `.maia/settings.json` — one atomic rename, every other key kept — and the rules are
 * read again; or, with `scope: "session"`, to a rule set kept until MAIA exits (shown in `/permissions`).
 * Nothing is written when no rule can name the call exactly. The terminal and `maia acp` both come here.
 */
export async function remember(
  call: CallToRemember,
  list: "allow" | "deny",
  context: RememberContext,
  scope: AlwaysScope = "project",
): Promise<Remembered> {
  const narrow = await narrowRules(call, list, { cwd: context.cwd, homeDir: context.homeDir, permissions: context.permissions });
  const problem = narrow.problem !== undefined ? { problem: narrow.problem } : {};
  if (scope === "session") {
    // Kept in memory for the rest of this run, beside the files' rules: nothing is written.
    const kept = narrow.rules.length === 0 ? { source: "", added: [] } : context.keepForSession(list, narrow.rules);
    return { file: kept.source, scope, rules: narrow.rules, inexact: narrow.inexact, ...problem, added: kept.added };
  }
  const file = projectSettingsFile(context.cwd);
  const told = { file, scope, rules: narrow.rules, inexact: narrow.inexact, ...problem };
  if (narrow.rules.length === 0) return { ...told, added: [] };
  try {
    const added = await addPermissionRules(file, list, narrow.rules);
    await context.reload();
    return { ...told, added };
  } catch (error) {
    return { ...told, added: [], error };
  }
}
