import { useT } from "../i18n/locale-context.ts";
import { Modal } from "./modal.tsx";

/** Opening another configuration stops every agent: the user says yes first. */
export function ConfirmOpenDialog({
  path,
  unsaved,
  onConfirm,
  onCancel,
}: {
  /** The file to open, or undefined when the dialog is closed. */
  path: string | undefined;
  unsaved: boolean;
  onConfirm: (path: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <Modal open={path !== undefined} title={t("open.confirmTitle")} testId="confirm-open" onCancel={onCancel}>
      <p className="path">{path}</p>
      <p>{t("open.confirmBody")}</p>
      {unsaved ? <p className="text-warning">{t("open.confirmUnsaved")}</p> : null}
      <div className="modal-actions">
        <button type="button" className="button" onClick={onCancel} autoFocus>
          {t("cancel")}
        </button>
        <button
          type="button"
          className="button button-danger"
          data-testid="confirm-open-ok"
          onClick={() => path !== undefined && onConfirm(path)}
        >
          {t("open.confirmOk")}
        </button>
      </div>
    </Modal>
  );
}
