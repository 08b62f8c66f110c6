import { randomUUID } from "node:crypto";
import type * as acp from "@agentclientprotocol/sdk";
import type { ClientConnection } from "@agentclientprotocol/sdk";
import type { HubEventBus } from "../events.ts";
import type { AgentCommand, ChatMessage, MessageImage, MessagePart, PlanEntry, ToolCall, Usage } from "../protocol.ts";
import { CANCELLED } from "./errors.ts";
import { MessageQueue } from "./message-queue.ts";
import { applyToolCall, emptyToolCall, type TerminalText } from "./tool-calls.ts";
import type { QueuedMessage, ReplayMode, RestoredConversation, Turn, TurnObserver } from "./turn-types.ts";

export type { QueuedMessage, ReplayMode, RestoredConversation, Turn, TurnObserver } from "./turn-types.ts";

/** How many streamed chunks make one piece of a text part (see `appendText`). */
const TEXT_PIECE_CHUNKS = 64;

/**
 * One thread of an agent, in memory: its messages, its queue, and every change to them as events on the bus,
 * in order, each naming the agent and the thread. This class knows the model and its events, and keeps the queue,
 * the busy state and the running turn behind its methods; when turns run is `turns.ts`, where threads live and
 * are saved is src/threads.
 */
export class AgentConversation {
  readonly messages: ChatMessage[];
  /** User messages waiting for the agent, in order (the first is the next to go out). */
  readonly #queue = new MessageQueue<TurnObserver>();
  #busy = false;
  usage: Usage = { used: 0, size: 0 };
  commands: AgentCommand[] = [];
  /** The ACP session of this conversation, on the connection (the process) it was made with. */
  #session?: { connection: ClientConnection; sessionId: string };
  /** The agent's session id this thread last had (kept in its file): what `session/load` resumes; "" for none. */
  #sessionId: string;
  /** Set while a `session/load` replays the session's history. */
  #replay?: ReplayMode;
  #turn?: Turn;
  /** Cancel arrived while the agent was being started, before any prompt went out. */
  #cancelBeforePrompt = false;
  /** The agent message that receives updates: the running turn's, else the last one (late updates after Cancel). */
  #current?: ChatMessage;
  /** Where each tool call of the session lives, and its last content (to refresh an embedded terminal). */
  private readonly tools = new Map<string, { message: ChatMessage; index: number; content?: acp.ToolCallContent[] }>();
  private readonly terminalTools = new Map<string, string>();
  /** Set by `ConfigService.Open` or a deletion: a turn still finishing must not speak for a conversation that is gone. */
  #forgotten = false;
  /** The text part being streamed and its chunks not joined into it yet (see `appendText`). */
  private pending?: { part: { text: string }; chunks: string[] };

  readonly agent: string;
  readonly thread: string;
  private readonly events: HubEventBus;

  constructor(agent: string, thread: string, events: HubEventBus, restored?: RestoredConversation) {
    this.agent = agent;
    this.thread = thread;
    this.events = events;
    this.messages = restored?.messages ?? [];
    this.usage = restored?.usage ?? { used: 0, size: 0 };
    this.#sessionId = restored?.sessionId ?? "";
    this.#current = this.messages.findLast((message) => message.role === "agent");
  }

  /** A turn runs, or the agent is being reached for one, or a session's history is being imported. */
  get busy(): boolean {
    return this.#busy;
  }

  /** How many user messages wait. */
  get queued(): number {
    return this.#queue.length;
  }

  get turn(): Turn | undefined {
    return this.#turn;
  }

  get current(): ChatMessage | undefined {
    return this.#current;
  }

  get session(): { connection: ClientConnection; sessionId: string } | undefined {
    return this.#session;
  }

  get sessionId(): string {
    return this.#sessionId;
  }

  get replay(): ReplayMode | undefined {
    return this.#replay;
  }

  get forgotten(): boolean {
    return this.#forgotten;
  }

  // ── The queue and the turn (chat/turns.ts runs them) ──────────────────────────────────────────────────────

