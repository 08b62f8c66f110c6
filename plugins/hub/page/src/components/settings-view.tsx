import { useEffect, useRef, useState } from "react";
import type { ConfigCurrent } from "../../../src/protocol.ts";
import { call, errorMessage } from "../api.ts";
import type { ConfigEditorHandle } from "../editor/create-editor.ts";
import { useConfigDocument } from "../hooks/use-config-document.ts";
import { useT } from "../i18n/locale-context.ts";
import { ConfigEditor } from "./config-editor.tsx";
import { ConfigSummary } from "./config-summary.tsx";
import { ConfirmOpenDialog } from "./confirm-open-dialog.tsx";
import { OpenConfig } from "./open-config.tsx";
import { ProblemsList } from "./problems-list.tsx";

export function SettingsView({
  current,
  dark,
  onOpened,
}: {
  current: ConfigCurrent | undefined;
  dark: boolean;
  onOpened: (current: ConfigCurrent) => void;
}) {
  const t = useT();
  const editor = useRef<ConfigEditorHandle | null>(null);
  const doc = useConfigDocument(editor);
  const [confirmPath, setConfirmPath] = useState<string | undefined>(undefined);
  const [openError, setOpenError] = useState("");
  const canSave = doc.dirty && doc.valid && !doc.saving;

  // Leaving the page would lose the edits: the browser asks first.
  useEffect(() => {
    if (!doc.dirty) return;
    const warn = (event: BeforeUnloadEvent): void => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [doc.dirty]);

  const open = async (path: string): Promise<void> => {
    setConfirmPath(undefined);
    setOpenError("");
    try {
      onOpened(await call("ConfigService", "Open", path));
      await doc.load(true);
    } catch (failure) {
      setOpenError(errorMessage(failure));
    }
  };

  return (
    <section className="panel settings" aria-labelledby="settings-heading" data-testid="settings-view">
      <header className="panel-header">
        <h2 id="settings-heading">{t("settings.heading")}</h2>
      </header>
      {current ? <ConfigSummary current={current} /> : null}

      {doc.diskChanged ? (
        <div className="notice notice-warning notice-row" role="status" data-testid="disk-changed">
          <span>{t("settings.diskChanged")}</span>
          <button type="button" className="button" onClick={() => void doc.load(true)}>
            {t("settings.reloadFromDisk")}
          </button>
        </div>
      ) : null}

      <div className="editor-toolbar">
        <span className="muted" aria-live="polite">
          {doc.saving ? t("settings.saving") : doc.dirty ? t("settings.unsaved") : doc.saved ? t("settings.saved") : ""}
        </span>
        <span className="spacer" />
        <button type="button" className="button" disabled={!doc.dirty} onClick={() => void doc.load(true)}>
          {t("settings.revert")}
        </button>
        <button
          type="button"
          className="button button-primary"
          data-testid="save-config"
          disabled={!canSave}
          onClick={() => void doc.save()}
        >
          {t("settings.save")}
        </button>
      </div>

      {doc.baseline === undefined ? (
        <div className="config-editor config-editor-loading muted">{doc.error || t("loading")}</div>
      ) : (
        <ConfigEditor
          ref={editor}
          initialText={doc.baseline}
          dark={dark}
          onChange={doc.setText}
          onSave={() => canSave && void doc.save()}
        />
      )}
      {doc.error && doc.baseline !== undefined ? (
        <p className="notice notice-danger" role="alert">
          {t("settings.saveFailed")} {doc.error}
        </p>
      ) : null}

      <ProblemsList
        problems={doc.problems}
        warnings={doc.warnings}
        checking={doc.checking}
        onGoTo={(problem) => editor.current?.goTo(problem.line, problem.column)}
      />

      <OpenConfig
        currentPath={current?.path ?? ""}
        error={openError}
        onOpen={(path) => {
          setOpenError("");
          setConfirmPath(path);
        }}
      />
      <ConfirmOpenDialog
        path={confirmPath}
        unsaved={doc.dirty}
        onCancel={() => setConfirmPath(undefined)}
        onConfirm={(path) => void open(path)}
      />
    </section>
  );
}
