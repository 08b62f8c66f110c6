import type { AgentSession, CommandContext, InputPrefix } from "@maia/kernel";
import { t } from "./messages.ts";
import { parseShellInput } from "./parse-shell-input.ts";
import { contextBlockOf, previewOf } from "./shell-report.ts";
import { describeShellStatus, runUserShell, USER_SHELL_LIMITS, type UserShellLimits } from "./user-shell.ts";

export interface ShellPrefixOptions {
  limits?: UserShellLimits;
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
      const result = await runUserShell(parsed.command, { cwd: session.cwd, env: session.setup.env, signal: context.signal, limits });
      const preview = previewOf(result);
      const statusText = describeShellStatus(result.status);
      context.output.text(preview);
      if (result.status.kind === "exit" && result.status.code === 0) context.output.info(statusText);
      else if (result.status.kind === "launch_failed") context.output.error(statusText);
      else context.output.warn(statusText);

      const block = contextBlockOf(result);
      session.pendingContext.push(block);
      options.recount(session);
    },
  };
}