  /** A user message waits its turn; `observer` hears the turn that answers it. */
  enqueue(message: ChatMessage, observer?: TurnObserver): void {
    this.#queue.push(message, observer);
  }

  /** Whether `messageId` waits in the queue. */
  holds(messageId: string): boolean {
    return this.#queue.holds(messageId);
  }

  /**
   * The queue starts moving: the conversation is busy and its first message is taken off before anything is
   * awaited, so the queue only ever holds messages that wait.
   */
  startRunning(): QueuedMessage | undefined {
    this.#busy = true;
    const first = this.takeNext();
    this.turnChanged();
    return first;
  }

  /** The next message to go out, taken off the queue with its observer. */
  takeNext(): QueuedMessage | undefined {
    return this.#queue.shift();
  }

  /** A message taken off the queue goes out: it no longer shows as waiting. */
  leaveQueue(message: ChatMessage): void {
    if (!message.queued) return;
    message.queued = false;
    this.changed(message);
    this.turnChanged();
  }

  /** The queue stopped (empty, or the conversation forgotten): idle again, a Cancel before a prompt spent. */
  stopRunning(): void {
    this.#busy = false;
    this.#cancelBeforePrompt = false;
    this.turnChanged();
  }

  /** Busy with something that is not a turn (a session's history being imported), then idle. */
  setBusy(busy: boolean): void {
    this.#busy = busy;
    this.turnChanged();
  }

  /** Abandons the queued message `messageId` (Drop); undefined when it does not wait here. */
  drop(messageId: string): ChatMessage | undefined {
    const dropped = this.#queue.remove(messageId);
    if (!dropped) return undefined;
    this.abandon(dropped);
    this.turnChanged();
    return dropped.message;
  }

