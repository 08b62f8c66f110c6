import type { AskDetail } from "@maia/kernel";
import { fileDiff, type FileDiff } from "../diff/file-diff.ts";

/** What the input zone shows above a tool confirmation, worked out once when the question opens. */
export interface ConfirmDetailView {
  diff?: FileDiff;
  /** Bash: the whole command, wrapped, never cut. */
  command?: string;
  uncovered: readonly string[];
  /** The whole diff has been written to the log (the `d` key): the fold line no longer offers it. */
  expanded: boolean;
}

export function confirmDetailView(detail: AskDetail, cwd: string): ConfirmDetailView {
  const command = detail.tool === "Bash" && typeof detail.input.command === "string" ? detail.input.command : undefined;
  return {
    ...(detail.preview ? { diff: fileDiff(detail.preview, cwd) } : {}),
    ...(command !== undefined ? { command } : {}),
    uncovered: detail.uncovered ?? [],
    expanded: false,
  };
}
