import type * as acp from "@agentclientprotocol/sdk";
import type { Lease, Supervisor } from "../agents/supervisor.ts";
import type { ChatMessage, PromptInput } from "../protocol.ts";
import { CANCELLED } from "./errors.ts";
import type { AgentConversation, ReplayMode, TurnObserver } from "./conversation.ts";
import { t } from "./messages.ts";
import type { PermissionBoard } from "./permissions.ts";
import { promptBlocks } from "./prompt-input.ts";

/** After the connection to an agent dropped, how long the supervisor may take to say why (exit code, stderr). */
const SETTLE_MS = 2_000;

/** What the turn runner needs, and nothing else: the agents, the permission cards, the prompts' attachments. */
export interface TurnRunnerDeps {
  supervisor: Pick<Supervisor, "acquire" | "list">;
  permissions: Pick<PermissionBoard, "cancelThread">;
  /** The prompt blocks kept for a user message (files named with `@`, images), taken: they are sent once. */
  takeAttachments(messageId: string): PromptInput | undefined;
  /** The folder an agent of the configuration runs in. */
  cwdOf(agent: string): string;
  /**
   * Runs a `session/new` request; `attach` gives the answer's session to its thread, and the updates the agent
   * sent before the answer are applied to it then (chat/early-updates.ts).
   */
  newSession(agent: string, request: () => Promise<acp.NewSessionResponse>, attach: (answer: acp.NewSessionResponse) => AgentConversation): Promise<acp.NewSessionResponse>;
}

/**
 * Runs the prompt turns of threads: a conversation's queue is sent one message at a time, each turn reaching the
 * agent (a lease of the supervisor), making or resuming the thread's session, then prompting. The conversation
 * keeps its own state (queue, busy, turn); the runner only calls its methods.
 */
export class TurnRunner {
  private readonly deps: TurnRunnerDeps;

  constructor(deps: TurnRunnerDeps) {
    this.deps = deps;
  }

  /**
   * Sends the conversation's messages one by one, in order, until the queue is empty: the agent is leased (so it
   * is `busy`) from the first message to the end of the last, then released (`ready`). Started by a Send when the
   * conversation is idle.
   */
  async run(conversation: AgentConversation): Promise<void> {
    let next = conversation.startRunning();
    let lease: Lease | undefined;
    try {
      while (next && !conversation.forgotten) {
        const { message, observer } = next;
        conversation.leaveQueue(message);
        // The process this lease was for is gone (a crash during the previous turn): take the agent anew.
        if (lease?.connection.signal.aborted) {
          lease.release();
          lease = undefined;
        }
        lease = await this.promptOnce(conversation, message, lease, observer);
        next = conversation.takeNext();
      }
    } finally {
      lease?.release();
      conversation.stopRunning();
    }
  }

  /**
   * `session/load` of `sessionId` into the thread: the agent replays the session's history before it answers,
   * taken as `mode` says (ignored by a thread that holds it already, made into messages by a thread that imports it).
   */
  async load(conversation: AgentConversation, lease: Lease, sessionId: string, mode: ReplayMode): Promise<void> {
    conversation.newSession(lease.connection, sessionId);
    try {
      await conversation.replaying(mode, () => lease.connection.agent.request("session/load", { sessionId, cwd: this.deps.cwdOf(conversation.agent), mcpServers: [] }));
    } catch (error) {
      conversation.dropSession();
      throw error;
    }
  }

  /** One user message: the agent reached, its session made if needed, the prompt turn. Returns the lease held. */
  private async promptOnce(conversation: AgentConversation, message: ChatMessage, held: Lease | undefined, observer: TurnObserver | undefined): Promise<Lease | undefined> {
    const agent = conversation.agent;
    let lease = held;
    let sessionId: string;
    try {
      lease ??= await this.deps.supervisor.acquire(agent);
      sessionId = await this.sessionFor(conversation, lease);
    } catch (error) {
      const cause = error instanceof Error ? error.message : String(error);
      conversation.addMessage({ role: "system", code: "agent-unavailable", error: cause, parts: [{ kind: "text", text: t("agentUnavailable", { name: agent, cause }) }] });
      observer?.done({ error: cause });
      return lease;
    }
    if (conversation.takeCancelBeforePrompt()) {
      // Stop was pressed while the agent was being started: this message never goes out.
      message.error = CANCELLED;
      conversation.changed(message);
      observer?.done({ error: CANCELLED });
      return lease;
    }
    let prompt;
    const attachments = this.deps.takeAttachments(message.id);
    try {
      prompt = await promptBlocks(message, attachments, this.deps.cwdOf(agent), lease.initialize);
    } catch (error) {
      // What the agent cannot take (an image for an agent without vision) is refused before anything is sent.
      message.error = error instanceof Error ? error.message : String(error);
      conversation.changed(message);
      observer?.done({ error: message.error });
      return lease;
    }
    const reply = conversation.addMessage({ role: "agent", done: false });
    conversation.beginTurn({ reply, connection: lease.connection, sessionId, observer, rejections: 0, cancelled: false });
    try {
      const answer = await lease.connection.agent.request("session/prompt", { sessionId, prompt });
      reply.stopReason = answer.stopReason;
    } catch (error) {
      reply.error = await this.failure(agent, lease, error);
      conversation.failUnfinishedTools(reply);
    }
    conversation.endTurn();
    // A permission still open when the turn ended can no longer be used by it.
    this.deps.permissions.cancelThread(conversation.thread);
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
  private async sessionFor(conversation: AgentConversation, lease: Lease): Promise<string> {
    if (conversation.session?.connection === lease.connection) return conversation.session.sessionId;
    const previous = conversation.sessionId;
    conversation.dropSession();
    if (previous !== "" && lease.initialize.agentCapabilities?.loadSession === true) {
      try {
        await this.load(conversation, lease, previous, "ignore");
        return previous;
      } catch {
        // The agent no longer has it (deleted, another folder): a new session, and the thread says so.
      }
    }
    const answer = await this.deps.newSession(
      conversation.agent,
      () => lease.connection.agent.request("session/new", { cwd: this.deps.cwdOf(conversation.agent), mcpServers: [] }),
      (made) => (conversation.newSession(lease.connection, made.sessionId), conversation),
    );
    if (previous !== "") {
      conversation.addMessage({ role: "system", code: "agent-restarted", parts: [{ kind: "text", text: t("agentRestarted", { name: conversation.agent }) }] });
    }
    return answer.sessionId;
  }

  /** Why a prompt ended without a stop reason: the agent's own error, or how its process ended. */
  private async failure(agent: string, lease: Lease, error: unknown): Promise<string> {
    // The SDK's agent side turns a thrown error into "Internal error" with the agent's words in `data.details`.
    const details = (error as { data?: { details?: unknown } } | null)?.data?.details;
    const message = error instanceof Error ? error.message : String(error);
    const cause = typeof details === "string" && details !== "" ? `${message}: ${details}` : message;
    if (!lease.connection.signal.aborted) return cause;
    // The connection closes as the process dies, a moment before the supervisor has its exit and last stderr lines.
    const info = await this.settled(agent);
    if (info?.state === "error") return t("agentCrashed", { name: agent, cause: info.error });
    return t("agentStopped", { name: agent });
  }

  private async settled(agent: string): Promise<{ state: string; error: string } | undefined> {
    const find = () => this.deps.supervisor.list().find((info) => info.name === agent);
    const end = Date.now() + SETTLE_MS;
    let info = find();
    while (info && (info.state === "busy" || info.state === "ready") && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      info = find();
    }
    return info;
  }
}
