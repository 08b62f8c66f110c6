import { useState } from "react";
import { call, errorMessage } from "../api.ts";
import { useThreads } from "../hooks/use-threads.ts";
import { useT } from "../i18n/locale-context.ts";
import { SessionsDialog } from "./sessions-dialog.tsx";
import { ThreadItem } from "./thread-item.tsx";

/**
 * The threads of the chosen agent, beside its conversation: New, the list (newest activity first; a click opens
 * one), the thread files the hub could not read, and the agent's own sessions to open as threads.
 */
export function ThreadList({
  agent,
  title,
  listSessions,
}: {
  agent: string;
  title: string;
  /** The agent lists its sessions, or has not said yet (asking starts it, and then it says). */
  listSessions: boolean;
}) {
  const t = useT();
  const { list, error } = useThreads(agent);
  const [failure, setFailure] = useState("");
  const [sessionsOpen, setSessionsOpen] = useState(false);

  const create = async (): Promise<void> => {
    setFailure("");
    try {
      await call("ThreadService", "New", agent);
    } catch (problem) {
      setFailure(errorMessage(problem));
    }
  };

  return (
    <nav className="thread-list" aria-label={t("threads.label", { title })} data-testid="thread-list">
      <header className="thread-list-header">
        <h3>{t("threads.heading")}</h3>
        <button type="button" className="button small-button" data-testid="thread-new" aria-label={t("threads.newLabel", { title })} onClick={() => void create()}>
          + {t("threads.new")}
        </button>
      </header>
      {error || failure ? (
        <p className="notice notice-danger" role="alert">
          {t("threads.failed")} {failure || error}
        </p>
      ) : null}
      <ul className="threads">
        {(list?.threads ?? []).map((thread) => (
          <ThreadItem key={thread.id} thread={thread} current={thread.id === list?.current} onError={setFailure} />
        ))}
      </ul>
      {list && list.damaged.length > 0 ? (
        <div className="notice notice-warning threads-damaged" data-testid="threads-damaged">
          <p>{t("threads.damaged", { count: list.damaged.length })}</p>
          <ul>
            {list.damaged.map((damaged) => (
              <li key={damaged.file}>
                <span className="path">{damaged.file}</span>: {damaged.problem}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {listSessions ? (
        <button type="button" className="text-button thread-sessions" data-testid="thread-sessions" aria-label={t("threads.sessionsLabel", { title })} onClick={() => setSessionsOpen(true)}>
          {t("threads.sessions")}
        </button>
      ) : null}
      {sessionsOpen ? <SessionsDialog agent={agent} title={title} onClose={() => setSessionsOpen(false)} /> : null}
    </nav>
  );
}
