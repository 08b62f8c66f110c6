import { dominantEol } from "@maia/util";

/**
 * Edit's replacement, as a pure function (seed § 8: exactly one occurrence, distinct errors for none and for
 * several). Line endings: the model reads lines without their `\r`, so in a CRLF file its `old_string` arrives
 * with bare `\n`; it is then looked for with `\r\n`, and `new_string` is written with `\r\n` too. Only the
 * replaced span changes: the rest of the file, mixed line endings included, is kept byte for byte.
 */
export type EditOutcome =
  | { kind: "replaced"; text: string; start: number; insertedLength: number }
  | { kind: "absent" }
  | { kind: "multiple"; count: number; lines: number[] };

/** More occurrences than this are reported as "at least". */
const COUNT_LIMIT = 1000;

interface Variant {
  search: string;
  insert: string;
}

function occurrences(text: string, search: string, limit: number): number[] {
  const found: number[] = [];
  for (let index = text.indexOf(search); index !== -1 && found.length < limit; index = text.indexOf(search, index + search.length)) {
    found.push(index);
  }
  return found;
}

function toCrlf(value: string): string {
  return value.replace(/\r?\n/g, "\r\n");
}

function toLf(value: string): string {
  return value.replace(/\r\n/g, "\n");
}

/**
 * The spellings of `old_string` to look for, the file's dominant line ending first, each with `new_string`
 * written in the same line ending (or in the file's one when the search spans a single line).
 */
function variants(text: string, oldString: string, newString: string): Variant[] {
  const eol = dominantEol(text);
  const converted = eol === "\r\n" ? [toCrlf(oldString), toLf(oldString)] : [toLf(oldString), toCrlf(oldString)];
  const searches = [...new Set([...converted, oldString])];
  return searches.map((search) => {
    // Mixed line endings in the model's own text: take it literally, both sides.
    if (search === oldString && search !== toLf(oldString) && search !== toCrlf(oldString)) return { search, insert: newString };
    const searchEol = search.includes("\r\n") ? "\r\n" : search.includes("\n") ? "\n" : eol;
    return { search, insert: searchEol === "\r\n" ? toCrlf(newString) : toLf(newString) };
  });
}

export function lineOf(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < index; at = text.indexOf("\n", at + 1)) line += 1;
  return line;
}

export function replaceOnce(text: string, oldString: string, newString: string): EditOutcome {
  for (const variant of variants(text, oldString, newString)) {
    if (variant.search === "") continue;
    const found = occurrences(text, variant.search, COUNT_LIMIT);
    if (found.length === 0) continue;
    if (found.length > 1) return { kind: "multiple", count: found.length, lines: found.map((index) => lineOf(text, index)) };
    const start = found[0] ?? 0;
    // Slices, never String.replace: `$&` or `$1` in the model's text must stay literal.
    const replaced = text.slice(0, start) + variant.insert + text.slice(start + variant.search.length);
    return { kind: "replaced", text: replaced, start, insertedLength: variant.insert.length };
  }
  return { kind: "absent" };
}
