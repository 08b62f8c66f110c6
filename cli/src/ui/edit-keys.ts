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
