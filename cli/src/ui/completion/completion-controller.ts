import type { EditorState } from "../line-editor.ts";
import type { KeyPress } from "../ui-types.ts";
import type { Completer, CompletionItem } from "./completion-item.ts";
import { findTrigger, type Trigger, type TriggerKind } from "./trigger.ts";

export interface CompletionView {
  kind: TriggerKind;
  items: readonly CompletionItem[];
  /** The highlighted line. */
  index: number;
}

/**
 * The completion list's state beside the input box's editor: which trigger the text before the cursor is
 * (see findTrigger), the items for it, the highlighted one; ↑/↓ move, Tab takes, Esc closes until the cursor
 * leaves that word. Enter takes the highlighted item only when the user chose it (↑/↓) or what was typed begins
 * it (`/mo` → `/model`); otherwise it sends the line as typed — a complete input (`/help`, `@README.md`) is never
 * held back by its own list, and a typo (`/modle`) is never turned into another command without asking: it gets
 * "did you mean" (seed § 15).
 */
export class CompletionController {
  #completer: Completer | undefined;
  #cached: { editor: EditorState; trigger: Trigger; items: readonly CompletionItem[] } | undefined;
  #index = 0;
  /** The trigger (start and query) for which ↑/↓ chose the highlighted item. */
  #chosenFor: string | undefined;
  /** The start of the trigger closed with Esc. */
  #dismissed: number | undefined;

  setCompleter(completer: Completer | undefined): void {
    this.#completer = completer;
    this.invalidate();
  }

  /** The items may have changed (a new path listing): computed again on the next view. */
  invalidate(): void {
    this.#cached = undefined;
  }

  view(editor: EditorState): CompletionView | undefined {
    const open = this.#open(editor);
    if (!open) return undefined;
    return { kind: open.trigger.kind, items: open.items, index: Math.min(this.#index, open.items.length - 1) };
  }

  /**
   * A key while the list is open: the new editor when an item was taken, `{}` when the key only moved or closed
   * the list, undefined when the key is not the list's (it edits as usual).
   */
  key(key: KeyPress, editor: EditorState): { editor?: EditorState } | undefined {
    const open = this.#open(editor);
    if (!open) return undefined;
    const count = open.items.length;
    const index = Math.min(this.#index, count - 1);
    const triggerKey = `${open.trigger.start}:${open.trigger.query}`;
    if (key.upArrow) {
      this.#index = (index - 1 + count) % count;
      this.#chosenFor = triggerKey;
      return {};
    }
    if (key.downArrow) {
      this.#index = (index + 1) % count;
      this.#chosenFor = triggerKey;
      return {};
    }
    if (key.escape) {
      this.#dismissed = open.trigger.start;
      return {};
    }
    const item = open.items[index];
    if (key.tab) return item ? { editor: takeItem(editor, open.trigger, item) } : {};
    if (key.return && !key.meta && item) {
      const typed = open.trigger.query;
      if (open.items.some((candidate) => candidate.value === typed)) return undefined;
      const intended = this.#chosenFor === triggerKey || item.value.toLowerCase().startsWith(typed.toLowerCase());
      return intended ? { editor: takeItem(editor, open.trigger, item) } : undefined;
    }
    return undefined;
  }

  #open(editor: EditorState) {
    if (!this.#completer) return undefined;
    if (this.#cached?.editor !== editor) {
      const previous = this.#cached;
      const trigger = findTrigger(editor.text, editor.cursor);
      this.#cached = trigger ? { editor, trigger, items: this.#completer.items(trigger) } : undefined;
      // A new word, or the same word typed further: the highlight goes back to the best match.
      if (!trigger || previous?.trigger.query !== trigger.query || previous.trigger.start !== trigger.start) this.#index = 0;
      if (!trigger || trigger.start !== this.#dismissed) this.#dismissed = undefined;
    }
    const open = this.#cached;
    if (!open || open.items.length === 0 || open.trigger.start === this.#dismissed) return undefined;
    return open;
  }
}

/**
 * The editor once `item` replaces what the trigger covers: `@` and a path (quoted when it has a blank, as
 * `@'…'` references are written), a blank after a file or a name so that typing goes on, none after a folder so
 * that its content is listed next.
 */
export function takeItem(editor: EditorState, trigger: Trigger, item: CompletionItem): EditorState {
  const mark = editor.text.charAt(trigger.start);
  const value = trigger.kind === "path" && /\s/.test(item.value) ? `'${item.value}'` : item.value;
  const replacement = `${mark}${value}${item.folder && value === item.value ? "" : " "}`;
  const text = editor.text.slice(0, trigger.start) + replacement + editor.text.slice(trigger.end);
  return { text, cursor: trigger.start + replacement.length };
}
