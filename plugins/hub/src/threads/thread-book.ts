import { randomUUID } from "node:crypto";
import { AgentConversation } from "../chat/conversation.ts";
import { ChatError } from "../chat/errors.ts";
import type { HubEventBus } from "../events.ts";
import type { DamagedThread, HubEventName, HubEvents, ThreadInfo, ThreadList, WaitingEntry } from "../protocol.ts";
import { t } from "./messages.ts";
import { SaveQueue } from "./save-queue.ts";
import type { ThreadFile } from "./thread-file.ts";
import { fileOf, recordOf, type ThreadRecord } from "./thread-record.ts";
import { ThreadStore } from "./thread-store.ts";
import { titleFrom } from "./title.ts";

/**
 * Writes soon after a message is added or finished, and every 30 s while one streams: each write copies the whole
 * thread, and a long answer written every few seconds grew the hub's memory by several times the answer's size
 * (measured with `pnpm bench hub`); an answer cut short by a crash comes back with what the last write had.
 */
const SAVE_SOON_MS = 100;
const SAVE_STREAMING_MS = 30_000;

/**
 * The threads of the configuration in force: each agent's threads, which is current, their files (restored when
 * the configuration opens, each opened when first used, written as it changes), and what waits for the user.
 * Every change the page shows is an event: `thread:changed` for a thread, `waiting:changed` for the waiting list.
 * The book follows the chat's own events (messages, turns, permissions) rather than being called by the chat,
 * so the chat's code does not know where threads are kept.
 */
export class ThreadBook {
  private store: ThreadStore | undefined;
  private records = new Map<string, ThreadRecord>();
  private currentIds = new Map<string, string>();
  private damaged: DamagedThread[] = [];
  private saves: SaveQueue = this.newSaveQueue();
  private lastWaiting = "[]";
  /** The writes of `state.json`, one after the other (the last one wins on disk as in memory). */
  private stateWrites: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;

  private readonly events: HubEventBus;
  private readonly homeDir: string;
  private readonly warn: (message: string) => void;
  private readonly isAgent: (name: string) => boolean;

  constructor(options: { events: HubEventBus; homeDir: string; isAgent?: (name: string) => boolean; warn?: (message: string) => void }) {
    this.events = options.events;
    this.homeDir = options.homeDir;
    this.isAgent = options.isAgent ?? (() => true);
    this.warn = options.warn ?? ((message) => process.stderr.write(`${message}\n`));
    this.unsubscribe = this.events.subscribe((name, payload) => this.follow(name, payload));
  }

  /** Opens the threads of `configFile` (after writing what the previous configuration still had to write). */
  async open(configFile: string): Promise<void> {
    await this.flush();
    const store = new ThreadStore(this.homeDir, configFile);
    const restored = await store.restore();
    this.store = store;
    this.saves = this.newSaveQueue();
    this.records = new Map(restored.headers.map((header) => [header.id, recordOf(header)]));
    this.damaged = restored.damaged;
    this.currentIds = new Map(Object.entries(restored.current).filter(([agent, id]) => this.records.get(id)?.agent === agent));
    this.emitWaiting();
  }

  /** The agent's current thread: the one last opened, else the most recent, else a new empty one. */
  current(agent: string): ThreadRecord {
    const chosen = this.records.get(this.currentIds.get(agent) ?? "");
    if (chosen && !chosen.deleted) return chosen;
    const recent = this.threadsOf(agent)[0];
    if (recent) {
      this.currentIds.set(agent, recent.id);
      return recent;
    }
    return this.create(agent);
  }

  currentId(agent: string): string {
    return this.current(agent).id;
  }

  get(agent: string, id: string): ThreadRecord {
    const record = this.records.get(id);
    if (!record || record.agent !== agent || record.deleted) throw new ChatError(t("unknownThread", { id, agent }), 404);
    return record;
  }

  /** The thread's conversation, read from its file the first time (a file damaged since is named in the error). */
  conversation(record: ThreadRecord): AgentConversation {
    if (record.conversation) return record.conversation;
    let restored;
    if (record.saved && this.store) {
      const read = this.store.readSync(record.id);
      if (!read.ok) {
        this.records.delete(record.id);
        this.damaged.push({ file: this.store.fileOf(record.id), problem: read.problem });
        if (this.currentIds.get(record.agent) === record.id) this.currentIds.delete(record.agent);
        this.emitThread(record.agent, record.id, undefined);
        throw new ChatError(t("damagedNow", { file: this.store.fileOf(record.id), problem: read.problem }), 409);
      }
      restored = { messages: read.thread.messages, usage: read.thread.usage, sessionId: read.thread.sessionId };
    } else restored = { messages: [], usage: record.usage, sessionId: record.sessionId };
    record.conversation = new AgentConversation(record.agent, record.id, this.events, restored);
    return record.conversation;
  }