  /**
   * Cancel, for the turn: the running one is cancelled (its unfinished tools failed) and returned, so the caller
   * tells the agent; while the agent is still being reached, the prompt will not go out.
   */
  cancelTurn(): Turn | undefined {
    const turn = this.#turn;
    if (turn && !turn.cancelled) {
      turn.cancelled = true;
      this.failUnfinishedTools(turn.reply);
      return turn;
    }
    if (this.#busy && !turn) this.#cancelBeforePrompt = true;
    return undefined;
  }

  /** Cancel, for the queue: every waiting message abandoned, and returned. */
  dropQueue(): ChatMessage[] {
    const dropped = this.#queue.clear();
    for (const queued of dropped) this.abandon(queued);
    if (dropped.length > 0) this.turnChanged();
    return dropped.map(({ message }) => message);
  }

  /** Whether Stop was pressed while the agent was being started; reading it spends it. */
  takeCancelBeforePrompt(): boolean {
    const cancelled = this.#cancelBeforePrompt;
    this.#cancelBeforePrompt = false;
    return cancelled;
  }

  /** A prompt goes out: its reply is the message that receives the agent's updates. */
  beginTurn(turn: Turn): void {
    this.#current = turn.reply;
    this.#turn = turn;
  }

  endTurn(): void {
    this.#turn = undefined;
  }

  /** The user rejected a tool call of the turn answering `messageId` (a permission card's answer). */
  noteRejection(messageId: string): void {
    if (this.#turn && this.#turn.reply.id === messageId) this.#turn.rejections += 1;
  }

  /** An agent message of a replayed history (`session/load` imported) receives what follows. */
  setCurrent(message: ChatMessage): void {
    this.#current = message;
  }

  /**
   * The conversation is gone (`ConfigService.Open`, a deleted thread): no event speaks for it any more, and a
   * channel waiting for a queued message hears it will never go out rather than waiting forever.
   */
  forget(): void {
    this.#forgotten = true;
    for (const observer of this.#queue.takeObservers()) observer.done({ error: CANCELLED });
  }

  /** The session is no longer usable (a new one is to be made, or its `session/load` failed). */
  dropSession(): void {
    this.#session = undefined;
  }

  /** Runs `load` (a `session/load`) with the replayed history taken as `mode` says. */
  async replaying<T>(mode: ReplayMode, load: () => Promise<T>): Promise<T> {
    this.#replay = mode;
    try {
      return await load();
    } finally {
      this.#replay = undefined;
    }
  }

  private abandon({ message, observer }: QueuedMessage): void {
    message.queued = false;
    message.error = CANCELLED;
    this.changed(message);
    observer?.done({ error: CANCELLED });
  }

  // ── The messages ───────────────────────────────────────────────────────────────────────────────────────────

  addMessage(fields: Pick<ChatMessage, "role"> & Partial<ChatMessage>): ChatMessage {
    const message: ChatMessage = {
      id: randomUUID(),
      agent: this.agent,
      createdAt: new Date().toISOString(),
      parts: [],
      done: true,
      queued: false,
      stopReason: "",
      error: "",
      code: "",
      ...fields,
    };
    // Queued messages stay last, in their order: anything else (an answer, a system message) goes before them, so
    // the list reads as the conversation happened and a queued message reaches its place when it is sent.
    const firstQueued = message.queued ? -1 : this.messages.findIndex((other) => other.queued);
    if (firstQueued < 0) this.messages.push(message);
    else this.messages.splice(firstQueued, 0, message);
    this.changed(message);
    return message;
  }

  /** The messages, every streamed chunk in its part: what a reader that copies or saves them must use. */
  messagesNow(): ChatMessage[] {
    this.flushText();
    return this.messages;
  }

  /** Joins the chunks gathered by `appendText` into their part. */
  flushText(): void {
    const pending = this.pending;
    this.pending = undefined;
    if (pending && pending.chunks.length > 0) pending.part.text += pending.chunks.join("");
  }

  /** `message:updated`, with a copy: the page (or a test) may keep it while the message goes on. */
  changed(message: ChatMessage): void {
    this.flushText();
    if (!this.forgotten) this.events.emit("message:updated", { agent: this.agent, thread: this.thread, message: structuredClone(message) });
  }

  turnChanged(): void {
    if (!this.forgotten) this.events.emit("turn:changed", { agent: this.agent, thread: this.thread, busy: this.#busy, queued: this.#queue.length });
  }

  setUsage(usage: Usage): void {
    this.usage = usage;
    if (!this.forgotten) this.events.emit("usage:changed", { agent: this.agent, thread: this.thread, usage: { ...usage } });
  }

  /**
   * A text or thought chunk: appended to the last part when it is of that kind, else a new part. Chunks are
   * gathered and joined into the part's text 64 at a time (and whenever the message is read: `messagesNow`,
   * `changed`): a string grown by `+=` one 8-character token at a time costs V8 a rope node and a small string per
   * token, several times the text's own size, and rebuilding the whole text per chunk would copy it each time.
   */
  appendText(message: ChatMessage, kind: "text" | "thought", text: string): void {
    if (text === "") return;
    let index = message.parts.length - 1;
    const last = message.parts[index];
    if (last && last.kind === kind) {
      if (this.pending && this.pending.part !== last) this.flushText();
      this.pending ??= { part: last, chunks: [] };
      this.pending.chunks.push(text);
      if (this.pending.chunks.length >= TEXT_PIECE_CHUNKS) this.flushText();
    } else {
      this.flushText();
      message.parts.push({ kind, text });
      index = message.parts.length - 1;
    }
    if (!this.forgotten) this.events.emit("message:delta", { agent: this.agent, thread: this.thread, messageId: message.id, index, kind, text });
  }

  /**
   * A `tool_call`, `tool_call_update` or the tool call of a permission request: applied to the call where it
   * lives (a late update reaches the message of its own turn), or added to `message` when it is new.
   */
  upsertTool(message: ChatMessage, update: acp.ToolCall | acp.ToolCallUpdate, terminalText: TerminalText): ToolCall {
    let place = this.tools.get(update.toolCallId);
    if (!place) {
      message.parts.push({ kind: "tool", toolCall: emptyToolCall(update.toolCallId) });
      place = { message, index: message.parts.length - 1 };
      this.tools.set(update.toolCallId, place);
    }
    if (update.content != null) {
      place.content = update.content;
      for (const item of update.content) if (item.type === "terminal") this.terminalTools.set(item.terminalId, update.toolCallId);
    }
    const part = place.message.parts[place.index] as Extract<MessagePart, { kind: "tool" }>;
    const toolCall = applyToolCall(part.toolCall, update, terminalText);
    this.setPart(place.message, place.index, { kind: "tool", toolCall });
    return toolCall;
  }

  /** Re-reads the terminal a tool call embeds (its command exited: the output is final). */
  refreshTerminal(terminalId: string, terminalText: TerminalText): ToolCall | undefined {
    const toolCallId = this.terminalTools.get(terminalId);
    const place = toolCallId === undefined ? undefined : this.tools.get(toolCallId);
    if (!toolCallId || !place?.content) return undefined;
    return this.upsertTool(place.message, { toolCallId, content: place.content }, terminalText);
  }

  /** The tool call a write through `fs/write_text_file` belongs to: the last unfinished one of `message`. */
  runningTool(message: ChatMessage): ToolCall | undefined {
    for (let index = message.parts.length - 1; index >= 0; index -= 1) {
      const part = message.parts[index]!;
      if (part.kind === "tool" && (part.toolCall.status === "pending" || part.toolCall.status === "in_progress")) return part.toolCall;
    }
    return undefined;
  }

  /** A tool call the hub itself adds (a write with no running tool call to attach it to). */
  addTool(message: ChatMessage, toolCall: ToolCall): void {
    message.parts.push({ kind: "tool", toolCall });
    this.tools.set(toolCall.id, { message, index: message.parts.length - 1 });
    this.setPart(message, message.parts.length - 1, { kind: "tool", toolCall });
  }

  /** Replaces the tool call at `index` of `message`, one no update of the agent will reach any more (chat/background.ts). */
  settleTool(message: ChatMessage, index: number, toolCall: ToolCall): void {
    this.setPart(message, index, { kind: "tool", toolCall });
  }

  /** Replaces a tool call by id (a diff attached by the hub). */
  replaceTool(toolCall: ToolCall): void {
    const place = this.tools.get(toolCall.id);
    if (place) this.setPart(place.message, place.index, { kind: "tool", toolCall });
  }

  /** The plan: one part per message, replaced whole at each update (ACP sends the full list every time). */
  /** An image the agent sent in its message (issue 38): a part of its own, after what came before it. */
  appendImage(message: ChatMessage, image: MessageImage): void {
    message.parts.push({ kind: "image", image });
    this.setPart(message, message.parts.length - 1, { kind: "image", image });
  }

  setPlan(message: ChatMessage, entries: PlanEntry[]): void {
    const existing = message.parts.findIndex((part) => part.kind === "plan");
    const index = existing >= 0 ? existing : message.parts.length;
    if (existing < 0) message.parts.push({ kind: "plan", entries });
    this.setPart(message, index, { kind: "plan", entries });
  }

  /** Cancel: the calls that had not finished will not, as far as the user is concerned. */
  failUnfinishedTools(message: ChatMessage): void {
    message.parts.forEach((part, index) => {
      if (part.kind !== "tool" || part.toolCall.status === "completed" || part.toolCall.status === "failed") return;
      this.setPart(message, index, { kind: "tool", toolCall: { ...part.toolCall, status: "failed" } });
    });
  }

  /** A session made or loaded on `connection`: tool call ids of the old one mean nothing any more. */
  newSession(connection: ClientConnection, sessionId: string): void {
    this.#session = { connection, sessionId };
    this.#sessionId = sessionId;
    this.tools.clear();
    this.terminalTools.clear();
  }

  private setPart(message: ChatMessage, index: number, part: MessagePart): void {
    message.parts[index] = part;
    if (!this.forgotten) this.events.emit("message:delta", { agent: this.agent, thread: this.thread, messageId: message.id, index, kind: part.kind, part });
  }
}
