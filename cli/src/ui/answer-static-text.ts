import { styledCharsFromTokens, styledCharsToString, tokenize, type StyledChar } from "@alcalzone/ansi-tokenize";
import stringWidth from "string-width";
import type { AnswerPart } from "./answer-stream.ts";

// Printable ASCII rows only: Ink writes each as it is, less its trailing spaces.
const PLAIN = /^[\u0020-\u007e\n]*$/;
// eslint-disable-next-line no-control-regex -- SGR sequences (colours, bold…) are what markdansi writes.
const SGR = /\u001b\[[0-9;]*m/g;
// Anything Ink would rewrite before laying the text out (other escape sequences, control characters, tabs) or place
// in a way this file does not (combining marks after a style): such a part is left to Ink.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is matched here.
const LEFT_TO_INK = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]|\p{M}/u;
// Ink's output gives no cell to a character that is invisible on its own.
const IGNORABLE = /^\p{Default_Ignorable_Code_Point}+$/u;

/**
 * What Ink's <Static> writes for a streamed answer's rows (the log's `answer` entry: LogItem, the terminal's width
 * wide), computed without React, Yoga or Ink's cell grid — undefined when the part holds anything this does not
 * reproduce exactly (an escape sequence other than a style, a control character, a combining mark, a row wider
 * than `width`), which then goes through <Static>. The rows come from markdansi at `width` less one column, so
 * nearly every part takes this path; a property test holds it to Ink's own output, byte for byte.
 *
 * This is what Ink does with a <Text> at column 0: the text's styles re-encoded through the same tokenizer
 * (@alcalzone/ansi-tokenize), a style open at the end of a row carried to the next, each row's trailing white
 * space dropped; `gapBefore` and `gapAfter` empty rows around, and the new line that ends <Static> output.
 */
export function answerStaticText(part: AnswerPart, width: number): string | undefined {
  const rows = part.text === "" ? [] : drawnRows(part.text, width);
  if (rows === undefined) return undefined;
  const all = [...Array.from({ length: part.gapBefore }, () => ""), ...rows, ...Array.from({ length: part.gapAfter }, () => "")];
  return all.length === 0 ? "" : `${all.join("\n")}\n`;
}

function drawnRows(text: string, width: number): string[] | undefined {
  if (PLAIN.test(text)) {
    const rows = text.split("\n");
    return rows.some((row) => row.length > width) ? undefined : rows.map((row) => row.trimEnd());
  }
  const visible = text.replace(SGR, "");
  if (LEFT_TO_INK.test(visible) || visible.split("\n").some((row) => stringWidth(row) > width)) return undefined;
  const rows: StyledChar[][] = [[]];
  for (const cell of styledCharsFromTokens(tokenize(text))) {
    if (cell.value === "\n") rows.push([]);
    else if (!IGNORABLE.test(cell.value)) rows.at(-1)?.push(cell);
  }
  return rows.map((row) => styledCharsToString(row).trimEnd());
}
