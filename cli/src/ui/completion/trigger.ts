/**
 * What the input box completes, found from the text before the cursor: the word under the cursor starting
 * with `@` anywhere (a path of the launch folder), or the line starting with `/` (a command), `§` (a skill) or
 * `&` (an agent) while the cursor is still in that first word. Pure, never throws.
 */
export type TriggerKind = "path" | "command" | "skill" | "agent";

export interface Trigger {
  kind: TriggerKind;
  /** Index of the trigger character (`@`, `/`, `§`, `&`) in the text. */
  start: number;
  /** The cursor: what the trigger covers ends here. */
  end: number;
  /** What was typed after the trigger character, up to the cursor. */
  query: string;
}

const LINE_TRIGGERS: Record<string, TriggerKind> = { "/": "command", "§": "skill", "&": "agent" };

export function findTrigger(text: string, cursor: number): Trigger | undefined {
  const before = text.slice(0, Math.max(0, Math.min(cursor, text.length)));
  const start = lastBlank(before) + 1;
  const word = before.slice(start);
  if (word.startsWith("@")) return { kind: "path", start, end: before.length, query: word.slice(1) };
  if (start !== 0) return undefined;
  const kind = LINE_TRIGGERS[word.charAt(0)];
  return kind === undefined ? undefined : { kind, start: 0, end: before.length, query: word.slice(1) };
}

function lastBlank(text: string): number {
  for (let index = text.length - 1; index >= 0; index -= 1) if (/\s/.test(text.charAt(index))) return index;
  return -1;
}
