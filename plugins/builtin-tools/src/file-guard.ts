import type { Stats } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import type { ToolContext, ToolOutput } from "@maia/kernel";
import { freshness } from "./files-seen.ts";
import { t } from "./messages.ts";
import { fsCause, toolError } from "./tool-result.ts";

export type ExistingFile = { exists: false } | { exists: true; stats: Stats };

/**
 * What Write and Edit find at a path before changing it: nothing (a new file), a regular file, or a problem
 * worded for the model (a folder, a device, a parent that is a file, no permission).
 */
export async function inspectTarget(
  absolute: string,
  shown: string,
  input: Record<string, unknown>,
): Promise<ExistingFile | { problem: ToolOutput }> {
  try {
    const stats = await stat(absolute);
    if (stats.isDirectory()) return { problem: toolError(t("targetIsFolder", { path: shown }), input) };
    if (!stats.isFile()) return { problem: toolError(t("notRegularFile", { path: shown }), input) };
    return { exists: true, stats };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { exists: false };
    return { problem: toolError(t("writeFailed", { path: shown, cause: fsCause(error) }), input) };
  }
}

/**
 * The rule beyond the seed: an existing file is changed only if the model has seen it in this conversation
 * and it has not changed on disk since. `bytes`, when the caller already read the file, saves a second read.
 */
export async function guardSeen(
  context: ToolContext,
  absolute: string,
  shown: string,
  stats: Stats,
  input: Record<string, unknown>,
  bytes?: Uint8Array,
): Promise<ToolOutput | undefined> {
  const state = await freshness(context.state, absolute, stats, async () => bytes ?? (await readFile(absolute)));
  if (state === "unseen") return toolError(t("unseenFile", { path: shown }), input);
  if (state === "changed") return toolError(t("changedFile", { path: shown }), input);
  return undefined;
}
