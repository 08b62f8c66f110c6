import type { AgentSession, CommandContext, InputPrefix } from "@maia/kernel";
import { t } from "./messages.ts";
import { parseShellInput } from "./parse-shell-input.ts";
import { contextBlockOf, previewOf } from "./shell-report.ts";
import { describeShellStatus, runUserShell, USER_SHELL_LIMITS, type UserShellLimits, type UserShellResult } from "./user-shell.ts";

/** What a front end can follow of each `!` run, to draw it as a `!` block (spinner, then output and status). */
export type ShellEvent =
  | { type: "shell_start"; session: AgentSession; command: string; cwd: string }
  | {
      type: "shell_end";
      session: AgentSession;
      /** The whole capture (up to 1,000,000 characters) and its status. */
      result: UserShellResult;
      statusText: string;
      /** What `ctx.output` showed (4,000 characters at most, as a code block). */
      preview: string;
      /** What was added to the pending context. */
      context: string;
    };

export interface ShellPrefixOptions {
  limits?: UserShellLimits;
  notify(event: ShellEvent): void;
  /** Recounts the context once the output joined the pending context (the context plugin, when present). */
  recount(session: AgentSession): void;
}

/** The `!` input prefix (seed § 11.2): no confirmation, no permission rule, the user typed it. */
export function createShellPrefix(options: ShellPrefixOptions): InputPrefix {
  const limits = options.limits ?? USER_SHELL_LIMITS;
  return {
    prefix: "!",
    description: t("description"),
    // First of all prefixes (seed § 5.5: `!`, then `§`, then `/`).
    order: 10,
    async run(context: CommandContext & { input: string }) {
      const parsed = parseShellInput(context.input);
      if (parsed.kind === "help") {
        context.output.info(t("help", { seconds: Math.round(limits.timeoutMs / 1000) }));
        return;
      }
      if (parsed.kind === "unclosed_quote") {
        context.output.error(t("unclosedQuote", { column: parsed.column }));
        return;
      }
      const session = context.session;
      options.notify({ type: "shell_start", session, command: parsed.command, cwd: session.cwd });
      const result = await runUserShell(parsed.command, { cwd: session.cwd, env: session.setup.env, signal: context.signal, limits });
      const preview = previewOf(result);
      const statusText = describeShellStatus(result.status);
      context.output.text(preview);
      if (result.status.kind === "exit" && result.status.code === 0) context.output.info(statusText);
      else if (result.status.kind === "launch_failed") context.output.error(statusText);
      else context.output.warn(statusText);

      const block = contextBlockOf(result);
      session.pendingContext.push(block);
      options.notify({ type: "shell_end", session, result, statusText, preview, context: block });
      options.recount(session);
    },
  };
}
