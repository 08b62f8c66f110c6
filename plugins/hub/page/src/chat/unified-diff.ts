import { structuredPatch } from "diff";

/** One row of a unified diff as the page draws it. */
export type DiffRow =
  | { type: "hunk"; header: string }
  | { type: "context" | "added" | "removed"; oldLine: number | undefined; newLine: number | undefined; text: string };

export interface UnifiedDiff {
  rows: DiffRow[];
  added: number;
  removed: number;
}

/** Lines of context around each change, as `diff -u` does. */
const CONTEXT = 3;

/**
 * The unified diff of two whole texts (the hub sends both; the page computes the diff), with the old and new
 * line numbers of every row. A "\ No newline at end of file" marker is left out: the page shows lines.
 */
export function unifiedDiff(oldText: string, newText: string): UnifiedDiff {
  const patch = structuredPatch("a", "b", oldText, newText, undefined, undefined, { context: CONTEXT });
  const rows: DiffRow[] = [];
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    rows.push({
      type: "hunk",
      header: `@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`,
    });
    let oldLine = hunk.oldStart;
    let newLine = hunk.newStart;
    for (const line of hunk.lines) {
      const sign = line[0];
      const text = line.slice(1);
      if (sign === "+") {
        rows.push({ type: "added", oldLine: undefined, newLine: newLine++, text });
        added += 1;
      } else if (sign === "-") {
        rows.push({ type: "removed", oldLine: oldLine++, newLine: undefined, text });
        removed += 1;
      } else if (sign === " ") {
        rows.push({ type: "context", oldLine: oldLine++, newLine: newLine++, text });
      }
    }
  }
  return { rows, added, removed };
}
