import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  EMPTY_EDITOR,
  InputHistory,
  deleteBackward,
  deleteForward,
  deleteWordBackward,
  insert,
  killToLineStart,
  moveEnd,
  moveHome,
  moveLeft,
  moveRight,
  type EditorState,
} from "./line-editor.ts";

const operations = {
  left: moveLeft,
  right: moveRight,
  home: moveHome,
  end: moveEnd,
  backspace: deleteBackward,
  delete: deleteForward,
  ctrlU: killToLineStart,
  ctrlW: deleteWordBackward,
} as const;

const text = fc.string({ unit: fc.constantFrom("a", "é", " ", "\n", "😀", "字", "-"), maxLength: 12 });
const step = fc.oneof(
  fc.constantFrom(...(Object.keys(operations) as Array<keyof typeof operations>)).map((name) => ({ name }) as const),
  text.map((inserted) => ({ name: "insert", inserted }) as const),
);

function apply(state: EditorState, action: { name: string; inserted?: string }): EditorState {
  if (action.name === "insert") return insert(state, action.inserted ?? "");
  return operations[action.name as keyof typeof operations](state);
}

const insideSurrogatePair = (state: EditorState) => {
  const before = state.text.charCodeAt(state.cursor - 1);
  const after = state.text.charCodeAt(state.cursor);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff;
};

describe("line editor", () => {
  it("keeps the cursor inside the text and never between the halves of a character", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        let state = EMPTY_EDITOR;
        for (const action of steps) {
          state = apply(state, action);
          expect(state.cursor).toBeGreaterThanOrEqual(0);
          expect(state.cursor).toBeLessThanOrEqual(state.text.length);
          expect(insideSurrogatePair(state)).toBe(false);
        }
      }),
    );
  });

  it("takes back a typed text with as many Backspaces as it has characters", () => {
    fc.assert(
      fc.property(text, text, fc.nat(), (start, typed, at) => {
        const characters = [...start];
        const offset = characters.slice(0, at % (characters.length + 1)).join("").length;
        const state = insert({ text: start, cursor: offset }, typed);
        let back = state;
        for (let index = 0; index < [...typed].length; index += 1) back = deleteBackward(back);
        expect(back).toEqual({ text: start, cursor: offset });
      }),
    );
  });

  it("moves left then right back to the same place", () => {
    fc.assert(
      fc.property(text, (value) => {
        const end = { text: value, cursor: value.length };
        const left = moveLeft(end);
        expect(value.length === 0 ? left : moveRight(left)).toEqual(end);
      }),
    );
  });

  it("erases a word and the spaces after it with Ctrl+W, the line's start with Ctrl+U", () => {
    expect(deleteWordBackward({ text: "git commit  ", cursor: 12 })).toEqual({ text: "git ", cursor: 4 });
    expect(killToLineStart({ text: "one\ntwo three", cursor: 8 })).toEqual({ text: "one\nthree", cursor: 4 });
    expect(moveHome({ text: "one\ntwo", cursor: 6 })).toEqual({ text: "one\ntwo", cursor: 4 });
    expect(moveEnd({ text: "one\ntwo", cursor: 1 })).toEqual({ text: "one\ntwo", cursor: 3 });
  });
});

describe("input history", () => {
  it("goes back through the entries and returns to the draft", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 }).filter((value) => value.trim() !== ""), { maxLength: 8 }), fc.string(), (entries, draft) => {
        const history = new InputHistory();
        for (const entry of entries) history.push(entry);
        const seen: string[] = [];
        for (let value = history.up(draft); value !== undefined; value = history.up(draft)) seen.push(value);
        expect(seen).toEqual([...history.entries].reverse());
        let last: string | undefined;
        for (let value = history.down(); value !== undefined; value = history.down()) last = value;
        expect(last ?? draft).toBe(entries.length === 0 ? draft : draft);
      }),
    );
  });

  it("stores consecutive duplicates once and ignores blank lines", () => {
    const history = new InputHistory();
    for (const entry of ["a", "a", "  ", "b", "a"]) history.push(entry);
    expect(history.entries).toEqual(["a", "b", "a"]);
  });
});
