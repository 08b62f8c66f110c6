/**
 * Text from the model, tools and files goes to a real terminal: control characters in it could move the cursor,
 * clear the screen or change the title. They are removed (tabs become spaces), keeping new lines.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is matched here.
const CONTROL = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-_]?|[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

export function sanitize(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/\t/g, "    ").replace(CONTROL, "");
}

/** Columns a character takes: 2 for East Asian wide characters and most emoji, 0 for combining marks, else 1. */
export function charWidth(codePoint: number): number {
  if (codePoint >= 0x300 && codePoint <= 0x36f) return 0;
  if (codePoint === 0x200b || codePoint === 0x200d || (codePoint >= 0xfe00 && codePoint <= 0xfe0f)) return 0;
  if (
    (codePoint >= 0x1100 && codePoint <= 0x115f) ||
    (codePoint >= 0x2e80 && codePoint <= 0xa4cf) ||
    (codePoint >= 0xac00 && codePoint <= 0xd7a3) ||
    (codePoint >= 0xf900 && codePoint <= 0xfaff) ||
    (codePoint >= 0xfe30 && codePoint <= 0xfe4f) ||
    (codePoint >= 0xff00 && codePoint <= 0xff60) ||
    (codePoint >= 0xffe0 && codePoint <= 0xffe6) ||
    (codePoint >= 0x1f300 && codePoint <= 0x1faff) ||
    (codePoint >= 0x20000 && codePoint <= 0x3fffd)
  ) {
    return 2;
  }
  return 1;
}

export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += charWidth(char.codePointAt(0) ?? 0);
  return width;
}

/**
 * Plain text cut into terminal rows of at most `width` columns (hard wrap, as the terminal itself would), so that
 * the live area can show exactly the last rows that fit.
 */
export function wrapRows(text: string, width: number): string[] {
  const columns = Math.max(1, width);
  const rows: string[] = [];
  for (const line of text.split("\n")) {
    let row = "";
    let used = 0;
    for (const char of line) {
      const w = charWidth(char.codePointAt(0) ?? 0);
      if (used + w > columns) {
        rows.push(row);
        row = "";
        used = 0;
      }
      row += char;
      used += w;
    }
    rows.push(row);
  }
  return rows;
}

/** The last `count` rows of `text` wrapped at `width`, and how many rows came before them. */
export function lastRows(text: string, width: number, count: number): { rows: string[]; hidden: number } {
  // Only the end of a long answer can be on screen: wrapping everything at each frame would cost O(answer).
  const budget = Math.max(1, count) * Math.max(1, width) * 2 + 1;
  const cutAt = text.length > budget ? text.indexOf("\n", text.length - budget) : -1;
  const tail = cutAt === -1 ? text : text.slice(cutAt + 1);
  const skippedLines = cutAt === -1 ? 0 : text.slice(0, cutAt + 1).split("\n").length - 1;
  const rows = wrapRows(tail, width);
  const shown = rows.slice(-Math.max(1, count));
  return { rows: shown, hidden: skippedLines + rows.length - shown.length };
}
