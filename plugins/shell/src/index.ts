import { definePlugin, type AgentSession } from "@maia/kernel";
import { parseShellInput } from "./parse-shell-input.ts";
import { createShellPrefix, type ShellEvent } from "./shell-prefix.ts";
import { describeShellStatus, runUserShell } from "./user-shell.ts";

const PLUGIN_NAME = "shell";

export interface ShellApi {
  /**
   * Follows every `!` run (start, then end with the whole output and its status), so that a front end can
   * draw it as a `!` block; returns the function that stops listening. A listener that throws is ignored.
   */
  subscribe(listener: (event: ShellEvent) => void): () => void;
  parse: typeof parseShellInput;
  run: typeof runUserShell;
  describeStatus: typeof describeShellStatus;
}

/** The context plugin's recount, used when present (a plugin cannot call `contextChanged` itself). */
interface ContextRefresh {
  refresh(session: AgentSession): void;
}

/**
 * The `!` command (seed § 11.2): the user runs a shell command in the launch folder, sees its output, and the
 * output joins the next request as data. It is the user's own command, so there is no confirmation and no
 * permission rule.
 */
export default definePlugin<Record<string, never>, ShellApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "The ! command: runs a shell command typed by the user; its output joins the next request",
  apply(context) {
    const listeners = new Set<(event: ShellEvent) => void>();
    const notify = (event: ShellEvent) => {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          context.log.debug(`listener failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    };
    context.prefixes.register(
      createShellPrefix({
        notify,
        recount: (session) => context.plugins.get<ContextRefresh>("context")?.api?.refresh(session),
      }),
    );
    return {
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      parse: parseShellInput,
      run: runUserShell,
      describeStatus: describeShellStatus,
    };
  },
});

export { parseShellInput, quoteShellCommand, type ShellInput } from "./parse-shell-input.ts";
export { runUserShell, describeShellStatus, USER_SHELL_LIMITS, type UserShellResult, type UserShellOptions, type ShellStatus } from "./user-shell.ts";
export { PREVIEW_CHARS, CONTEXT_CHARS, previewOf, contextBlockOf } from "./shell-report.ts";
export type { ShellEvent } from "./shell-prefix.ts";
