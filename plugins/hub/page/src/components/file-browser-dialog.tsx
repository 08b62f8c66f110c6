import { useEffect, useState } from "react";
import type { BrowseResult } from "../../../src/protocol.ts";
import { call, errorMessage } from "../api.ts";
import { useT } from "../i18n/locale-context.ts";
import { FileIcon, FolderIcon } from "./icons.tsx";
import { Modal } from "./modal.tsx";

/**
 * The page's own file dialog (`Choose()` of the seed): a browser cannot show a native dialog that returns a
 * path, so the hub lists folders and `.json` files with `ConfigService.Browse(folder)`. It ends in `onPick(path)`
 * or `onCancel()`.
 */
export function FileBrowserDialog({
  open,
  startFolder,
  onPick,
  onCancel,
}: {
  open: boolean;
  startFolder: string;
  onPick: (path: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  // The folder navigated to; undefined means the start folder ("" asks the hub for the open file's folder).
  const [folder, setFolder] = useState<string | undefined>(undefined);
  const [listing, setListing] = useState<BrowseResult | undefined>(undefined);
  const [error, setError] = useState("");
  const target = folder ?? startFolder;

  // Each opening starts again at the current file's folder.
  useEffect(() => {
    if (open) return;
    setFolder(undefined);
    setListing(undefined);
    setError("");
  }, [open]);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    call("ConfigService", "Browse", target).then(
      (result) => {
        if (cancelled) return;
        setListing(result);
        setError("");
      },
      (failure: unknown) => !cancelled && setError(errorMessage(failure)),
    );
    return () => {
      cancelled = true;
    };
  }, [open, target]);

  return (
    <Modal open={open} title={t("browse.title")} testId="file-dialog" onCancel={onCancel} className="file-dialog">
      <div className="browse-bar">
        <button
          type="button"
          className="icon-button"
          aria-label={t("browse.up")}
          title={t("browse.up")}
          disabled={!listing?.parent}
          onClick={() => listing?.parent && setFolder(listing.parent)}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <span className="path browse-folder" data-testid="browse-folder">
          {listing?.folder ?? target}
        </span>
      </div>
      {error ? (
        <p className="notice notice-danger" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="browse-list" data-testid="browse-list">
        {listing?.entries.map((entry) => (
          <li key={entry.path}>
            <button
              type="button"
              className={`browse-entry browse-${entry.kind}`}
              aria-label={t(entry.kind === "folder" ? "browse.folder" : "browse.file", { name: entry.name })}
              onClick={() => (entry.kind === "folder" ? setFolder(entry.path) : onPick(entry.path))}
            >
              {entry.kind === "folder" ? <FolderIcon /> : <FileIcon />}
              {entry.name}
            </button>
          </li>
        ))}
        {listing && listing.entries.length === 0 ? <li className="muted">{t("browse.empty")}</li> : null}
      </ul>
      <div className="modal-actions">
        <button type="button" className="button" onClick={onCancel}>
          {t("cancel")}
        </button>
      </div>
    </Modal>
  );
}
