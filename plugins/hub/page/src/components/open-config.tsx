import { useEffect, useState } from "react";
import { call } from "../api.ts";
import { useHub } from "../hub-context.ts";
import { useHubEvent } from "../hooks/use-hub-event.ts";
import { useT } from "../i18n/locale-context.ts";
import { FileBrowserDialog } from "./file-browser-dialog.tsx";

/** The folder of a path, for the file dialog's first listing. */
function folderOf(path: string): string {
  const cut = path.replace(/[/\\][^/\\]*$/, "");
  return cut === path ? "" : cut || "/";
}

/** Open by path, from Recent, or with the page's file dialog; every way ends in `onOpen(path)`. */
export function OpenConfig({
  currentPath,
  error,
  onOpen,
}: {
  currentPath: string;
  error: string;
  onOpen: (path: string) => void;
}) {
  const t = useT();
  const { generation } = useHub();
  const [path, setPath] = useState("");
  const [recent, setRecent] = useState<string[]>([]);
  const [choosing, setChoosing] = useState(false);

  const loadRecent = (): void => {
    call("ConfigService", "Recent").then(setRecent, () => undefined);
  };
  useEffect(() => {
    if (generation > 0) loadRecent();
  }, [generation, currentPath]);
  // Opening a file (here or in another page) changes the list.
  useHubEvent("config:changed", loadRecent);

  return (
    <section className="open-config" aria-labelledby="open-heading">
      <h3 id="open-heading">{t("open.heading")}</h3>
      <form
        className="open-form"
        onSubmit={(event) => {
          // Nothing is ever submitted to a URL (CSP form-action 'none'): the form only gives Enter to submit.
          event.preventDefault();
          if (path.trim()) onOpen(path.trim());
        }}
      >
        <input
          type="text"
          className="input path-input"
          data-testid="open-path"
          aria-label={t("open.pathLabel")}
          placeholder={t("open.pathPlaceholder")}
          value={path}
          spellCheck={false}
          onChange={(event) => setPath(event.target.value)}
        />
        <button type="submit" className="button" data-testid="open-config" disabled={!path.trim()}>
          {t("open.open")}
        </button>
        <button type="button" className="button" data-testid="choose-config" onClick={() => setChoosing(true)}>
          {t("open.choose")}
        </button>
      </form>
      {error ? (
        <p className="notice notice-danger" role="alert" data-testid="open-error">
          {t("open.failed")} {error}
        </p>
      ) : null}
      <h4 className="recent-heading">{t("open.recent")}</h4>
      {recent.length === 0 ? (
        <p className="muted">{t("open.recentEmpty")}</p>
      ) : (
        <ul className="recent-list" data-testid="recent-list">
          {recent.map((file) => (
            <li key={file}>
              <button
                type="button"
                className="text-button path"
                aria-current={file === currentPath ? "true" : undefined}
                onClick={() => onOpen(file)}
              >
                {file}
              </button>
            </li>
          ))}
        </ul>
      )}
      <FileBrowserDialog
        open={choosing}
        startFolder={folderOf(currentPath)}
        onCancel={() => setChoosing(false)}
        onPick={(picked) => {
          setChoosing(false);
          onOpen(picked);
        }}
      />
    </section>
  );
}
