/**
 * The input box's text editing, without React: pure functions over `{ text, cursor }` (cursor is a UTF-16 index
 * that never falls inside a surrogate pair), and the history of ↑/↓. Multi-line text (a paste) is kept as is;
 * line-wise keys (Ctrl+A/E/U) act on the line the cursor is in.
 */
export interface EditorState {
  readonly text: string;
  readonly cursor: number;
}

export const EMPTY_EDITOR: EditorState = { text: "", cursor: 0 };

export function editorOf(text: string): EditorState {
  return { text, cursor: text.length };
}

export function insert(state: EditorState, inserted: string): EditorState {
  if (inserted === "") return state;
  const text = state.text.slice(0, state.cursor) + inserted + state.text.slice(state.cursor);
  return { text, cursor: state.cursor + inserted.length };
}

/** Index of the code point before `index` (a surrogate pair counts as one character). */
function previousIndex(text: string, index: number): number {
  if (index <= 0) return 0;
  const low = text.charCodeAt(index - 1);
  if (index >= 2 && low >= 0xdc00 && low <= 0xdfff) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return index - 2;
  }
  return index - 1;
}

function nextIndex(text: string, index: number): number {
  if (index >= text.length) return text.length;
  const code = text.codePointAt(index) ?? 0;
  return index + (code > 0xffff ? 2 : 1);
}

export function moveLeft(state: EditorState): EditorState {
  return { text: state.text, cursor: previousIndex(state.text, state.cursor) };
}

export function moveRight(state: EditorState): EditorState {
  return { text: state.text, cursor: nextIndex(state.text, state.cursor) };
}

function lineStart(text: string, cursor: number): number {
  return text.lastIndexOf("\n", cursor - 1) + 1;
}

function lineEnd(text: string, cursor: number): number {
  const end = text.indexOf("\n", cursor);
  return end === -1 ? text.length : end;
}

/** Ctrl+A / Home. */
export function moveHome(state: EditorState): EditorState {
  return { text: state.text, cursor: lineStart(state.text, state.cursor) };
}

/** Ctrl+E / End. */
export function moveEnd(state: EditorState): EditorState {
  return { text: state.text, cursor: lineEnd(state.text, state.cursor) };
}

/** Backspace. */
export function deleteBackward(state: EditorState): EditorState {
  if (state.cursor === 0) return state;
  const start = previousIndex(state.text, state.cursor);
  return { text: state.text.slice(0, start) + state.text.slice(state.cursor), cursor: start };
}

/** Delete (and Ctrl+D on a non-empty input, as readline does). */
export function deleteForward(state: EditorState): EditorState {
  if (state.cursor >= state.text.length) return state;
  const end = nextIndex(state.text, state.cursor);
  return { text: state.text.slice(0, state.cursor) + state.text.slice(end), cursor: state.cursor };
}

/** Ctrl+U: erases from the start of the line to the cursor. */
export function killToLineStart(state: EditorState): EditorState {
  const start = lineStart(state.text, state.cursor);
  if (start === state.cursor && start > 0) {
    // At the start of a line of a multi-line text: join it with the previous line, as Backspace would.
    return deleteBackward(state);
  }
  return { text: state.text.slice(0, start) + state.text.slice(state.cursor), cursor: start };
}

/** Ctrl+W: erases the word before the cursor, and the spaces after it. */
export function deleteWordBackward(state: EditorState): EditorState {
  const { text, cursor } = state;
  let start = cursor;
  while (start > 0 && /\s/.test(text[start - 1] ?? "")) start -= 1;
  while (start > 0 && !/\s/.test(text[start - 1] ?? "")) start -= 1;
  return { text: text.slice(0, start) + text.slice(cursor), cursor: start };
}

/**
 * ↑/↓ through what was sent before. Going up saves the line being typed (the draft); coming back down past the
 * newest entry restores it. Consecutive duplicates are stored once.
 */
export class InputHistory {
  readonly #entries: string[] = [];
  readonly #limit: number;
  /** Position while browsing: entries.length means "not browsing". */
  #position = 0;
  #draft = "";

  constructor(limit = 1_000) {
    this.#limit = limit;
  }

  get entries(): readonly string[] {
    return this.#entries;
  }

  push(text: string): void {
    if (text.trim() !== "" && this.#entries.at(-1) !== text) {
      this.#entries.push(text);
      if (this.#entries.length > this.#limit) this.#entries.shift();
    }
    this.#position = this.#entries.length;
    this.#draft = "";
  }

  /** The previous entry, or undefined at the oldest. */
  up(current: string): string | undefined {
    if (this.#position === 0) return undefined;
    if (this.#position === this.#entries.length) this.#draft = current;
    this.#position -= 1;
    return this.#entries[this.#position];
  }

  /** The next entry, the draft after the newest, or undefined when not browsing. */
  down(): string | undefined {
    if (this.#position >= this.#entries.length) return undefined;
    this.#position += 1;
    return this.#position === this.#entries.length ? this.#draft : this.#entries[this.#position];
  }
}
