import path from "node:path";
import type { ToolPreview } from "@maia/kernel";
import { createPatch, structuredPatch } from "diff";

/** One row of a diff as the UI draws it: a removed, added or unchanged line with its numbers, or a gap. */
export type DiffRow =
  | { kind: "add"; newLine: number; text: string }
  | { kind: "del"; oldLine: number; text: string }
  | { kind: "ctx"; oldLine: number; newLine: number; text: string }
  | { kind: "gap"; skipped: number };

export interface FileDiff {
  /** Relative to the launch folder when inside it. */
  shown: string;
  created: boolean;
  added: number;
  removed: number;
  rows: DiffRow[];
}

/** Unchanged lines kept around each change, as `git diff` does. */
const CONTEXT_LINES = 3;

/**
 * The diff of a tool's preview (Edit, Write), computed with the `diff` library: hunks with their line
 * numbers, the gaps between them, and the counts of the one-line summary (`hello.py +3 −1`). A new file is
 * all additions.
 */
export function fileDiff(preview: ToolPreview, cwd: string): FileDiff {
  const shown = shownPath(preview.path, cwd);
  const before = preview.oldText ?? "";
  const patch = structuredPatch(shown, shown, before, preview.newText, "", "", { context: CONTEXT_LINES });
  const rows: DiffRow[] = [];
  let added = 0;
  let removed = 0;
  let nextOld = 1;
  for (const hunk of patch.hunks) {
    // structuredPatch gives 0 as the start of an empty side.
    const oldStart = Math.max(1, hunk.oldStart);
    if (oldStart > nextOld) rows.push({ kind: "gap", skipped: oldStart - nextOld });
    let oldLine = oldStart;
    let newLine = Math.max(1, hunk.newStart);
    for (const line of hunk.lines) {
      const mark = line[0];
      const text = line.slice(1);
      if (mark === "\\") continue; // "\ No newline at end of file"
      if (mark === "+") {
        rows.push({ kind: "add", newLine, text });
        newLine += 1;
        added += 1;
      } else if (mark === "-") {
        rows.push({ kind: "del", oldLine, text });
        oldLine += 1;
        removed += 1;
      } else {
        rows.push({ kind: "ctx", oldLine, newLine, text });
        oldLine += 1;
        newLine += 1;
      }
    }
    nextOld = oldLine;
  }
  return { shown, created: preview.oldText === null, added, removed, rows };
}

/** `hello.py +3 −1` (a minus sign, not a hyphen, as diff summaries print it). */
export function diffSummary(diff: FileDiff): string {
  return `${diff.shown} +${diff.added} −${diff.removed}`;
}

function shownPath(file: string, cwd: string): string {
  const relative = path.relative(cwd, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative.split(path.sep).join("/") : file;
}

/**
 * What `stream-json` tells about an Edit or Write before it runs: the counts and the unified diff as
 * `git apply` reads it (paths relative to the launch folder when inside it).
 */
export function patchOf(preview: ToolPreview, cwd: string): { path: string; created: boolean; added: number; removed: number; patch: string } {
  const diff = fileDiff(preview, cwd);
  const patch = createPatch(diff.shown, preview.oldText ?? "", preview.newText, "", "", { context: CONTEXT_LINES });
  return { path: diff.shown, created: diff.created, added: diff.added, removed: diff.removed, patch };
}
