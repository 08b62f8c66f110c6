import { MASK_HEIGHT, MASK_ROWS, MASK_WIDTH } from "./mask-data.ts";
import { textPixels } from "./pixel-font.ts";

/**
 * The banner of seed § 15.4 as coloured text segments, without React: the 32 × 32 mask in half blocks (32 columns
 * × 16 lines, true colours as drawn), and the title in the 5 × 7 pixel font with a shadow and a rainbow gradient.
 */
export interface Segment {
  text: string;
  color?: string;
  backgroundColor?: string;
}

export type Line = Segment[];

export type BannerVariant = "full" | "medium" | "compact";

/** Seed § 23: the full banner (mask + title) from 58 columns; the title alone from 25; a small frame below. */
export const FULL_BANNER_MIN_WIDTH = 58;
export const MEDIUM_BANNER_MIN_WIDTH = 25;
const SHADOW = "#3b3552";

export function bannerVariant(columns: number): BannerVariant {
  if (columns >= FULL_BANNER_MIN_WIDTH) return "full";
  if (columns >= MEDIUM_BANNER_MIN_WIDTH) return "medium";
  return "compact";
}

/** A pixel's colour as #rrggbb, or undefined where the image is transparent. */
export function maskPixel(x: number, y: number): string | undefined {
  const hex = MASK_ROWS[y]?.slice(x * 8, x * 8 + 8);
  if (!hex || hex.length < 8) return undefined;
  const alpha = Number.parseInt(hex.slice(6, 8), 16);
  return alpha < 128 ? undefined : `#${hex.slice(0, 6)}`;
}

/**
 * Two pixel rows per text line: `▀` takes the upper pixel's colour as foreground and the lower one's as
 * background, `▄` only the lower, `█` both when they are the same, a space when both are transparent.
 */
export function halfBlockLines(width: number, height: number, colorAt: (x: number, y: number) => string | undefined): Line[] {
  const lines: Line[] = [];
  for (let y = 0; y < height; y += 2) {
    const cells: Segment[] = [];
    for (let x = 0; x < width; x += 1) {
      const top = colorAt(x, y);
      const bottom = y + 1 < height ? colorAt(x, y + 1) : undefined;
      if (top === undefined && bottom === undefined) cells.push({ text: " " });
      else if (top === undefined) cells.push({ text: "▄", color: bottom });
      else if (bottom === undefined) cells.push({ text: "▀", color: top });
      else if (top === bottom) cells.push({ text: "█", color: top });
      else cells.push({ text: "▀", color: top, backgroundColor: bottom });
    }
    lines.push(mergeSegments(cells));
  }
  return lines;
}

export function maskLines(): Line[] {
  return halfBlockLines(MASK_WIDTH, MASK_HEIGHT, maskPixel);
}

/** The title: letters in a rainbow from left to right, a shadow one pixel down and right. */
export function titleLines(text = "Maia"): Line[] {
  const pixels = textPixels(text);
  const height = pixels.length + 1;
  const width = (pixels[0]?.length ?? 0) + 1;
  const ink = (x: number, y: number) => pixels[y]?.[x] === true;
  return halfBlockLines(width, height, (x, y) => {
    if (ink(x, y)) return rainbow(x / Math.max(1, width - 2));
    if (ink(x - 1, y - 1)) return SHADOW;
    return undefined;
  });
}

/** Red to violet along the title (hue 0° → 290°), bright enough on dark and light backgrounds. */
export function rainbow(position: number): string {
  return hslToHex(Math.max(0, Math.min(1, position)) * 290, 0.85, 0.62);
}

function hslToHex(hue: number, saturation: number, lightness: number): string {
  const chroma = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const sector = hue / 60;
  const x = chroma * (1 - Math.abs((sector % 2) - 1));
  const [r, g, b] =
    sector < 1 ? [chroma, x, 0] : sector < 2 ? [x, chroma, 0] : sector < 3 ? [0, chroma, x] : sector < 4 ? [0, x, chroma] : sector < 5 ? [x, 0, chroma] : [chroma, 0, x];
  const m = lightness - chroma / 2;
  return `#${[r, g, b].map((value) => Math.round((value + m) * 255).toString(16).padStart(2, "0")).join("")}`;
}

/** Neighbouring cells of the same colours become one segment (fewer Ink nodes, same output). */
function mergeSegments(cells: Segment[]): Line {
  const merged: Segment[] = [];
  for (const cell of cells) {
    const last = merged.at(-1);
    if (last && last.color === cell.color && last.backgroundColor === cell.backgroundColor) last.text += cell.text;
    else merged.push({ ...cell });
  }
  return merged;
}

/** The visible width of a line. */
export function lineWidth(line: Line): number {
  return line.reduce((sum, segment) => sum + [...segment.text].length, 0);
}
