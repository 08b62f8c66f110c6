import type { MessagePart } from "../../../src/protocol.ts";
import { base64Bytes, formatBytes } from "../chat/mentions.ts";
import { useT } from "../i18n/locale-context.ts";
import { ImageIcon } from "./icons.tsx";

/**
 * An image of a message (one the user pasted or dropped): named by its type and size. How images are shown —
 * thumbnails that open full size — is the image work's (issue 38), which replaces this component's body.
 */
export function ImagePart({ part }: { part: Extract<MessagePart, { kind: "image" }> }) {
  const t = useT();
  return (
    <p className="image-part" data-testid="image-part" data-mime-type={part.mimeType}>
      <ImageIcon /> {t("image.part", { type: part.mimeType, size: formatBytes(base64Bytes(part.data)) })}
    </p>
  );
}
