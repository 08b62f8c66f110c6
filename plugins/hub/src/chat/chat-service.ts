import { randomUUID } from "node:crypto";
import path from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import type { AgentClientHandlers } from "../agents/acp-client.ts";
import type { Lease, Supervisor } from "../agents/supervisor.ts";
import type { HubEventBus } from "../events.ts";
import type { ChatMessage, Conversation, PromptCapabilities, PromptInput, ToolDiff } from "../protocol.ts";
import type { ThreadBook } from "../threads/thread-book.ts";
import { chatClientHandlers } from "./client-handlers.ts";
import { settleBackground, stopBackground } from "./background.ts";
import { AgentConversation, type TurnObserver } from "./conversation.ts";
import { CANCELLED, ChatError } from "./errors.ts";
import { t } from "./messages.ts";
import { PermissionBoard } from "./permissions.ts";
import { checkPrompt, promptCapabilities } from "./prompt-input.ts";
import { applySessionUpdate } from "./session-updates.ts";
import { Terminals } from "./terminals.ts";
import { messageImage } from "./tool-calls.ts";
import { runQueue } from "./turns.ts";

export interface ChatServiceOptions {
  events: HubEventBus;
  supervisor: Pick<Supervisor, "acquire" | "list" | "initializeOf">;
  /** Where each agent's threads are (src/threads). */
  threads: ThreadBook;
  /** The `cwd` of an agent of the configuration in force; undefined for an agent it does not have. */
  agentCwd(agent: string): string | undefined;
}

/**
 * `ChatService` of seed 001, on threads: each seed method acts on the agent's current thread (the seed's one
 * conversation per agent), kept by the thread book; and the client side of ACP for each agent
 * (`clientHandlers`, given to the supervisor), whose updates reach the thread of their session. The turns
 * themselves run in `turns.ts`.
 */
export class ChatService {
  readonly events: HubEventBus;
  readonly supervisor: Pick<Supervisor, "acquire" | "list" | "initializeOf">;
  readonly permissions: PermissionBoard;
  readonly threads: ThreadBook;
  private readonly agentCwd: (agent: string) => string | undefined;
  private readonly terminals = new Map<string, Terminals>();
  /** Per agent, while `session/new` requests are on their way: updates of sessions no thread holds yet. */
  private readonly early = new Map<string, { waiting: number; updates: acp.SessionNotification[] }>();
  /** The prompt blocks of user messages not sent yet (files named with `@`, images), by message id. */
  readonly attachments = new Map<string, PromptInput>();
  private readonly unsubscribe: () => void;

  constructor(options: ChatServiceOptions) {
    this.events = options.events;
    this.supervisor = options.supervisor;
    this.threads = options.threads;
    this.agentCwd = options.agentCwd;
    this.permissions = new PermissionBoard(options.events);
    // Terminals die with their agent, whichever way it stopped; so do the background commands MAIA ran for it.
    this.unsubscribe = options.events.subscribe((name, payload) => {
      if (name !== "agent:state") return;
      const { agent, state } = payload as { agent: string; state: string };
      if (state !== "stopped" && state !== "error") return;
      this.terminals.get(agent)?.killAll();
      for (const conversation of this.threads.loaded(agent)) settleBackground(conversation);
    });
  }

  /** `Send(agent, text)`: the user message's id. `observer` hears the turn that answers it (channels). */
  send(agent: string, text: string, observer?: TurnObserver): string {
    return this.sendPrompt(agent, { text, files: [], images: [] }, observer);
  }

  /** `SendPrompt(agent, prompt)`: `Send` with files named with `@` and images (checked, then sent with the text). */
  sendPrompt(agent: string, prompt: PromptInput, observer?: TurnObserver): string {
    if (prompt.text.trim() === "" && prompt.images.length === 0) throw new ChatError(t("emptyText"), 400);
    checkPrompt(prompt, agent, this.capabilities(agent));
    const conversation = this.open(agent);
    const parts: ChatMessage["parts"] = prompt.text === "" ? [] : [{ kind: "text", text: prompt.text }];
    for (const image of prompt.images) {
      const shown = messageImage({ type: "image", mimeType: image.mimeType, data: image.data });
      if (shown) parts.push({ kind: "image", image: shown });
    }
    const message = conversation.addMessage({ role: "user", parts, queued: conversation.busy });
    if (prompt.files.length > 0 || prompt.images.length > 0) this.attachments.set(message.id, prompt);
    conversation.queue.push(message);
    if (observer) conversation.observers.set(message.id, observer);
    if (conversation.busy) conversation.turnChanged();
    else void runQueue(this, conversation);
    return message.id;
  }

  /** `Cancel(agent)`: the current thread's answer. */
  cancel(agent: string): void {
    this.cancelThread(this.open(agent));
  }

  /** Cancel, for any thread (the current one, or one being deleted). */
  cancelThread(conversation: AgentConversation): void {
    const turn = conversation.turn;
    if (turn && !turn.cancelled) {
      turn.cancelled = true;
      void turn.connection.agent.notify("session/cancel", { sessionId: turn.sessionId }).catch(() => undefined);
      conversation.failUnfinishedTools(turn.reply);
    } else if (conversation.busy && !turn) conversation.cancelBeforePrompt = true;
    this.permissions.cancelThread(conversation.thread);
    const dropped = conversation.queue.splice(0);
    for (const message of dropped) this.abandon(conversation, message);
    if (dropped.length > 0) conversation.turnChanged();
  }

