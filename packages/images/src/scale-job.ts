// The messages between the main thread and the scaling worker (scale-worker.ts): plain data, copied or transferred.
import type { ImageMediaType } from "@maia/kernel";

export interface ScaleJob {
  bytes: Uint8Array;
  mediaType: ImageMediaType;
  width: number;
  height: number;
  maxSide: number;
  maxBytes: number;
}

export type ScaleAnswer =
  | { ok: true; bytes: Uint8Array; mediaType: ImageMediaType; width: number; height: number }
  | { ok: false; cause: string };

/** The size of an image fit within `maxSide` on its long side (never enlarged, never below 1 pixel). */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}
