import type { Lease } from "../agents/supervisor.ts";
import type { ChatMessage } from "../protocol.ts";
import type { ChatService } from "./chat-service.ts";
import { CANCELLED } from "./errors.ts";
import type { AgentConversation, ReplayMode, TurnObserver } from "./conversation.ts";
import { t } from "./messages.ts";
import { promptBlocks } from "./prompt-input.ts";

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
  let prompt;
  try {
    prompt = await promptBlocks(message, chat.attachments.get(message.id), chat.cwdOf(agent), lease.initialize);
  } catch (error) {
    // What the agent cannot take (an image for an agent without vision) is refused before anything is sent.
    message.error = error instanceof Error ? error.message : String(error);
    conversation.changed(message);
    observer?.done({ error: message.error });
    return lease;
  } finally {
    chat.attachments.delete(message.id);
  }
  const reply = conversation.addMessage({ role: "agent", done: false });
  conversation.current = reply;
  const turn = { reply, connection: lease.connection, sessionId, observer, rejections: 0, cancelled: false };
  conversation.turn = turn;
  try {
    const answer = await lease.connection.agent.request("session/prompt", { sessionId, prompt });
    reply.stopReason = answer.stopReason;
  } catch (error) {
    reply.error = await failure(chat, agent, lease, error);
    conversation.failUnfinishedTools(reply);
  }
  conversation.turn = undefined;
  // A permission still open when the turn ended can no longer be used by it.
  chat.permissions.cancelThread(conversation.thread);
  reply.done = true;
  conversation.changed(reply);
  observer?.done(reply.stopReason === "" ? { error: reply.error } : { stopReason: reply.stopReason });
  return lease;
}

/**
 * The thread's ACP session on this lease's process. A thread that had a session (before a restart of the agent,
 * or of the hub) resumes it with `session/load` when the agent offers it: the agent remembers. Otherwise, or when
 * the agent no longer has it, a `session/new` in the agent's `cwd` — and for a thread that had a session, a
 * system message says the agent forgot the beginning (`agent-restarted`).
 */
async function sessionFor(chat: ChatService, conversation: AgentConversation, lease: Lease): Promise<string> {
  if (conversation.session?.connection === lease.connection) return conversation.session.sessionId;
  const previous = conversation.sessionId;
  conversation.session = undefined;
  if (previous !== "" && lease.initialize.agentCapabilities?.loadSession === true) {
    try {
      await loadSession(chat, conversation, lease, previous, "ignore");
      return previous;
    } catch {
      // The agent no longer has it (deleted, another folder): a new session, and the thread says so.
    }
  }
  const answer = await chat.newSession(
    conversation.agent,
    () => lease.connection.agent.request("session/new", { cwd: chat.cwdOf(conversation.agent), mcpServers: [] }),
    (made) => (conversation.newSession(lease.connection, made.sessionId), conversation),
  );
  if (previous !== "") {
    conversation.addMessage({ role: "system", code: "agent-restarted", parts: [{ kind: "text", text: t("agentRestarted", { name: conversation.agent }) }] });
  }
  return answer.sessionId;
}

/**
 * `session/load` of `sessionId` into the thread: the agent replays the session's history before it answers, taken
 * as `mode` says (ignored by a thread that holds it already, made into messages by a thread that imports it).
 */
export async function loadSession(chat: ChatService, conversation: AgentConversation, lease: Lease, sessionId: string, mode: ReplayMode): Promise<void> {
  conversation.newSession(lease.connection, sessionId);
  conversation.replay = mode;
  try {
    await lease.connection.agent.request("session/load", { sessionId, cwd: chat.cwdOf(conversation.agent), mcpServers: [] });
  } catch (error) {
    conversation.session = undefined;
    throw error;
  } finally {
    conversation.replay = undefined;
  }
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
