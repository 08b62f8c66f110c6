import type { ImageMediaType } from "@maia/kernel";
import { classifyBytes } from "@maia/util";

/** The formats MAIA sends, by the name util's classifyBytes gives them. */
const MEDIA_TYPES: Readonly<Record<string, ImageMediaType>> = { PNG: "image/png", JPEG: "image/jpeg", GIF: "image/gif", WebP: "image/webp" };

/** The file extension an image is stored under in a session's image folder. */
export const EXTENSIONS: Readonly<Record<ImageMediaType, string>> = { "image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp" };

export type Identified =
  | { kind: "image"; mediaType: ImageMediaType; format: string; width: number; height: number }
  /** An image in a format no vision API takes (BMP, TIFF, HEIC…). */
  | { kind: "unsupported"; format: string }
  /** A supported format whose size the header does not give (cut or damaged). */
  | { kind: "no_dimensions"; format: string }
  | { kind: "not_image" };

/** What the bytes are, from their header alone (the whole file is given: a JPEG's size may come after its EXIF). */
export function identifyImage(bytes: Uint8Array): Identified {
  const kind = classifyBytes(bytes);
  if (kind.kind !== "image") return { kind: "not_image" };
  const mediaType = MEDIA_TYPES[kind.format];
  if (mediaType === undefined) return { kind: "unsupported", format: kind.format };
  const { width, height } = kind;
  if (width === undefined || height === undefined || !(width > 0) || !(height > 0)) return { kind: "no_dimensions", format: kind.format };
  return { kind: "image", mediaType, format: kind.format, width, height };
}

/** True when a path's extension is one of an image MAIA sends (a pasted path, `@shot.png` before it is read). */
export function hasImageExtension(path: string): boolean {
  return /\.(png|jpe?g|gif|webp)$/i.test(path);
}
