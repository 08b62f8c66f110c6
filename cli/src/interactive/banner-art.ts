import { Chalk, type ChalkInstance } from "chalk";
import { lineWidth, maskLines, titleLines, type Line } from "../ui/banner-model.ts";

/** chalk's colour levels: none, 16 colours, 256 colours, true colours. */
export type ColorLevel = 0 | 1 | 2 | 3;

/** Lines of the banner written as terminal text for one colour level, with their widths in columns. */
export interface StyledRows {
  rows: string[];
  widths: number[];
}

/** The banner's two pictures (seed § 15.4): the mask in half blocks and the title in the pixel font. */
export interface BannerArt {
  mask: StyledRows;
  title: StyledRows;
}

/**
 * The pictures for one colour level. They never change (neither the launch folder nor the language is in them),
 * so the build computes them for the four levels (early-kit.ts, src/build/early-kit-inlined.ts) and the early
 * paint only picks one (issue 22: styling hundreds of segments was most of the time spent painting the banner).
 */
export function bannerArt(level: ColorLevel): BannerArt {
  const ink = new Chalk({ level });
  return { mask: styledRows(maskLines(), ink), title: styledRows(titleLines(), ink) };
}

function styledRows(lines: Line[], ink: ChalkInstance): StyledRows {
  // A handful of colours for hundreds of segments: one chalk builder per colour, not per segment.
  const painters = new Map<string, (text: string) => string>();
  const painter = (color: string, layer: "fg" | "bg") => {
    const key = `${layer}${color}`;
    let paint = painters.get(key);
    if (!paint) {
      paint = layer === "fg" ? ink.hex(color) : ink.bgHex(color);
      painters.set(key, paint);
    }
    return paint;
  };
  // Each segment as Ink's <Text color backgroundColor> writes it.
  const styled = (line: Line) =>
    line
      .map(({ text, color, backgroundColor }) => {
        const coloured = color ? painter(color, "fg")(text) : text;
        return backgroundColor ? painter(backgroundColor, "bg")(coloured) : coloured;
      })
      .join("");
  return { rows: lines.map(styled), widths: lines.map(lineWidth) };
}
