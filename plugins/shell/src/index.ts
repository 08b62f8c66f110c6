import { definePlugin } from "@maia/kernel";
import type { ContextApi } from "@maia/plugin-context";
import { parseShellInput } from "./parse-shell-input.ts";
import { createShellPrefix } from "./shell-prefix.ts";
import { describeShellStatus, runUserShell } from "./user-shell.ts";

const PLUGIN_NAME = "shell";

export interface ShellApi {
  parse: typeof parseShellInput;
  run: typeof runUserShell;
  describeStatus: typeof describeShellStatus;
}

/** The context plugin's recount, used when present (a plugin cannot call `contextChanged` itself). */
type ContextRefresh = Pick<ContextApi, "refresh">;

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
    context.prefixes.register(
      createShellPrefix({
        recount: (session) => context.plugins.get<ContextRefresh>("context")?.api?.refresh(session),
      }),
    );
    return {
      parse: parseShellInput,
      run: runUserShell,
      describeStatus: describeShellStatus,
    };
  },
});

export { parseShellInput, quoteShellCommand, type ShellInput } from "./parse-shell-input.ts";
export { runUserShell, describeShellStatus, USER_SHELL_LIMITS, type UserShellResult, type UserShellOptions, type ShellStatus } from "./user-shell.ts";
export { PREVIEW_CHARS, CONTEXT_CHARS, previewOf, contextBlockOf } from "./shell-report.ts";
