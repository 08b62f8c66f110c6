import { methods, type InitializeRequest, type InitializeResponse } from "@agentclientprotocol/sdk";
import { describeExit, type AgentProcess } from "./agent-process.ts";
import { StartFailure } from "./errors.ts";
import { t } from "./messages.ts";

/** Seed 001 requires ACP v1: a hub that spoke on with another version would misread everything after. */
export const REQUIRED_PROTOCOL_VERSION = 1;

/**
 * The stdout of an agent that dies closes a moment before its exit is reported: when `initialize` fails that
 * way, the exit is awaited this long so the error can say "exit code 1" rather than "connection closed".
 */
const EXIT_AFTER_EOF_MS = 1000;

const CLIENT_INFO = { name: "maia-hub", title: "MAIA hub", version: "1.0.0" };

/**
 * The ACP `initialize` handshake: resolves with the agent's answer, or rejects with a `StartFailure` when the
 * agent exits first, does not answer within `timeoutMs`, answers an error, or speaks another protocol version.
 * Stopping the process is left to the caller.
 */
export async function handshake(agent: AgentProcess, timeoutMs: number): Promise<InitializeResponse> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new StartFailure(t("handshakeTimeout", { duration: duration(timeoutMs) }))), timeoutMs);
  });
  const exited = agent.exited.then((exit) => {
    throw new StartFailure(t("exitedDuringStart", { exit: describeExit(exit) }));
  });
  const request: InitializeRequest = {
    protocolVersion: REQUIRED_PROTOCOL_VERSION,
    clientCapabilities: agent.capabilities,
    clientInfo: CLIENT_INFO,
  };
  const answered = agent.connection.agent
    .request(methods.agent.initialize, request)
    .catch(async (error: unknown) => {
      const exit = await Promise.race([agent.exited, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), EXIT_AFTER_EOF_MS).unref())]);
      if (exit) throw new StartFailure(t("exitedDuringStart", { exit: describeExit(exit) }));
      throw new StartFailure(t("handshakeFailed", { cause: error instanceof Error ? error.message : String(error) }));
    });
  try {
    const answer = await Promise.race([answered, exited, timedOut]);
    if (answer.protocolVersion !== REQUIRED_PROTOCOL_VERSION) {
      throw new StartFailure(t("badProtocolVersion", { version: JSON.stringify(answer.protocolVersion) }));
    }
    return answer;
  } finally {
    clearTimeout(timer);
    // The losers of the race settle later; nobody waits for them.
    answered.catch(() => undefined);
    exited.catch(() => undefined);
    timedOut.catch(() => undefined);
  }
}

/** "30 s", or "600 ms" for the scaled-down durations of tests. */
function duration(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${Math.round(ms)} ms`;
}
