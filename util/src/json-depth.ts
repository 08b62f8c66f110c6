/**
 * How deep a JSON value may nest before MAIA refuses it. JSON.parse reads any depth, but JSON.stringify,
 * structuredClone, ajv and every recursive walk (token counts, compaction, the session serializer) overflow the
 * stack at a few thousand levels ("Maximum call stack size exceeded", from whichever ran first). No real tool
 * input, session or configuration comes near 512; the same limit as `readJsonWithPositions`.
 */
export const MAX_JSON_DEPTH = 512;

interface Visit {
  value: object;
  depth: number;
  parent: Visit | undefined;
  key: string;
}

/**
 * Where a value first nests deeper than `max` (a JSON pointer, `/messages/3/content/0/input/a/0/…`), or undefined.
 * Iterative on purpose: the check itself must not be what overflows. Objects and arrays count one level each; the
 * pointer is built only for the answer (each visit keeps its parent), so a large shallow value costs no strings.
 */
export function tooDeepAt(value: unknown, max: number = MAX_JSON_DEPTH): string | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const stack: Visit[] = [{ value, depth: 1, parent: undefined, key: "" }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    if (visit.depth > max) return pointerOf(visit);
    const children: Array<[string, unknown]> = Array.isArray(visit.value)
      ? visit.value.map((child: unknown, index) => [String(index), child])
      : Object.entries(visit.value);
    for (const [key, child] of children) {
      if (typeof child === "object" && child !== null) stack.push({ value: child, depth: visit.depth + 1, parent: visit, key });
    }
  }
  return undefined;
}

function pointerOf(visit: Visit): string {
  const keys: string[] = [];
  for (let at: Visit | undefined = visit; at?.parent !== undefined; at = at.parent) keys.push(at.key.replace(/~/g, "~0").replace(/\//g, "~1"));
  return keys.length === 0 ? "/" : `/${keys.reverse().join("/")}`;
}

/** A pointer as messages show it: a deep one would be a thousand characters of `/0/0/0…`. */
export function shownPointer(pointer: string, max = 60): string {
  return pointer.length <= max ? pointer : `${pointer.slice(0, max)}…`;
}
