import { readFile, stat } from "node:fs/promises";
import type { ToolPreview } from "@maia/kernel";
import { classifyBytes, decodeText, SNIFF_BYTES } from "@maia/util";
import { replaceOnce } from "./edit-replace.ts";

/** Above this size a file is not previewed: the diff would be unreadable and costly to compute. */
export const PREVIEW_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The text of a file for a preview: undefined when it does not exist, "unreadable" for a folder, a binary
 * or a file too large to show. Decoded as Edit decodes it (byte order marks, UTF-16).
 */
async function currentText(absolute: string): Promise<string | undefined | "unreadable"> {
  try {
    const info = await stat(absolute);
    if (!info.isFile() || info.size > PREVIEW_MAX_BYTES) return "unreadable";
    const bytes = await readFile(absolute);
    if (classifyBytes(bytes.subarray(0, SNIFF_BYTES)).kind !== "text") return "unreadable";
    return decodeText(bytes).text;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? undefined : "unreadable";
  }
}

/** Write's preview: the file as it is (null when new) and the content it gets. */
export async function writePreview(absolute: string, content: string): Promise<ToolPreview | undefined> {
  const before = await currentText(absolute);
  if (before === "unreadable" || content.length > PREVIEW_MAX_BYTES) return undefined;
  return { path: absolute, oldText: before ?? null, newText: content };
}

/** Edit's preview: the replacement Edit would make, or undefined when it would not apply (Edit then says why). */
export async function editPreview(absolute: string, oldString: string, newString: string): Promise<ToolPreview | undefined> {
  if (oldString === "" || oldString === newString) return undefined;
  const before = await currentText(absolute);
  if (before === undefined || before === "unreadable") return undefined;
  const outcome = replaceOnce(before, oldString, newString);
  if (outcome.kind !== "replaced") return undefined;
  // The line the replacement starts on, counted in the file as it is: front ends open the file there.
  const line = before.slice(0, outcome.start).split("\n").length;
  return { path: absolute, oldText: before, newText: outcome.text, line };
}
