import type { PromptImage } from "../../../src/protocol.ts";
import { base64Bytes, formatBytes } from "../chat/mentions.ts";
import { useT } from "../i18n/locale-context.ts";
import { ImageIcon } from "./icons.tsx";

/** The images attached to the message being written, each removable before it is sent. */
export function AttachmentChips({ images, onRemove }: { images: PromptImage[]; onRemove: (index: number) => void }) {
  const t = useT();
  if (images.length === 0) return null;
  return (
    <ul className="attachments" data-testid="attachments">
      {images.map((image, index) => {
        const label = t("attach.image", { index: index + 1, type: image.mimeType, size: formatBytes(base64Bytes(image.data)) });
        return (
          <li key={index} className="attachment" data-testid="attachment">
            <ImageIcon /> {label}
            <button type="button" className="icon-button small" aria-label={t("attach.remove", { name: label })} onClick={() => onRemove(index)}>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
