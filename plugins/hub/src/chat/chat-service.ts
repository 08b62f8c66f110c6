import { randomUUID } from "node:crypto";
import path from "node:path";
import type * as acp from "@agentclientprotocol/sdk";
import type { AgentClientHandlers } from "../agents/acp-client.ts";
import type { Supervisor } from "../agents/supervisor.ts";
import type { HubEventBus } from "../events.ts";
import type { ChatMessage, Conversation, PromptCapabilities, PromptInput, ToolDiff } from "../protocol.ts";
import type { ThreadBook } from "../threads/thread-book.ts";
import { chatClientHandlers, type AgentInbox } from "./client-handlers.ts";
import { settleBackground, stopBackground } from "./background.ts";
import type { AgentConversation, TurnObserver } from "./conversation.ts";
import { EarlyUpdates } from "./early-updates.ts";
import { ChatError } from "./errors.ts";
import { t } from "./messages.ts";
import { PermissionBoard } from "./permissions.ts";
import { checkPrompt, promptCapabilities } from "./prompt-input.ts";
import { applySessionUpdate } from "./session-updates.ts";
import { Terminals } from "./terminals.ts";
import { messageImage } from "./tool-calls.ts";
import { TurnRunner } from "./turns.ts";

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
 * (`clientHandlers`, given to the supervisor: each agent's inbox), whose updates reach the thread of their
 * session. The turns themselves run in a `TurnRunner` (turns.ts), built from what it needs.
 */
export class ChatService {
  readonly events: HubEventBus;
  readonly supervisor: Pick<Supervisor, "acquire" | "list" | "initializeOf">;
  readonly permissions: PermissionBoard;
  readonly threads: ThreadBook;
  private readonly agentCwd: (agent: string) => string | undefined;
  private readonly terminals = new Map<string, Terminals>();
  /** Per agent, while `session/new` requests are on their way: updates of sessions no thread holds yet. */
  private readonly early = new EarlyUpdates();
  /** The prompt blocks of user messages not sent yet (files named with `@`, images), by message id. */
  private readonly attachments = new Map<string, PromptInput>();
  /** Runs the threads' turns (also for `ThreadService`: a session imported, a queue that waited for it). */
  readonly turns: TurnRunner;
  private readonly unsubscribe: () => void;

  constructor(options: ChatServiceOptions) {
    this.events = options.events;
    this.supervisor = options.supervisor;
    this.threads = options.threads;
    this.agentCwd = options.agentCwd;
    this.permissions = new PermissionBoard(options.events);
    this.turns = new TurnRunner({
      supervisor: options.supervisor,
      permissions: this.permissions,
      takeAttachments: (messageId) => {
        const attachments = this.attachments.get(messageId);
        this.attachments.delete(messageId);
        return attachments;
      },
      cwdOf: (agent) => this.cwdOf(agent),
      newSession: (agent, request, attach) => this.early.around(agent, request, attach, (notification) => this.onUpdate(agent, notification)),
    });
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
    conversation.enqueue(message, observer);
    if (conversation.busy) conversation.turnChanged();
    else void this.turns.run(conversation);
    return message.id;
  }

  /** `Cancel(agent)`: the current thread's answer. */
  cancel(agent: string): void {
    this.cancelThread(this.open(agent));
  }

  /** Cancel, for any thread (the current one, or one being deleted). */
  cancelThread(conversation: AgentConversation): void {
    const turn = conversation.cancelTurn();
    if (turn) void turn.connection.agent.notify("session/cancel", { sessionId: turn.sessionId }).catch(() => undefined);
    this.permissions.cancelThread(conversation.thread);
    for (const message of conversation.dropQueue()) this.attachments.delete(message.id);
  }

  /** `Drop(agent, messageId)`: our addition, one queued message (of any thread of the agent) abandoned as Cancel abandons them all. */
  drop(agent: string, messageId: string): void {
    this.open(agent);
    const conversation = [...this.threads.loaded(agent)].find((candidate) => candidate.holds(messageId));
    if (!conversation?.drop(messageId)) throw new ChatError(t("notQueued", { id: messageId, agent }), 400);
    this.attachments.delete(messageId);
  }

  /** `AnswerPermission(id, optionId)`. */
  answerPermission(id: string, optionId: string): void {
    const { request, option } = this.permissions.answer(id, optionId);
    const conversation = [...this.threads.loaded(request.agent)].find((candidate) => candidate.thread === request.thread);
    if (option.kind.startsWith("reject")) conversation?.noteRejection(request.messageId);
  }

  /** `Conversation(agent)`: the current thread, a copy, so nothing the caller does changes the hub's. */
  conversation(agent: string): Conversation {
    const conversation = this.open(agent);
    return {
      thread: conversation.thread,
      messages: structuredClone(conversation.messagesNow()),
      busy: conversation.busy,
      queued: conversation.queued,
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
    // Queued messages will never go out: a channel waiting for one hears so rather than waiting forever.
    for (const conversation of this.threads.loaded()) conversation.forget();
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
    const inbox: AgentInbox = {
      update: (notification) => this.onUpdate(agent, notification),
      permission: (request, signal) => this.onPermission(agent, request, signal),
      wrote: (sessionId, diff, writtenIn) => this.onWrite(agent, sessionId, diff, writtenIn),
    };
    return chatClientHandlers(inbox, cwd, terminals);
  }

  // ── What the agent sends (its inbox, client-handlers.ts) ───────────────────────────────────────────────

  /** A `session/update`: applied to the thread of its session, or kept while a `session/new` is on its way. */
  private onUpdate(agent: string, notification: acp.SessionNotification): void {
    const conversation = this.threads.bySession(agent, notification.sessionId);
    if (!conversation) {
      this.early.keep(agent, notification);
      return;
    }
    const terminals = this.terminals.get(agent);
    applySessionUpdate(conversation, notification.update, (id) => terminals?.text(id));
  }

  /** A `session/request_permission`: its tool call shown in the message, then a card until answered. */
  private async onPermission(agent: string, request: acp.RequestPermissionRequest, signal: AbortSignal): Promise<acp.RequestPermissionResponse> {
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
  private onWrite(agent: string, sessionId: string, diff: ToolDiff, cwd: string): void {
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

  /** The current thread of an agent of the configuration (an empty one on first use); 404 otherwise. */
  open(agent: string): AgentConversation {
    if (this.agentCwd(agent) === undefined) throw new ChatError(t("unknownAgent", { name: agent }), 404);
    return this.threads.conversation(this.threads.current(agent));
  }

  /** The folder an agent runs in (the configuration's; the hub's own for an agent it no longer has). */
  cwdOf(agent: string): string {
    return this.agentCwd(agent) ?? process.cwd();
  }
}