  /** `Drop(agent, messageId)`: our addition, one queued message (of any thread of the agent) abandoned as Cancel abandons them all. */
  drop(agent: string, messageId: string): void {
    this.open(agent);
    const conversation = [...this.threads.loaded(agent)].find((candidate) => candidate.queue.some((message) => message.id === messageId));
    const index = conversation?.queue.findIndex((message) => message.id === messageId) ?? -1;
    if (!conversation || index < 0) throw new ChatError(t("notQueued", { id: messageId, agent }), 400);
    const [message] = conversation.queue.splice(index, 1);
    this.abandon(conversation, message!);
    conversation.turnChanged();
  }

  /** `AnswerPermission(id, optionId)`. */
  answerPermission(id: string, optionId: string): void {
    const { request, option } = this.permissions.answer(id, optionId);
    const turn = [...this.threads.loaded(request.agent)].find((conversation) => conversation.thread === request.thread)?.turn;
    if (turn && turn.reply.id === request.messageId && option.kind.startsWith("reject")) turn.rejections += 1;
  }

  /** `Conversation(agent)`: the current thread, a copy, so nothing the caller does changes the hub's. */
  conversation(agent: string): Conversation {
    const conversation = this.open(agent);
    return {
      thread: conversation.thread,
      messages: structuredClone(conversation.messagesNow()),
      busy: conversation.busy,
      queued: conversation.queue.length,
      usage: { ...conversation.usage },
      commands: structuredClone(conversation.commands),
      permissions: this.permissions.list(agent, conversation.thread),
    };
  }

  /** `StopBackground(agent, toolCallId)`: stops the command a tool call of the current thread left running. */
  stopBackground(agent: string, toolCallId: string): Promise<void> {
    return stopBackground(this.open(agent), toolCallId);
  }

  /** `Capabilities(agent)`: what its last `initialize` said it takes in a prompt. */
  capabilities(agent: string): PromptCapabilities {
    if (this.agentCwd(agent) === undefined) throw new ChatError(t("unknownAgent", { name: agent }), 404);
    return promptCapabilities(this.supervisor.initializeOf(agent));
  }

  /** `ConfigService.Open`: every conversation forgotten (after the agents were stopped). */
  forget(): void {
    this.permissions.cancelAll();
    for (const conversation of this.threads.loaded()) {
      conversation.forgotten = true;
      // Queued messages will never go out: a channel waiting for one hears so rather than waiting forever.
      for (const observer of conversation.observers.values()) observer.done({ error: CANCELLED });
      conversation.observers.clear();
    }
    this.attachments.clear();
    this.early.clear();
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
      for (const conversation of this.threads.loaded(agent)) {
        const toolCall = conversation.refreshTerminal(terminalId, (id) => terminals.text(id));
        if (toolCall) conversation.turn?.observer?.tool(toolCall);
      }
    };
    this.terminals.set(agent, terminals);
    return chatClientHandlers(this, agent, cwd, terminals);
  }

  // ── What the agent sends (client-handlers.ts) ──────────────────────────────────────────────────────────

  /** A `session/update`: applied to the thread of its session, or kept while a `session/new` is on its way. */
  onUpdate(agent: string, notification: acp.SessionNotification): void {
    const conversation = this.threads.bySession(agent, notification.sessionId);
    if (!conversation) {
      this.early.get(agent)?.updates.push(notification);
      return;
    }
    const terminals = this.terminals.get(agent);
    applySessionUpdate(conversation, notification.update, (id) => terminals?.text(id));
  }

  /** A `session/request_permission`: its tool call shown in the message, then a card until answered. */
  async onPermission(agent: string, request: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse> {
    const conversation = this.threads.bySession(agent, request.sessionId);
    const turn = conversation?.turn;
    if (!conversation || !turn) return { outcome: { outcome: "cancelled" } };
    if (turn.cancelled) return { outcome: { outcome: "cancelled" } };
    const terminals = this.terminals.get(agent);
    const toolCall = conversation.upsertTool(turn.reply, request.toolCall, (id) => terminals?.text(id));
    const pending = {
      id: randomUUID(),
      agent,
      thread: conversation.thread,
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
    const conversation = this.threads.bySession(agent, sessionId);
    const message = conversation?.current;
    if (!conversation || !message) return;
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

  /** The current thread of an agent of the configuration (an empty one on first use); 404 otherwise. */
  open(agent: string): AgentConversation {
    if (this.agentCwd(agent) === undefined) throw new ChatError(t("unknownAgent", { name: agent }), 404);
    return this.threads.conversation(this.threads.current(agent));
  }

  cwdOf(agent: string): string {
    return this.agentCwd(agent) ?? process.cwd();
  }

  /**
   * Runs `session/new` for a thread: the updates the agent sends before the answer (its commands, its usage) are
   * kept until the answer says which session they are of, then applied to the thread that made it.
   */
  async newSession<T extends { sessionId: string }>(agent: string, request: () => Promise<T>, attach: (answer: T) => AgentConversation): Promise<T> {
    const early = this.early.get(agent) ?? { waiting: 0, updates: [] };
    this.early.set(agent, early);
    early.waiting += 1;
    try {
      const answer = await request();
      attach(answer);
      const mine = early.updates.filter((update) => update.sessionId === answer.sessionId);
      early.updates = early.updates.filter((update) => update.sessionId !== answer.sessionId);
      for (const notification of mine) this.onUpdate(agent, notification);
      return answer;
    } finally {
      early.waiting -= 1;
      if (early.waiting === 0) this.early.delete(agent);
    }
  }

  private abandon(conversation: AgentConversation, message: ChatMessage): void {
    this.attachments.delete(message.id);
    message.queued = false;
    message.error = CANCELLED;
    conversation.changed(message);
    const observer = conversation.observers.get(message.id);
    conversation.observers.delete(message.id);
    observer?.done({ error: CANCELLED });
  }
}

export type { Lease };