  /** A new thread of `agent`, current from now on. */
  create(agent: string, fields: { sessionId?: string; title?: string } = {}): ThreadRecord {
    const now = new Date().toISOString();
    const record: ThreadRecord = {
      id: randomUUID(),
      agent,
      title: fields.title ?? "",
      titleSet: false,
      createdAt: now,
      updatedAt: now,
      unread: false,
      messageCount: 0,
      sessionId: fields.sessionId ?? "",
      usage: { used: 0, size: 0 },
      asking: new Set(),
      saved: false,
      deleted: false,
    };
    this.records.set(record.id, record);
    this.setCurrent(record);
    return record;
  }

  /** Makes the thread current (and lets go of the messages of the one it replaces, if nothing holds them). */
  setCurrent(record: ThreadRecord): void {
    const previous = this.records.get(this.currentIds.get(record.agent) ?? "");
    this.currentIds.set(record.agent, record.id);
    if (previous && previous !== record) this.unloadIfIdle(previous);
    this.saveState();
    this.emitThread(record.agent, record.id, record);
  }

  markRead(record: ThreadRecord): void {
    if (!record.unread) return;
    record.unread = false;
    this.changed(record, SAVE_SOON_MS);
  }

  rename(record: ThreadRecord, title: string): void {
    const trimmed = title.trim();
    record.titleSet = trimmed !== "";
    record.title = trimmed !== "" ? trimmed : titleFrom(record.conversation?.messagesNow() ?? []);
    this.changed(record, SAVE_SOON_MS);
  }

  /** Removes the thread and its file; the agent's current thread becomes the most recent other one. */
  async delete(record: ThreadRecord): Promise<void> {
    record.deleted = true;
    record.conversation?.forget();
    this.records.delete(record.id);
    this.saves.cancel(record.id);
    if (this.currentIds.get(record.agent) === record.id) this.currentIds.delete(record.agent);
    // Chosen (or made) before the event, which names the agent's current thread after the change.
    this.current(record.agent);
    this.saveState();
    this.emitThread(record.agent, record.id, undefined);
    this.emitWaiting();
    if (record.saved) await this.store?.remove(record.id);
  }

  /** `ThreadService.List(agent)`. */
  list(agent: string): ThreadList {
    const current = this.current(agent);
    return { threads: this.threadsOf(agent).map((record) => this.info(record)), current: current.id, damaged: [...this.damaged] };
  }

  /** The conversations opened, of one agent or of all. */
  *loaded(agent?: string): Iterable<AgentConversation> {
    for (const record of this.records.values()) {
      if (record.conversation && (agent === undefined || record.agent === agent)) yield record.conversation;
    }
  }

  /** The opened thread whose ACP session this is. */
  bySession(agent: string, sessionId: string): AgentConversation | undefined {
    for (const conversation of this.loaded(agent)) if (conversation.session?.sessionId === sessionId) return conversation;
    return undefined;
  }

  /** The thread (opened or not) that holds the agent's session `sessionId`. */
  holding(agent: string, sessionId: string): ThreadRecord | undefined {
    return this.threadsOf(agent).find((record) => (record.conversation?.sessionId ?? record.sessionId) === sessionId);
  }

  info(record: ThreadRecord): ThreadInfo {
    const conversation = record.conversation;
    return {
      id: record.id,
      agent: record.agent,
      title: record.title,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt,
      messages: conversation?.messages.length ?? record.messageCount,
      busy: conversation?.busy ?? false,
      asking: record.asking.size > 0,
      unread: record.unread,
      sessionId: conversation?.sessionId ?? record.sessionId,
    };
  }

  /**
   * `ThreadService.Waiting()`: permission requests first, then turns that ended unread, newest first; only for
   * agents of the configuration in force (the threads of an agent removed from it wait for nobody).
   */
  waiting(): WaitingEntry[] {
    const records = [...this.records.values()].filter((record) => this.isAgent(record.agent)).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
    return [
      ...records.filter((record) => record.asking.size > 0).map((record) => this.entry(record, "permission")),
      ...records.filter((record) => record.unread && record.asking.size === 0).map((record) => this.entry(record, "unread")),
    ];
  }

  /** Writes everything still to write (the hub closing). */
  async flush(): Promise<void> {
    await Promise.all([this.saves.flush(), this.stateWrites]);
  }

  close(): void {
    this.unsubscribe();
  }

  // ── Following the chat ────────────────────────────────────────────────────────────────────────────────────

