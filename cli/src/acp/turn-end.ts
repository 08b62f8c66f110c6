import { errorMessage, ProviderError, type TurnOutcome } from "@maia/kernel";
import { RequestError, type StopReason } from "@agentclientprotocol/sdk";

/** Seed § 6.2's ends as ACP stop reasons (an interruption, `stopped` or `aborted`, is `cancelled`). */
export function stopReasonOf(outcome: TurnOutcome | undefined): StopReason {
  switch (outcome?.status) {
    case undefined:
      return "end_turn";
    case "done":
      return outcome.stopReason === "max_tokens" ? "max_tokens" : "end_turn";
    case "max_iterations":
      return "max_turn_requests";
    default:
      return "cancelled";
  }
}

/** An LLM or plugin failure as a JSON-RPC error carrying the provider's own message. */
export function asRequestError(error: unknown): RequestError {
  if (error instanceof RequestError) return error;
  const data = error instanceof ProviderError ? { kind: error.kind, ...(error.status === undefined ? {} : { status: error.status }) } : undefined;
  return new RequestError(-32603, errorMessage(error), data);
}
