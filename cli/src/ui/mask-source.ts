import type { RgbaImage } from "./png-codec.ts";

/**
 * The text of cli/src/ui/mask-data.ts for an image: one string per row, 8 hex digits (RRGGBBAA) per pixel.
 * Shared by cli/assets/make-mask-data.ts, which writes it, and the test that checks the file is up to date.
 */
export function maskDataSource(image: RgbaImage, origin: string): string {
  const rows: string[] = [];
  for (let y = 0; y < image.height; y += 1) {
    let row = "";
    for (let x = 0; x < image.width; x += 1) {
      const offset = (y * image.width + x) * 4;
      for (let channel = 0; channel < 4; channel += 1) row += (image.rgba[offset + channel] ?? 0).toString(16).padStart(2, "0");
    }
    rows.push(`  "${row}",`);
  }
  return [
    `// Generated from ${origin} by cli/assets/make-mask-data.ts — do not edit by hand:`,
    "//   node cli/assets/draw-mask.ts && node cli/assets/make-mask-data.ts",
    `export const MASK_WIDTH = ${image.width};`,
    `export const MASK_HEIGHT = ${image.height};`,
    "/** One string per row, 8 hex digits (RRGGBBAA) per pixel. */",
    "export const MASK_ROWS: readonly string[] = [",
    ...rows,
    "];",
    "",
  ].join("\n");
}
