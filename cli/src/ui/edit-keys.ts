import {
  deleteBackward,
  deleteForward,
  deleteWordBackward,
  killToLineStart,
  moveEnd,
  moveHome,
  moveLeft,
  moveRight,
  type EditorState,
} from "./line-editor.ts";
import type { KeyPress } from "./ui-types.ts";

export function isCtrl(key: KeyPress, letter: string): boolean {
  return Boolean(key.ctrl) && key.input.toLowerCase() === letter;
}

/**
 * The keys that edit a line the same way wherever one is typed — the input box and a free-text question (seed
 * § 15.5): ←/→, Home/End and Ctrl+A/E, Ctrl+U, Ctrl+W, Backspace, Delete. Undefined when the key is not one of
 * them (Enter, ↑/↓, Ctrl+C/D and typed text are each place's own business).
 */
export function editKey(editor: EditorState, key: KeyPress): EditorState | undefined {
  if (key.leftArrow) return moveLeft(editor);
  if (key.rightArrow) return moveRight(editor);
  if (key.home || isCtrl(key, "a")) return moveHome(editor);
  if (key.end || isCtrl(key, "e")) return moveEnd(editor);
  if (isCtrl(key, "u")) return killToLineStart(editor);
  if (isCtrl(key, "w")) return deleteWordBackward(editor);
  if (key.backspace) return deleteBackward(editor);
  if (key.delete) return deleteForward(editor);
  return undefined;
}

/** Keys that type nothing and edit nothing: ignored rather than inserted as text. */
export function isInert(key: KeyPress): boolean {
  return Boolean(key.ctrl || key.escape || key.tab || key.pageUp || key.pageDown || key.meta || key.upArrow || key.downArrow);
}

/** Control characters other than Tab, Enter and line feed (C0 and DEL). */
const STRAY_CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const STRAY_CONTROLS = new RegExp(STRAY_CONTROL.source, "g");

/**
 * A text key without the control characters read in the same chunk: Ctrl+L then "/hooks" typed at once on a busy
 * machine come as one unflagged "\f/hooks", and the box would keep the form feed, so that "/hooks" was no longer a
 * command. The control key is one the box does not take: only the text goes on, as if the two had been read apart.
 * Flagged keys (Ctrl, Meta, Esc) are left as they are.
 */
export function withoutStrayControls(key: KeyPress): KeyPress {
  if (key.ctrl || key.meta || key.escape || !STRAY_CONTROL.test(key.input)) return key;
  return { ...key, input: key.input.replace(STRAY_CONTROLS, "") };
}
