import type { AgentSession, ServiceImplementations, ThreadInfo } from "../protocol.ts";
import type { Supervisor } from "../agents/supervisor.ts";
import { ChatError, type ChatService } from "../chat/index.ts";
import { t } from "./messages.ts";
import type { ThreadBook } from "./thread-book.ts";

export interface ThreadServiceDeps {
  book: ThreadBook;
  chat: ChatService;
  supervisor: Pick<Supervisor, "acquire">;
  /** The `cwd` of an agent of the configuration in force; undefined for an agent it does not have. */
  agentCwd(agent: string): string | undefined;
}

/** How many pages of `session/list` are read at most (an agent with thousands of sessions pages them). */
const MAX_SESSION_PAGES = 20;

/** `ThreadService` (ours, docs/hub.md "Threads"): the threads of each agent, and the sessions it keeps itself. */
export function threadService(deps: ThreadServiceDeps): ServiceImplementations["ThreadService"] {
  const { book, chat } = deps;
  const known = (agent: string): void => {
    if (deps.agentCwd(agent) === undefined) throw new ChatError(t("unknownAgent", { name: agent }), 404);
  };
  const info = (agent: string, id: string): ThreadInfo => book.info(book.get(agent, id));

  return {
    List: (agent) => (known(agent), book.list(agent)),
    New: (agent) => {
      known(agent);
      const current = book.current(agent);
      const info = book.info(current);
      // An empty current thread is the new thread already: New twice does not pile up empty threads.
      if (info.messages === 0 && !info.busy) return info;
      return book.info(book.create(agent));
    },
    Open: (agent, id) => {
      known(agent);
      const record = book.get(agent, id);
      book.setCurrent(record);
      book.markRead(record);
      return book.info(record);
    },
    Rename: (agent, id, title) => {
      known(agent);
      book.rename(book.get(agent, id), title);
      return info(agent, id);
    },
    Delete: async (agent, id) => {
      known(agent);
      const record = book.get(agent, id);
      if (record.conversation) chat.cancelThread(record.conversation);
      await book.delete(record);
      return null;
    },
    Sessions: async (agent) => {
      known(agent);
      const lease = await deps.supervisor.acquire(agent);
      try {
        if (lease.initialize.agentCapabilities?.sessionCapabilities?.list == null) return { supported: false, sessions: [] };
        const sessions: AgentSession[] = [];
        let cursor: string | undefined;
        for (let page = 0; page < MAX_SESSION_PAGES; page += 1) {
          const answer = await lease.connection.agent.request("session/list", { cwd: chat.cwdOf(agent), ...(cursor ? { cursor } : {}) });
          for (const session of answer.sessions) {
            sessions.push({
              sessionId: session.sessionId,
              title: session.title ?? "",
              updatedAt: session.updatedAt ?? "",
              cwd: session.cwd,
              thread: book.holding(agent, session.sessionId)?.id ?? "",
            });
          }
          cursor = answer.nextCursor ?? undefined;
          if (!cursor) break;
        }
        return { supported: true, sessions };
      } finally {
        lease.release();
      }
    },
    Import: async (agent, sessionId) => {
      known(agent);
      const held = book.holding(agent, sessionId);
      if (held) {
        book.setCurrent(held);
        return book.info(held);
      }
      const lease = await deps.supervisor.acquire(agent);
      if (lease.initialize.agentCapabilities?.loadSession !== true) {
        lease.release();
        throw new ChatError(t("noSessionLoad", { name: agent }), 400);
      }
      const record = book.create(agent, { sessionId });
      const conversation = book.conversation(record);
      conversation.setBusy(true);
      try {
        await chat.turns.load(conversation, lease, sessionId, "import");
      } catch (error) {
        await book.delete(record);
        throw new ChatError(t("importFailed", { name: agent, id: sessionId, cause: error instanceof Error ? error.message : String(error) }), 400);
      } finally {
        lease.release();
        conversation.setBusy(false);
      }
      // A message sent while the history was coming waited for it.
      if (conversation.queued > 0) void chat.turns.run(conversation);
      return book.info(record);
    },
    Waiting: () => book.waiting(),
  };
}
