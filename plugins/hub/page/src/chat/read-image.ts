import type { PromptImage } from "../../../src/protocol.ts";

/** The images a paste or a drop carries (files whose type is an image). */
export function imageFiles(list: FileList | null | undefined): File[] {
  return [...(list ?? [])].filter((file) => file.type.startsWith("image/"));
}

/** An image file as ACP image content: base64 bytes and media type. */
export function readImage(file: File): Promise<PromptImage> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      const comma = url.indexOf(",");
      if (comma < 0) reject(new Error("not a data URL"));
      else resolve({ mimeType: file.type, data: url.slice(comma + 1) });
    };
    reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
    reader.readAsDataURL(file);
  });
}