  private follow<E extends HubEventName>(name: E, payload: HubEvents[E]): void {
    switch (name) {
      case "config:changed":
        // Agents may have come or gone: what waits is theirs only.
        this.emitWaiting();
        return;
      case "message:updated": {
        const { thread, message } = payload as HubEvents["message:updated"];
        const record = this.records.get(thread);
        if (!record) return;
        record.updatedAt = new Date().toISOString();
        if (message.role === "agent" && message.done && record.conversation?.replay === undefined) record.unread = true;
        this.changed(record, SAVE_SOON_MS);
        return;
      }
      case "message:delta":
      case "usage:changed": {
        const record = this.records.get((payload as HubEvents["usage:changed"]).thread);
        if (record?.saved || record?.conversation?.messages.length) this.saves.schedule(record.id, SAVE_STREAMING_MS);
        return;
      }
      case "turn:changed": {
        const record = this.records.get((payload as HubEvents["turn:changed"]).thread);
        if (record) this.changed(record, SAVE_SOON_MS);
        return;
      }
      case "permission:requested":
      case "permission:resolved": {
        const { id, thread } = payload as HubEvents["permission:resolved"];
        const record = this.records.get(thread);
        if (!record) return;
        if (name === "permission:requested") record.asking.add(id);
        else record.asking.delete(id);
        this.emitThread(record.agent, record.id, record);
        this.emitWaiting();
        return;
      }
      default:
        return;
    }
  }

  private changed(record: ThreadRecord, saveWithinMs: number): void {
    if (record.deleted) return;
    if (record.conversation) record.messageCount = record.conversation.messages.length;
    // Named after its first request as soon as that has words (an imported one gets them chunk by chunk).
    if (!record.titleSet && record.title === "" && record.conversation) record.title = titleFrom(record.conversation.messagesNow());
    if (record.messageCount > 0 || record.titleSet || record.saved) this.saves.schedule(record.id, saveWithinMs);
    this.emitThread(record.agent, record.id, record);
    this.emitWaiting();
  }

  private emitThread(agent: string, thread: string, record: ThreadRecord | undefined): void {
    const current = this.currentIds.get(agent) ?? "";
    this.events.emit("thread:changed", record ? { agent, thread, info: this.info(record), current } : { agent, thread, current });
  }

  private emitWaiting(): void {
    const waiting = this.waiting();
    const text = JSON.stringify(waiting);
    if (text === this.lastWaiting) return;
    this.lastWaiting = text;
    this.events.emit("waiting:changed", { waiting });
  }

  private entry(record: ThreadRecord, reason: WaitingEntry["reason"]): WaitingEntry {
    return { agent: record.agent, thread: record.id, title: record.title, reason };
  }

  /** An agent's threads, most recent activity first. */
  private threadsOf(agent: string): ThreadRecord[] {
    return [...this.records.values()].filter((record) => record.agent === agent && !record.deleted).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.createdAt.localeCompare(a.createdAt));
  }

  /**
   * A thread that is no longer current lets go of its messages (read again when opened) unless something still
   * needs them in memory: a turn or a queue, a permission request, a write to come, or a session still open on a
   * running agent (opening it again would load the session anew).
   */
  private unloadIfIdle(record: ThreadRecord): void {
    const conversation = record.conversation;
    if (!conversation || conversation.busy || conversation.queued > 0 || record.asking.size > 0 || !record.saved) return;
    if (this.saves.pending(record.id)) return;
    if (conversation.session && !conversation.session.connection.signal.aborted) return;
    record.messageCount = conversation.messages.length;
    record.sessionId = conversation.sessionId;
    record.usage = conversation.usage;
    record.conversation = undefined;
  }

  private saveState(): void {
    const store = this.store;
    if (!store) return;
    const current = Object.fromEntries(this.currentIds);
    this.stateWrites = this.stateWrites
      .then(() => store.writeState(current))
      .catch((error: unknown) => this.warn(t("stateWriteFailed", { cause: String(error) })));
  }

  private newSaveQueue(): SaveQueue {
    return new SaveQueue(async (id) => {
      const record = this.records.get(id);
      const store = this.store;
      if (!record || record.deleted || !store) return;
      const file = fileOf(record, () => this.messagesOnDisk(record));
      try {
        record.saved = true;
        await store.write(file);
      } catch (error) {
        this.warn(t("writeFailed", { file: store.fileOf(id), cause: error instanceof Error ? error.message : String(error) }));
      }
    });
  }

  private messagesOnDisk(record: ThreadRecord): ThreadFile["messages"] {
    const read = record.saved ? this.store?.readSync(record.id) : undefined;
    return read?.ok ? read.thread.messages : [];
  }
}
