import { definePlugin, definePluginHooks, type AgentSession, type OwnedHookTaps } from "@maia/kernel";
import type { ContextApi } from "@maia/plugin-context";
import { SyncHook } from "tapable";
import { parseShellInput } from "./parse-shell-input.ts";
import { createShellPrefix, type ShellEvent } from "./shell-prefix.ts";
import { describeShellStatus, runUserShell } from "./user-shell.ts";

const PLUGIN_NAME = "shell";

/** The shell plugin's own extension point, made once per kernel and instrumented like the kernel's hooks. */
const shellHooks = definePluginHooks(PLUGIN_NAME, () => ({
  /** Every `!` run: its start, then its end with the whole output and its status. */
  event: new SyncHook<[ShellEvent]>(["event"]),
}));

export interface ShellHooks {
  event: OwnedHookTaps<SyncHook<[ShellEvent]>>;
}

export interface ShellApi {
  /**
   * Follows every `!` run (start, then end with the whole output and its status), so that a front end can
   * draw it as a `!` block: `hooks.event.tap(name, fn)` returns the function that stops following. A tap that
   * throws is reported and skipped.
   */
  hooks: ShellHooks;
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
    const { hooks, taps } = shellHooks.of(context, { report: (error) => context.log.debug(`listener failed: ${error.message}`) });
    const notify = (event: ShellEvent) => hooks.event.call(event);
    context.prefixes.register(
      createShellPrefix({
        notify,
        recount: (session) => context.plugins.get<ContextRefresh>("context")?.api?.refresh(session),
      }),
    );
    return {
      hooks: taps,
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
