import { randomUUID } from "node:crypto";
import path from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import type { AgentClientHandlers } from "../agents/acp-client.ts";
import type { Lease, Supervisor } from "../agents/supervisor.ts";
import type { HubEventBus } from "../events.ts";
import type { ChatMessage, Conversation, ToolDiff } from "../protocol.ts";
import { chatClientHandlers } from "./client-handlers.ts";
import { AgentConversation, type TurnObserver } from "./conversation.ts";
import { CANCELLED, ChatError } from "./errors.ts";
import { t } from "./messages.ts";
import { PermissionBoard } from "./permissions.ts";
import { applySessionUpdate } from "./session-updates.ts";
import { Terminals } from "./terminals.ts";
import { runQueue } from "./turns.ts";

export interface ChatServiceOptions {
  events: HubEventBus;
  supervisor: Pick<Supervisor, "acquire" | "list">;
  /** The `cwd` of an agent of the configuration in force; undefined for an agent it does not have. */
  agentCwd(agent: string): string | undefined;
}

/**
 * `ChatService` of seed 001: one conversation per agent, in memory until the hub closes or another
 * configuration is opened, and the client side of ACP for each agent (`clientHandlers`, given to the
 * supervisor). The turns themselves run in `turns.ts`.
 */
export class ChatService {
  readonly events: HubEventBus;
  readonly supervisor: Pick<Supervisor, "acquire" | "list">;
  readonly permissions: PermissionBoard;
  private readonly agentCwd: (agent: string) => string | undefined;
  private conversations = new Map<string, AgentConversation>();
  private readonly terminals = new Map<string, Terminals>();
  private readonly unsubscribe: () => void;

  constructor(options: ChatServiceOptions) {
    this.events = options.events;
    this.supervisor = options.supervisor;
    this.agentCwd = options.agentCwd;
    this.permissions = new PermissionBoard(options.events);
    // Terminals die with their agent, whichever way it stopped.
    this.unsubscribe = options.events.subscribe((name, payload) => {
      if (name !== "agent:state") return;
      const { agent, state } = payload as { agent: string; state: string };
      if (state === "stopped" || state === "error") this.terminals.get(agent)?.killAll();
    });
  }

  /** `Send(agent, text)`: the user message's id. `observer` hears the turn that answers it (channels). */
  send(agent: string, text: string, observer?: TurnObserver): string {
    if (text.trim() === "") throw new ChatError(t("emptyText"), 400);
    const conversation = this.open(agent);
    const message = conversation.addMessage({ role: "user", parts: [{ kind: "text", text }], queued: conversation.busy });
    conversation.queue.push(message);
    if (observer) conversation.observers.set(message.id, observer);
    if (conversation.busy) conversation.turnChanged();
    else void runQueue(this, conversation);
    return message.id;
  }

  /** `Cancel(agent)`. */
  cancel(agent: string): void {
    const conversation = this.open(agent);
    const turn = conversation.turn;
    if (turn && !turn.cancelled) {
      turn.cancelled = true;
      void turn.connection.agent.notify("session/cancel", { sessionId: turn.sessionId }).catch(() => undefined);
      conversation.failUnfinishedTools(turn.reply);
    } else if (conversation.busy && !turn) conversation.cancelBeforePrompt = true;
    this.permissions.cancelAgent(agent);
    const dropped = conversation.queue.splice(0);
    for (const message of dropped) this.abandon(conversation, message);
    if (dropped.length > 0) conversation.turnChanged();
  }

  /** `Drop(agent, messageId)`: our addition, one queued message abandoned as Cancel abandons them all. */
  drop(agent: string, messageId: string): void {
    const conversation = this.open(agent);
    const index = conversation.queue.findIndex((message) => message.id === messageId);
    if (index < 0) throw new ChatError(t("notQueued", { id: messageId, agent }), 400);
    const [message] = conversation.queue.splice(index, 1);
    this.abandon(conversation, message!);
    conversation.turnChanged();
  }

  /** `AnswerPermission(id, optionId)`. */
  answerPermission(id: string, optionId: string): void {
    const { request, option } = this.permissions.answer(id, optionId);
    const turn = this.conversations.get(request.agent)?.turn;
    if (turn && turn.reply.id === request.messageId && option.kind.startsWith("reject")) turn.rejections += 1;
  }

  /** `Conversation(agent)`: a copy, so nothing the caller does changes the hub's. */
  conversation(agent: string): Conversation {
    const conversation = this.open(agent);
    return {
      messages: structuredClone(conversation.messages),
      busy: conversation.busy,
      queued: conversation.queue.length,
      usage: { ...conversation.usage },
      commands: structuredClone(conversation.commands),
      permissions: this.permissions.list(agent),
    };
  }

