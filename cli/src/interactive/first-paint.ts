import { bannerVariant } from "../ui/banner-model.ts";
import type { ColorLevel } from "./banner-art.ts";
import { earlyKitAt, terminalColorLevel } from "./early-kit.ts";
import { styled } from "./early-styles.ts";
import { t as uiT } from "../ui/messages.ts";
import { t as cliT } from "../messages.ts";

/**
 * The start-up banner (seed § 15.4) written straight to the terminal, before Ink is even loaded (issue 22).
 *
 * Through Ink, the banner was a third of the CPU spent before the input box: hundreds of coloured cells, each one
 * measured with string-width (ICU segmentation of the half blocks), laid out by Yoga, then tokenised again cell by
 * cell to build the frame. It is <Static> output, written once and never redrawn, so writing the same lines here
 * gives the same screen: Ink then draws its first frame under them. The layout is Ink's for the "full" and
 * "medium" variants (banner.tsx: the mask, two columns of margin, the title column with its top margin, texts
 * wrapped as Ink wraps them, the launch folder, one blank line); anything this does not lay out exactly (the
 * compact variant, a title that would be truncated, a word wider than its column, characters of another width)
 * returns undefined and the banner goes through Ink as before. `level` is the colour level to write with (chalk's,
 * from the terminal and FORCE_COLOR, unless given).
 */
export function bannerText(cwd: string, columns: number, level: ColorLevel = terminalColorLevel()): string | undefined {
  const width = Math.max(10, columns); // App's width (app.tsx)
  const variant = bannerVariant(width);
  if (variant === "compact") return undefined;
  const column = variant === "full" ? width - 34 : width;
  const { art, styles } = earlyKitAt(level);
  const { mask, title } = art;
  if (title.widths.some((titleWidth) => titleWidth > column)) return undefined; // Ink would truncate it with an ellipsis
  const tagline = wrapped(uiT("bannerTagline"), column);
  const motto = wrapped(uiT("bannerMotto"), column);
  const folder = wrapped(cliT("launchFolder", { path: cwd }), width);
  if (!tagline || !motto || !folder) return undefined;
  const texts = [...title.rows, " ", ...tagline.map((row) => styled(styles, "green", row.trimEnd())), ...motto.map((row) => styled(styles, "pink", row.trimEnd()))];
  const rows: string[] = [];
  if (variant === "full") {
    const top = 3; // marginTop of the title column
    const height = Math.max(mask.rows.length, top + texts.length);
    for (let row = 0; row < height; row += 1) {
      const left = mask.rows[row] ?? "";
      const text = texts[row - top];
      rows.push(text === undefined ? left : `${left}${" ".repeat(32 - (mask.widths[row] ?? 0) + 2)}${text}`);
    }
  } else {
    rows.push(...texts);
  }
  rows.push(...folder.map((row) => styled(styles, "dim", row.trimEnd())), "");
  // Ink trims the end of every line of its frame.
  return `${rows.map((row) => row.trimEnd()).join("\n")}\n`;
}

/** Writes the banner to a terminal; false when it must go through Ink (see bannerText). */
export function paintBanner(stdout: NodeJS.WriteStream, cwd: string): boolean {
  const text = bannerText(cwd, stdout.columns ?? 80);
  if (text === undefined) return false;
  stdout.write(text);
  return true;
}

// Characters one column wide whatever the terminal (ASCII, Latin, the general punctuation French uses):
// for these a character is a column, so wrapping needs no string-width.
const SINGLE_WIDTH = /^[\u0020-\u007e\u00a0-\u024f\u2010-\u2027\u202f]*$/;

/**
 * `text` wrapped to `columns` as Ink wraps a <Text> (wrap-ansi with trim: false, hard: true): words go on while
 * they fit, the space before a word that does not fit stays at the end of its row (trimmed when written), a
 * row exactly full puts that space at the start of the next. Undefined for what this does not wrap exactly: a word
 * wider than the column (hard wrapping) or characters that are not one column wide.
 */
export function wrapped(text: string, columns: number): string[] | undefined {
  if (!SINGLE_WIDTH.test(text)) return undefined;
  const rows = [""];
  let length = 0;
  for (const [index, word] of text.split(" ").entries()) {
    if (word.length > columns) return undefined;
    if (index > 0) {
      if (length >= columns) {
        rows.push("");
        length = 0;
      }
      rows[rows.length - 1] += " ";
      length += 1;
    }
    if (length + word.length > columns && length > 0 && word.length > 0) {
      rows.push("");
      length = 0;
    }
    rows[rows.length - 1] += word;
    length += word.length;
  }
  return rows;
}
