import { applyEdits, findNodeAtLocation, modify, parseTree, type Node, type ParseError } from "jsonc-parser";

/**
 * Adding an agent to a configuration text without touching anything else of it: its comments, its layout and the
 * other entries stay as they are. Shared by the page ("Add agent", which then saves the text with
 * `ConfigService.Save`) and the tests; it uses nothing of Node or of the DOM.
 */

/** The entry the hub writes for an agent found on this machine. */
export interface NewAgentEntry {
  name: string;
  title: string;
  icon: string;
  description: string;
  command: string;
  args: string[];
}

export type AddResult = { ok: true; text: string; name: string } | { ok: false; reason: "invalid" | "agents-not-a-list" };

/** `wanted`, or `wanted-2`, `wanted-3`… : the first that no agent of the text has. */
export function uniqueName(wanted: string, taken: readonly string[]): string {
  const names = new Set(taken);
  if (!names.has(wanted)) return wanted;
  for (let suffix = 2; ; suffix += 1) if (!names.has(`${wanted}-${suffix}`)) return `${wanted}-${suffix}`;
}

/**
 * The text with `entry` appended to `agents` (its name made unique), indented as the entry before it. A text that
 * does not parse is left to the user to fix first; a file without `agents` gets one.
 */
export function addAgentEntry(text: string, entry: NewAgentEntry): AddResult {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (!tree || errors.length > 0 || tree.type !== "object") return { ok: false, reason: "invalid" };
  const agents = findNodeAtLocation(tree, ["agents"]);
  const taken = (agents?.children ?? []).flatMap((child) => {
    const name = findNodeAtLocation(child, ["name"])?.value as unknown;
    return typeof name === "string" ? [name] : [];
  });
  const named = { ...entry, name: uniqueName(entry.name, taken) };
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  if (!agents) {
    const edits = modify(text, ["agents"], [named], { formattingOptions: { insertSpaces: true, tabSize: 2, eol } });
    return { ok: true, text: applyEdits(text, edits), name: named.name };
  }
  if (agents.type !== "array") return { ok: false, reason: "agents-not-a-list" };
  return { ok: true, text: appendItem(text, agents, named, eol), name: named.name };
}

function appendItem(text: string, list: Node, value: object, eol: string): string {
  const last = list.children?.at(-1);
  if (!last) {
    const indent = indentOf(text, list.offset);
    const item = indented(value, `${indent}  `, eol);
    return `${text.slice(0, list.offset)}[${eol}${indent}  ${item}${eol}${indent}]${text.slice(list.offset + list.length)}`;
  }
  const end = last.offset + last.length;
  let at = end;
  while (text[at] === " " || text[at] === "\t") at += 1;
  const comma = text[at] === ",";
  if (comma) at += 1;
  while (text[at] === " " || text[at] === "\t") at += 1;
  if (text.startsWith("//", at)) while (at < text.length && text[at] !== "\n" && text[at] !== "\r") at += 1;
  const lineEnds = at >= text.length || text[at] === "\n" || text[at] === "\r";
  if (!lineEnds) {
    // The list goes on on the same line (`[{…}, {…}]`): the new item too, on one line.
    return `${text.slice(0, end)}, ${JSON.stringify(value)}${text.slice(end)}`;
  }
  // After the last item's line (its comma and comment stay with it); a trailing comma style is kept.
  const indent = indentOf(text, last.offset);
  const item = `${eol}${indent}${indented(value, indent, eol)}${comma ? "," : ""}`;
  const before = comma ? text.slice(0, at) : `${text.slice(0, end)},${text.slice(end, at)}`;
  return `${before}${item}${text.slice(at)}`;
}

/** The whitespace that starts the line `offset` is on. */
function indentOf(text: string, offset: number): string {
  const start = Math.max(text.lastIndexOf("\n", offset - 1), text.lastIndexOf("\r", offset - 1)) + 1;
  return /^[ \t]*/.exec(text.slice(start))?.[0] ?? "";
}

/** `value` as JSON, one field a line (a list of arguments on its line), whose lines after the first start with `indent`. */
function indented(value: object, indent: string, eol: string): string {
  const fields = Object.entries(value).map(([key, field]) => `${indent}  ${JSON.stringify(key)}: ${JSON.stringify(field)}`);
  return `{${eol}${fields.join(`,${eol}`)}${eol}${indent}}`;
}
