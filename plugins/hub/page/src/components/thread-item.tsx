import { useState, type KeyboardEvent } from "react";
import type { ThreadInfo } from "../../../src/protocol.ts";
import { call, errorMessage } from "../api.ts";
import { useT } from "../i18n/locale-context.ts";
import { Modal } from "./modal.tsx";
import { RelativeTime } from "./relative-time.tsx";

/** One thread in the list: its title (renamed in place), last activity, what it is doing, and Delete (asked first). */
export function ThreadItem({ thread, current, onError }: { thread: ThreadInfo; current: boolean; onError: (message: string) => void }) {
  const t = useT();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState("");
  const [confirming, setConfirming] = useState(false);
  const title = thread.title || t("threads.untitled");

  const attempt = async (action: () => Promise<unknown>): Promise<void> => {
    try {
      await action();
    } catch (failure) {
      onError(errorMessage(failure));
    }
  };
  const open = () => void attempt(() => call("ThreadService", "Open", thread.agent, thread.id));
  const rename = async (): Promise<void> => {
    setRenaming(false);
    if (name.trim() !== thread.title) await attempt(() => call("ThreadService", "Rename", thread.agent, thread.id, name));
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>): void => {
    if (event.key === "Enter") void rename();
    if (event.key === "Escape") {
      event.preventDefault();
      setRenaming(false);
    }
  };

  return (
    <li
      className={`thread-item${current ? " is-current" : ""}`}
      data-testid="thread-item"
      data-thread-id={thread.id}
      data-current={current}
      data-busy={thread.busy}
      data-unread={thread.unread}
      data-asking={thread.asking}
    >
      {renaming ? (
        <input
          className="input thread-rename"
          data-testid="thread-rename-input"
          aria-label={t("threads.renameInput")}
          value={name}
          autoFocus
          maxLength={200}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={onKey}
          onBlur={() => void rename()}
        />
      ) : (
        <button type="button" className="thread-open" data-testid="thread-open" aria-current={current ? "true" : undefined} onClick={open} onDoubleClick={() => (setName(thread.title), setRenaming(true))}>
          <span className="thread-title">{title}</span>
          <span className="thread-meta">
            <RelativeTime iso={thread.updatedAt} />
            {thread.busy ? <span className="thread-flag flag-busy">{t("threads.busy")}</span> : null}
            {thread.asking ? <span className="thread-flag flag-asking">{t("threads.asking")}</span> : null}
            {thread.unread && !thread.asking ? <span className="thread-flag flag-unread">{t("threads.unread")}</span> : null}
          </span>
        </button>
      )}
      <span className="thread-actions">
        <button type="button" className="icon-button small" data-testid="thread-rename" aria-label={t("threads.renameLabel", { name: title })} title={t("threads.rename")} onClick={() => (setName(thread.title), setRenaming(true))}>
          <span aria-hidden="true">✎</span>
        </button>
        <button type="button" className="icon-button small" data-testid="thread-delete" aria-label={t("threads.deleteLabel", { name: title })} title={t("threads.delete")} onClick={() => setConfirming(true)}>
          <span aria-hidden="true">×</span>
        </button>
      </span>
      <Modal open={confirming} title={t("threads.deleteTitle")} testId="confirm-delete-thread" onCancel={() => setConfirming(false)}>
        <p>{t("threads.deleteBody", { name: title })}</p>
        {thread.busy ? <p className="text-warning">{t("threads.deleteBusy")}</p> : null}
        <div className="modal-actions">
          <button type="button" className="button" onClick={() => setConfirming(false)} autoFocus>
            {t("cancel")}
          </button>
          <button
            type="button"
            className="button button-danger"
            data-testid="confirm-delete-thread-ok"
            onClick={() => {
              setConfirming(false);
              void attempt(() => call("ThreadService", "Delete", thread.agent, thread.id));
            }}
          >
            {t("threads.deleteOk")}
          </button>
        </div>
      </Modal>
    </li>
  );
}
