/**
 * File text on its way to the model (memory files, `@` references, Read, skills) without raw control
 * characters: a NUL or an escape sequence in a file is at best noise, at worst a way to hide text from the user
 * who reads the same bytes in a terminal, and some providers refuse a NUL outright. Each control character other
 * than tab and newline (C0, DEL, C1; a carriage return too, unless it ends a line as CRLF) becomes a visible
 * stand-in of the same length: C0 and DEL their Unicode "control picture" (U+2400–U+2421, so NUL shows as ␀ and
 * ESC as ␛), C1 the replacement character. Same length, so offsets, line numbers and cuts computed on the text
 * stay true, and the model still sees that something was there.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\r(?!\n)/g;

export interface EscapedText {
  text: string;
  /** How many characters were replaced. */
  replaced: number;
}

export function escapeControlChars(text: string): EscapedText {
  let replaced = 0;
  const escaped = text.replace(CONTROL, (char) => {
    replaced += 1;
    return standIn(char.charCodeAt(0));
  });
  return { text: replaced === 0 ? text : escaped, replaced };
}

/** `escapeControlChars(text).text`. */
export function withoutControlChars(text: string): string {
  return escapeControlChars(text).text;
}

function standIn(code: number): string {
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return "\u2421";
  return "\ufffd";
}
