import type { Trigger } from "./trigger.ts";

/** One line of the completion list. */
export interface CompletionItem {
  /** What replaces the query (`src/app.ts`, `src/`, `review`): the trigger character stays in front of it. */
  value: string;
  /** A one-line help shown beside it (a command's description). */
  hint?: string;
  /** A folder: taking it keeps the list open on what is inside. */
  folder?: boolean;
}

/** Everything the input box can complete; `items` answers from what is cached and never waits. */
export interface Completer {
  items(trigger: Trigger): readonly CompletionItem[];
}

/** How many lines the list shows at most. */
export const COMPLETION_ROWS = 8;
