import type { AgentSession, RunTurnOptions, SessionHost, TurnOutcome } from "@maia/kernel";
import type { CompactResult } from "./compact-now.ts";
import { isContextTooLongError } from "./context-errors.ts";
import { t } from "./messages.ts";

/** What the recovery needs of the kernel: its loop (front ends pass their Kernel). */
export interface TurnRunner {
  runTurn(session: AgentSession, text: string, options?: RunTurnOptions): Promise<TurnOutcome>;
}

export interface RecoveryOptions extends RunTurnOptions {
  /** The front end's host, so that the emergency compaction rebuilds the agent; without it, in place. */
  host?: SessionHost;
}

/**
 * One user request with the emergency path of seed § 14.5: when the server refuses the context as too long (not
 * on Ctrl+C, once per request), warn, compact with tool results shrunk (the original session is saved first),
 * then send the request again with a resume instruction, on the compacted session — which `outcome.session`
 * returns, since with a host it is a new one. If the compaction fails, the original error is the outcome.
 */
export async function runTurnWithRecovery(
  runner: TurnRunner,
  session: AgentSession,
  text: string,
  options: RecoveryOptions,
  compact: (session: AgentSession, options: { emergency: true; signal?: AbortSignal; host?: SessionHost }) => Promise<CompactResult>,
): Promise<TurnOutcome> {
  const { host, ...turnOptions } = options;
  const outcome = await runner.runTurn(session, text, turnOptions);
  if (outcome.status !== "error" || options.signal?.aborted || !isContextTooLongError(outcome.error)) return outcome;

  session.events.emit({ type: "warning", message: t("emergencyStarting") });
  const compacted = await compact(session, {
    emergency: true,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(host ? { host } : {}),
  });
  if (compacted.status !== "compacted") {
    if (compacted.status === "failed") {
      const reason = compacted.error instanceof Error ? compacted.error.message : String(compacted.error);
      session.events.emit({ type: "warning", message: t("emergencyFailed", { reason }) });
    }
    return outcome;
  }
  const next = compacted.session;
  const instruction = t("resumeInstruction");
  next.pendingContext.push(instruction);
  const retried = await runner.runTurn(next, text, turnOptions);
  // A failed retry is rolled back with its pending context: the instruction must not ride on the next request.
  const index = next.pendingContext.indexOf(instruction);
  if (index >= 0) next.pendingContext.splice(index, 1);
  return retried;
}
