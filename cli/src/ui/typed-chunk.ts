import type { KeyPress } from "./ui-types.ts";

/** One key of a chunk, and where it ends in the chunk (what follows a line sent is kept as text). */
export interface ChunkKey {
  key: KeyPress;
  end: number;
}

// eslint-disable-next-line no-control-regex -- the chunk's control characters are what is split on.
const CONTROL = /\r\n|[\u0000-\u001f\u007f]/g;
// eslint-disable-next-line no-control-regex -- the same, to tell a chunk from a key (no state between calls).
const HAS_CONTROL = /[\u0000-\u001f\u007f]/;
// eslint-disable-next-line no-control-regex -- the same, to keep out of the text kept in the box.
const CONTROLS_BUT_LINE_FEED = /[\u0000-\u0009\u000b-\u001f\u007f]/g;

/**
 * True when Ink handed over several keys as one unflagged input: text with control characters in it. A busy
 * process reads what was typed meanwhile in one read ("sr\t", "\u0015&rev"), and Ink splits only escapes,
 * Backspace and Ctrl+C out of it (a lone control key comes flagged).
 */
export function isTypedChunk(key: KeyPress): boolean {
  if (key.ctrl || key.meta || key.escape || key.return || key.tab || key.backspace || key.delete) return false;
  return HAS_CONTROL.test(key.input);
}

/**
 * The keys of a chunk, in order, each as Ink reports it when read alone: runs of text, Tab, Enter (`\r`, `\n` or
 * `\r\n`), Backspace (DEL or BS), Ctrl+letter for the other C0 codes. Codes that are no key MAIA takes (NUL,
 * Ctrl+\, …) are dropped, as they would be read alone. So Ctrl+U typed just before "&rev" still empties the line.
 */
export function keysOfChunk(input: string): ChunkKey[] {
  const keys: ChunkKey[] = [];
  let from = 0;
  CONTROL.lastIndex = 0;
  for (let match = CONTROL.exec(input); match; match = CONTROL.exec(input)) {
    if (match.index > from) keys.push({ key: { input: input.slice(from, match.index) }, end: match.index });
    from = match.index + match[0].length;
    const key = controlKey(match[0]);
    if (key) keys.push({ key, end: from });
  }
  if (from < input.length) keys.push({ key: { input: input.slice(from) }, end: input.length });
  return keys;
}

function controlKey(control: string): KeyPress | undefined {
  if (control === "\t") return { input: "", tab: true };
  if (control === "\r" || control === "\n" || control === "\r\n") return { input: "", return: true };
  if (control === "\u007f" || control === "\b") return { input: "", backspace: true };
  const code = control.charCodeAt(0);
  // Ctrl+A … Ctrl+Z (Tab, Enter and Backspace are taken above).
  if (code >= 1 && code <= 26) return { input: String.fromCharCode(code + 96), ctrl: true };
  return undefined;
}

/** What is kept in the box after a line a chunk sent: its text, lines as line feeds, no control codes. */
export function keptText(rest: string): string {
  return rest.replace(/\r\n?/g, "\n").replace(CONTROLS_BUT_LINE_FEED, "").replace(/^\n+/, "").replace(/\n+$/, "");
}
