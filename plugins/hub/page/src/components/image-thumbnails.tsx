import { useState } from "react";
import type { MessageImage } from "../../../src/protocol.ts";
import { useT } from "../i18n/locale-context.ts";
import { Modal } from "./modal.tsx";

/** An image as the page shows it: a `data:` URL, which the page's CSP allows for images (never for scripts). */
function source(image: MessageImage): string {
  return `data:${image.mimeType};base64,${image.data}`;
}

/**
 * Images of a message or of a tool call (issue 38): small thumbnails in the flow of the conversation; a click opens
 * the image at full size in a modal dialog (Esc or the button closes it).
 */
export function ImageThumbnails({ images }: { images: readonly MessageImage[] }) {
  const t = useT();
  const [open, setOpen] = useState<number | undefined>(undefined);
  const shown = open === undefined ? undefined : images[open];
  if (images.length === 0) return null;
  return (
    <div className="image-thumbnails">
      {images.map((image, index) => (
        <button
          key={index}
          type="button"
          className="image-thumbnail"
          data-testid="image-thumbnail"
          aria-label={t("image.open", { number: index + 1 })}
          onClick={() => setOpen(index)}
        >
          <img src={source(image)} alt={t("image.alt", { number: index + 1 })} loading="lazy" />
        </button>
      ))}
      <Modal open={shown !== undefined} title={t("image.title", { number: (open ?? 0) + 1 })} testId="image-viewer" className="image-viewer" onCancel={() => setOpen(undefined)}>
        {shown ? <img className="image-full" data-testid="image-full" src={source(shown)} alt={t("image.alt", { number: (open ?? 0) + 1 })} /> : null}
        <div className="modal-actions">
          <button type="button" className="button" data-testid="image-close" onClick={() => setOpen(undefined)}>
            {t("image.close")}
          </button>
        </div>
      </Modal>
    </div>
  );
}
