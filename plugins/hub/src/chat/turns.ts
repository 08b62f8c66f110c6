import type { Lease } from "../agents/supervisor.ts";
import type { ChatMessage } from "../protocol.ts";
import type { ChatService } from "./chat-service.ts";
import { CANCELLED } from "./errors.ts";
import type { AgentConversation, TurnObserver } from "./conversation.ts";
import { t } from "./messages.ts";

/** After the connection to an agent dropped, how long the supervisor may take to say why (exit code, stderr). */
const SETTLE_MS = 2_000;

/**
 * Sends the conversation's messages one by one, in order, until the queue is empty: the agent is leased (so it
 * is `busy`) from the first message to the end of the last, then released (`ready`). Started by a Send when the
 * conversation is idle; the first message is taken off the queue before anything is awaited, so the queue only
 * ever holds messages that wait.
 */
export async function runQueue(chat: ChatService, conversation: AgentConversation): Promise<void> {
  conversation.busy = true;
  let next = conversation.queue.shift();
  conversation.turnChanged();
  let lease: Lease | undefined;
  try {
    while (next && !conversation.forgotten) {
      const message = next;
      if (message.queued) {
        message.queued = false;
        conversation.changed(message);
        conversation.turnChanged();
      }
      const observer = conversation.observers.get(message.id);
      conversation.observers.delete(message.id);
      // The process this lease was for is gone (a crash during the previous turn): take the agent anew.
      if (lease?.connection.signal.aborted) {
        lease.release();
        lease = undefined;
      }
      lease = await promptOnce(chat, conversation, message, lease, observer);
      next = conversation.queue.shift();
    }
  } finally {
    lease?.release();
    conversation.busy = false;
    conversation.cancelBeforePrompt = false;
    conversation.turnChanged();
  }
}

/** One user message: the agent reached, its session made if needed, the prompt turn. Returns the lease held. */
async function promptOnce(
  chat: ChatService,
  conversation: AgentConversation,
  message: ChatMessage,
  held: Lease | undefined,
  observer: TurnObserver | undefined,
): Promise<Lease | undefined> {
  const agent = conversation.agent;
  let lease = held;
  let sessionId: string;
  try {
    lease ??= await chat.supervisor.acquire(agent);
    sessionId = await sessionFor(chat, conversation, lease);
  } catch (error) {
    const cause = error instanceof Error ? error.message : String(error);
    conversation.addMessage({ role: "system", code: "agent-unavailable", error: cause, parts: [{ kind: "text", text: t("agentUnavailable", { name: agent, cause }) }] });
    observer?.done({ error: cause });
    return lease;
  }
  if (conversation.cancelBeforePrompt) {
    // Stop was pressed while the agent was being started: this message never goes out.
    conversation.cancelBeforePrompt = false;
    message.error = CANCELLED;
    conversation.changed(message);
    observer?.done({ error: CANCELLED });
    return lease;
  }
  const reply = conversation.addMessage({ role: "agent", done: false });
  conversation.current = reply;
  const turn = { reply, connection: lease.connection, sessionId, observer, rejections: 0, cancelled: false };
  conversation.turn = turn;
  try {
    const answer = await lease.connection.agent.request("session/prompt", { sessionId, prompt: [{ type: "text", text: textOf(message) }] });
    reply.stopReason = answer.stopReason;
  } catch (error) {
    reply.error = await failure(chat, agent, lease, error);
    conversation.failUnfinishedTools(reply);
  }
  conversation.turn = undefined;
  // A permission still open when the turn ended can no longer be used by it.
  chat.permissions.cancelAgent(agent);
  reply.done = true;
  conversation.changed(reply);
  observer?.done(reply.stopReason === "" ? { error: reply.error } : { stopReason: reply.stopReason });
  return lease;
}

/**
 * The conversation's ACP session on this lease's process: made with `session/new` in the agent's `cwd` the first
 * time, and again when the process is another one than the session's (restarted, or started again after a
 * crash) — then a system message says the agent forgot the beginning.
 */
async function sessionFor(chat: ChatService, conversation: AgentConversation, lease: Lease): Promise<string> {
  if (conversation.session?.connection === lease.connection) return conversation.session.sessionId;
  const restarted = conversation.session !== undefined;
  conversation.session = undefined;
  conversation.early = [];
  let answer;
  try {
    answer = await lease.connection.agent.request("session/new", { cwd: chat.cwdOf(conversation.agent), mcpServers: [] });
  } catch (error) {
    conversation.early = undefined;
    throw error;
  }
  conversation.newSession(lease.connection, answer.sessionId);
  if (restarted) {
    conversation.addMessage({ role: "system", code: "agent-restarted", parts: [{ kind: "text", text: t("agentRestarted", { name: conversation.agent }) }] });
  }
  chat.flushEarly(conversation);
  return answer.sessionId;
}

/** Why a prompt ended without a stop reason: the agent's own error, or how its process ended. */
async function failure(chat: ChatService, agent: string, lease: Lease, error: unknown): Promise<string> {
  // The SDK's agent side turns a thrown error into "Internal error" with the agent's words in `data.details`.
  const details = (error as { data?: { details?: unknown } } | null)?.data?.details;
  const message = error instanceof Error ? error.message : String(error);
  const cause = typeof details === "string" && details !== "" ? `${message}: ${details}` : message;
  if (!lease.connection.signal.aborted) return cause;
  // The connection closes as the process dies, a moment before the supervisor has its exit and last stderr lines.
  const info = await settled(chat, agent);
  if (info?.state === "error") return t("agentCrashed", { name: agent, cause: info.error });
  return t("agentStopped", { name: agent });
}

async function settled(chat: ChatService, agent: string): Promise<{ state: string; error: string } | undefined> {
  const find = () => chat.supervisor.list().find((info) => info.name === agent);
  const end = Date.now() + SETTLE_MS;
  let info = find();
  while (info && (info.state === "busy" || info.state === "ready") && Date.now() < end) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    info = find();
  }
  return info;
}

function textOf(message: ChatMessage): string {
  return message.parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
}
