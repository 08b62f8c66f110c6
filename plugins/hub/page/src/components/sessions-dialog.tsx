import { useEffect, useState } from "react";
import type { AgentSessions } from "../../../src/protocol.ts";
import { call, errorMessage } from "../api.ts";
import { useT } from "../i18n/locale-context.ts";
import { Modal } from "./modal.tsx";
import { RelativeTime } from "./relative-time.tsx";

/** The agent's own sessions (ACP `session/list`); opening one makes it a thread (`session/load` replays it). */
export function SessionsDialog({ agent, title, onClose }: { agent: string; title: string; onClose: () => void }) {
  const t = useT();
  const [sessions, setSessions] = useState<AgentSessions | undefined>(undefined);
  const [error, setError] = useState("");
  const [opening, setOpening] = useState("");

  useEffect(() => {
    let live = true;
    call("ThreadService", "Sessions", agent).then(
      (answer) => live && setSessions(answer),
      (failure: unknown) => live && setError(errorMessage(failure)),
    );
    return () => {
      live = false;
    };
  }, [agent]);

  const open = async (sessionId: string): Promise<void> => {
    setOpening(sessionId);
    setError("");
    try {
      await call("ThreadService", "Import", agent, sessionId);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setOpening("");
    }
  };

  return (
    <Modal open title={t("threads.sessionsTitle", { title })} testId="sessions-dialog" onCancel={onClose} className="sessions-dialog">
      <p className="muted">{t("threads.sessionsIntro", { title })}</p>
      {error ? (
        <p className="notice notice-danger" role="alert">
          {error}
        </p>
      ) : null}
      {sessions === undefined && !error ? <p className="muted">{t("threads.sessionsLoading", { title })}</p> : null}
      {sessions && !sessions.supported ? <p className="muted">{t("threads.sessionsUnsupported", { title })}</p> : null}
      {sessions?.supported && sessions.sessions.length === 0 ? <p className="muted">{t("threads.sessionsNone", { title })}</p> : null}
      {sessions?.supported && sessions.sessions.length > 0 ? (
        <ul className="session-list">
          {sessions.sessions.map((session) => (
            <li key={session.sessionId} className="session-entry" data-testid="session-entry" data-session-id={session.sessionId}>
              <span className="session-title">{session.title || session.sessionId}</span>
              {session.updatedAt ? <RelativeTime iso={session.updatedAt} /> : null}
              <button type="button" className="button small-button" data-testid="session-open" disabled={opening !== ""} onClick={() => void open(session.sessionId)}>
                {session.thread ? t("threads.sessionsOpened") : t("threads.sessionsOpen")}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="modal-actions">
        <button type="button" className="button" onClick={onClose}>
          {t("addAgent.close")}
        </button>
      </div>
    </Modal>
  );
}
