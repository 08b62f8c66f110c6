import { open, stat } from "node:fs/promises";
import type { ImageBlock } from "@maia/kernel";
import { sha256Hex } from "@maia/util";
import { identifyImage } from "./identify-image.ts";
import { IMAGE_LIMITS, type ImageLimits } from "./limits.ts";
import { formatSize, t } from "./messages.ts";
import { scaleInWorker } from "./scale-in-worker.ts";

/** What the image was before it was scaled down to fit the limits. */
export interface ScaledFrom {
  width: number;
  height: number;
  size: number;
}

export type PreparedImage =
  | { ok: true; image: ImageBlock; scaledFrom?: ScaledFrom }
  /** Why not, in a sentence that names the image (for the user, or for the model as Read's error). */
  | { ok: false; message: string };

/**
 * An image's bytes as they are sent (issue 38): a PNG, JPEG, GIF or WebP within IMAGE_LIMITS goes as it is, without
 * loading anything; a larger one is scaled down in the worker thread (scale-worker.ts) to fit 2,048 pixels and
 * 3.75 MB. `name` is how it is shown and stood in for (`shot.png`).
 */
export async function prepareImage(bytes: Uint8Array, name: string, limits: ImageLimits = IMAGE_LIMITS): Promise<PreparedImage> {
  const found = identifyImage(bytes);
  if (found.kind === "not_image") return { ok: false, message: t("notAnImage", { name }) };
  if (found.kind === "unsupported") return { ok: false, message: t("unsupportedFormat", { name, format: found.format }) };
  if (found.kind === "no_dimensions") return { ok: false, message: t("noDimensions", { name, format: found.format }) };
  const { width, height, mediaType } = found;
  if (width <= limits.maxSide && height <= limits.maxSide && bytes.byteLength <= limits.maxBytes) {
    return { ok: true, image: block(bytes, mediaType, name, width, height) };
  }
  if (width * height > limits.maxPixels) {
    return { ok: false, message: t("tooManyPixels", { name, width, height, limit: Math.round(limits.maxPixels / 1_000_000) }) };
  }
  const answer = await scaleInWorker({ bytes, mediaType, width, height, maxSide: limits.maxSide, maxBytes: limits.maxBytes });
  if (!answer.ok) return { ok: false, message: t("scaleFailed", { name, limit: `${limits.maxSide} px, ${formatSize(limits.maxBytes)}`, cause: answer.cause }) };
  return {
    ok: true,
    image: block(answer.bytes, answer.mediaType, renamed(name, answer.mediaType), answer.width, answer.height),
    scaledFrom: { width, height, size: bytes.byteLength },
  };
}

/**
 * An image file, read and prepared (`@shot.png`, a pasted path, `--image`, Read). `name` is how the file is shown.
 * Never throws.
 */
export async function readImageFile(absolute: string, name: string, limits: ImageLimits = IMAGE_LIMITS): Promise<PreparedImage> {
  try {
    const stats = await stat(absolute);
    if (!stats.isFile()) return { ok: false, message: t("notAFile", { name }) };
    if (stats.size > limits.maxFileBytes) return { ok: false, message: t("fileTooLarge", { name, size: formatSize(stats.size), limit: formatSize(limits.maxFileBytes) }) };
    const handle = await open(absolute, "r");
    let bytes: Uint8Array;
    try {
      bytes = await handle.readFile();
    } finally {
      await handle.close();
    }
    if (bytes.byteLength > limits.maxFileBytes) return { ok: false, message: t("fileTooLarge", { name, size: formatSize(bytes.byteLength), limit: formatSize(limits.maxFileBytes) }) };
    return await prepareImage(bytes, name, limits);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    if (code === "ENOENT" || code === "ENOTDIR") return { ok: false, message: t("notFound", { name }) };
    return { ok: false, message: t("readFailed", { name, cause: code ?? (error instanceof Error ? error.message : String(error)) }) };
  }
}

/** The block of bytes as sent. */
export function block(bytes: Uint8Array, mediaType: ImageBlock["mediaType"], name: string, width: number, height: number): ImageBlock {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
  return { type: "image", mediaType, hash: sha256Hex(bytes), name, width, height, size: bytes.byteLength, data };
}

/** A PNG scaled into a JPEG keeps its name but not a wrong extension: `photo.png` → `photo.jpg`. */
function renamed(name: string, mediaType: ImageBlock["mediaType"]): string {
  if (mediaType !== "image/jpeg" || /\.jpe?g$/i.test(name)) return name;
  return /\.(png|gif|webp)$/i.test(name) ? name.replace(/\.(png|gif|webp)$/i, ".jpg") : name;
}
