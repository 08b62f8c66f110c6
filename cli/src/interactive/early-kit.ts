import chalk, { Chalk } from "chalk";
import { bannerArt, type BannerArt, type ColorLevel } from "./banner-art.ts";
import { EARLY_STYLES, type EarlyStyle, type StyleCodes } from "./early-styles.ts";

/**
 * What the early paint (first-paint.ts, early-input.ts) draws with, for one colour level: the banner's pictures
 * and the escape codes of its few styles, all as chalk writes them, so that the screen is the one Ink then draws
 * on.
 *
 * From the sources this is computed with chalk. The build computes it once per level and puts the answers in this
 * module's place in dist/early-paint.cjs (src/build/early-kit-inlined.ts), with chalk's own colour detection for
 * terminalColorLevel: the early paint then loads none of chalk's styling, which took longer than the paint itself
 * (issue 22).
 */
export interface EarlyKit {
  art: BannerArt;
  styles: StyleCodes;
}

/** The colour level chalk uses for standard output: what Ink's chalk (the same package) writes with. */
export function terminalColorLevel(): ColorLevel {
  return chalk.level;
}

const kits = new Map<ColorLevel, EarlyKit>();

export function earlyKitAt(level: ColorLevel): EarlyKit {
  let kit = kits.get(level);
  if (!kit) {
    kit = computeEarlyKit(level);
    kits.set(level, kit);
  }
  return kit;
}

/** The kit for one level, computed with chalk: what the build inlines for the four levels. */
export function computeEarlyKit(level: ColorLevel): EarlyKit {
  const ink = new Chalk({ level });
  const painters: Record<EarlyStyle, (text: string) => string> = {
    green: ink.green,
    pink: ink.hex("#FF79C6"),
    dim: ink.dim,
    greenBright: ink.greenBright,
    inverse: ink.inverse,
    gray: ink.gray,
  };
  const styles = Object.fromEntries(EARLY_STYLES.map((style) => [style, codesOf(painters[style])])) as StyleCodes;
  return { art: bannerArt(level), styles };
}

/** The codes a chalk painter puts around a text: what it writes around a marker, split at the marker. */
function codesOf(paint: (text: string) => string): readonly [string, string] {
  const marker = "\u0000";
  const [open = "", close = ""] = paint(marker).split(marker);
  return [open, close];
}
