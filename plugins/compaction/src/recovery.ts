import type { AgentSession, RecoveryAnswer, SessionHost, TurnRecovery } from "@maia/kernel";
import type { CompactResult } from "./compact-now.ts";
import { isContextTooLongError } from "./context-errors.ts";
import { t } from "./messages.ts";

/**
 * The emergency path of seed § 14.5, as a `recoverTurn` tap: when the server refused the context as too long (the
 * host never offers an interrupted request, and retries once), warn, compact through the host with tool results
 * shrunk (the original session is saved first), and answer retry with a resume instruction for the compacted
 * session. If the compaction fails, no answer: the original error stays the outcome, the conversation unchanged.
 */
export async function recoverTooLong(
  recovery: TurnRecovery,
  compact: (session: AgentSession, options: { emergency: true; signal?: AbortSignal; host: SessionHost }) => Promise<CompactResult>,
): Promise<RecoveryAnswer | undefined> {
  const { outcome, host, signal } = recovery;
  if (signal?.aborted || !isContextTooLongError(outcome.error)) return undefined;
  const session = outcome.session;
  // A first request refused (a sub-agent's task, after its tool calls) leaves nothing before it: its own work,
  // rolled back by the loop, is what the summary is made of, and the request is sent again on top of it.
  const fromAttempt = session.messages.length === 0 && session.pendingContext.length === 0 && (outcome.attempted?.length ?? 0) > 1;
  if (fromAttempt && outcome.attempted) session.messages = outcome.attempted;
  session.events.emit({ type: "warning", message: t("emergencyStarting") });
  const compacted = await compact(session, { emergency: true, host, ...(signal ? { signal } : {}) });
  if (compacted.status !== "compacted" && fromAttempt) session.messages = [];
  if (compacted.status !== "compacted") {
    if (compacted.status === "failed") {
      const reason = compacted.error instanceof Error ? compacted.error.message : String(compacted.error);
      session.events.emit({ type: "warning", message: t("emergencyFailed", { reason }) });
    }
    return undefined;
  }
  return { retry: true, context: t("resumeInstruction") };
}
