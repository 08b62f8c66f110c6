import { useEffect, useRef, useState } from "react";
import type { PromptCapabilities, PromptImage } from "../../../src/protocol.ts";
import { formatBytes } from "../chat/mentions.ts";
import { imageFiles, readImage } from "../chat/read-image.ts";
import { useT } from "../i18n/locale-context.ts";

/** The largest image the box takes: its base64 must fit in the hub's 4 MiB request body with the rest. */
export const MAX_IMAGE_BYTES = 3 * 1024 * 1024;

export interface Attachments {
  images: PromptImage[];
  /** Why the last paste or drop was refused, or "". */
  refusal: string;
  /** Attaches the images among `files` (from a paste or a drop); true when there were images. */
  add(files: FileList | null | undefined): boolean;
  remove(index: number): void;
  clear(): void;
  dismiss(): void;
}

/** What an agent said of images when it started: until then it is not known, and an image is taken. */
const refusesImages = (capabilities: PromptCapabilities): boolean => capabilities.known && !capabilities.image;

/**
 * Images pasted or dropped in the message box, for ACP image content: refused at once, with a clear message, for
 * an agent known not to take images, and above 3 MB. One taken while the agent was starting (what it takes not
 * known yet) is removed, with the same message, as soon as the agent says it takes none.
 */
export function useAttachments(title: string, capabilities: PromptCapabilities): Attachments {
  const t = useT();
  const [images, setImages] = useState<PromptImage[]>([]);
  const [refusal, setRefusal] = useState("");
  // An image is read asynchronously: it joins the box only if the agent still takes images then.
  const latest = useRef(capabilities);
  latest.current = capabilities;
  const refuses = refusesImages(capabilities);
  useEffect(() => {
    if (!refuses || images.length === 0) return;
    setImages([]);
    setRefusal(t("attach.refused", { title }));
  }, [refuses, images.length]);
  return {
    images,
    refusal,
    add(files) {
      const found = imageFiles(files);
      if (found.length === 0) return false;
      setRefusal("");
      if (refuses) {
        setRefusal(t("attach.refused", { title }));
        return true;
      }
      for (const file of found) {
        if (file.size > MAX_IMAGE_BYTES) {
          setRefusal(t("attach.tooLarge", { name: file.name || file.type, size: formatBytes(file.size) }));
          continue;
        }
        readImage(file).then(
          (image) => (refusesImages(latest.current) ? setRefusal(t("attach.refused", { title })) : setImages((now) => [...now, image])),
          () => setRefusal(t("attach.unreadable", { name: file.name || file.type })),
        );
      }
      return true;
    },
    remove: (index) => setImages((now) => now.filter((_, at) => at !== index)),
    clear: () => setImages([]),
    dismiss: () => setRefusal(""),
  };
}