  /** `ConfigService.Open`: every conversation forgotten (after the agents were stopped). */
  forget(): void {
    this.permissions.cancelAll();
    for (const conversation of this.conversations.values()) {
      conversation.forgotten = true;
      // Queued messages will never go out: a channel waiting for one hears so rather than waiting forever.
      for (const observer of conversation.observers.values()) observer.done({ error: CANCELLED });
      conversation.observers.clear();
    }
    this.conversations = new Map();
  }

  /** The hub closes: what terminals still run is killed, and nothing waits for an answer any more. */
  close(): void {
    this.forget();
    for (const terminals of this.terminals.values()) terminals.killAll();
    this.unsubscribe();
  }

  /** The client side of ACP for one launch of `agent` (the supervisor's `clientHandlers` factory). */
  clientHandlers(agent: string): AgentClientHandlers {
    // The folder the process is launched in is its sandbox for this whole run, even if the configuration moves it.
    const cwd = this.agentCwd(agent) ?? process.cwd();
    this.terminals.get(agent)?.killAll();
    const terminals = new Terminals(() => cwd);
    terminals.onExit = (terminalId) => {
      const conversation = this.conversations.get(agent);
      const toolCall = conversation?.refreshTerminal(terminalId, (id) => terminals.text(id));
      if (toolCall) conversation?.turn?.observer?.tool(toolCall);
    };
    this.terminals.set(agent, terminals);
    return chatClientHandlers(this, agent, cwd, terminals);
  }

  // ── What the agent sends (client-handlers.ts) ──────────────────────────────────────────────────────────

  /** A `session/update`: applied when it is of this conversation's session (or of the one being made). */
  onUpdate(agent: string, notification: acp.SessionNotification): void {
    const conversation = this.conversations.get(agent);
    if (!conversation) return;
    if (conversation.early) {
      conversation.early.push(notification);
      return;
    }
    if (conversation.session?.sessionId !== notification.sessionId) return;
    const terminals = this.terminals.get(agent);
    applySessionUpdate(conversation, notification.update, (id) => terminals?.text(id));
  }

  /** A `session/request_permission`: its tool call shown in the message, then a card until answered. */
  async onPermission(agent: string, request: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse> {
    const conversation = this.conversations.get(agent);
    const turn = conversation?.turn;
    if (!conversation || !turn || conversation.session?.sessionId !== request.sessionId) return { outcome: { outcome: "cancelled" } };
    if (turn.cancelled) return { outcome: { outcome: "cancelled" } };
    const terminals = this.terminals.get(agent);
    const toolCall = conversation.upsertTool(turn.reply, request.toolCall, (id) => terminals?.text(id));
    const pending = {
      id: randomUUID(),
      agent,
      messageId: turn.reply.id,
      toolCall,
      options: request.options.map(({ optionId, name, kind }) => ({ optionId, name, kind })),
      rejections: turn.rejections,
    };
    turn.observer?.permission(structuredClone(pending));
    return this.permissions.ask(pending, signal);
  }

  /** A write through `fs/write_text_file`: its diff on the running tool call, or a tool part of its own. */
  onWrite(agent: string, sessionId: string, diff: ToolDiff, cwd: string): void {
    const conversation = this.conversations.get(agent);
    const message = conversation?.current;
    if (!conversation || !message || conversation.session?.sessionId !== sessionId) return;
    const running = conversation.runningTool(message);
    if (running) {
      conversation.replaceTool({ ...running, diffs: [...running.diffs.filter((own) => own.path !== diff.path), diff] });
      return;
    }
    conversation.addTool(message, {
      id: `write-${randomUUID()}`,
      title: t("writeTitle", { path: path.relative(cwd, diff.path) || diff.path }),
      kind: "edit",
      status: "completed",
      input: JSON.stringify({ path: diff.path }),
      output: "",
      locations: [{ path: diff.path, line: 0 }],
      diffs: [diff],
    });
  }

  // ── Internals shared with turns.ts ──────────────────────────────────────────────────────────────────────

  /** The conversation of an agent of the configuration (created empty on first use); 404 otherwise. */
  open(agent: string): AgentConversation {
    if (this.agentCwd(agent) === undefined) throw new ChatError(t("unknownAgent", { name: agent }), 404);
    let conversation = this.conversations.get(agent);
    if (!conversation) {
      conversation = new AgentConversation(agent, this.events);
      this.conversations.set(agent, conversation);
    }
    return conversation;
  }

  cwdOf(agent: string): string {
    return this.agentCwd(agent) ?? process.cwd();
  }

  /** Applies the updates that arrived while `session/new` was on its way, now that its id is known. */
  flushEarly(conversation: AgentConversation): void {
    const early = conversation.early ?? [];
    conversation.early = undefined;
    for (const notification of early) this.onUpdate(conversation.agent, notification);
  }

  private abandon(conversation: AgentConversation, message: ChatMessage): void {
    message.queued = false;
    message.error = CANCELLED;
    conversation.changed(message);
    const observer = conversation.observers.get(message.id);
    conversation.observers.delete(message.id);
    observer?.done({ error: CANCELLED });
  }
}

export type { Lease };
