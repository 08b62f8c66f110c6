import { readFile } from "node:fs/promises";
import path from "node:path";
import { errorMessage } from "@maia/kernel";
import { escapeControlChars, isMissing } from "@maia/util";
import { t } from "./messages.ts";

/**
 * The project's instructions files, first found wins (seed § 11.1): MAIA.md, else CLAUDE.md, else AGENTS.md
 * — the convention opencode, Codex and others share (our decision beyond the seed), so that a project written
 * for another agent works as it is. Only the launch folder is looked at, never its parents.
 */
export const INSTRUCTIONS_FILES = ["MAIA.md", "CLAUDE.md", "AGENTS.md"] as const;

/**
 * The most of an instructions file that goes into the system prompt: the limit of an `@` file (seed § 23), so that
 * a generated or pasted 2 MB AGENTS.md cannot fill the context on every request. Beyond it the file is cut, said.
 */
export const MAX_INSTRUCTIONS_CHARS = 50_000;

export interface FoundInstructions {
  /** Absolute path of the file used, when one was. */
  file?: string;
  text?: string;
  /** Files that exist but could not be read (a folder named MAIA.md, no permission…). */
  warnings: string[];
}

export async function findInstructions(folder: string): Promise<FoundInstructions> {
  const warnings: string[] = [];
  for (const name of INSTRUCTIONS_FILES) {
    const file = path.join(folder, name);
    if (isMissing(file)) continue;
    try {
      return { file, text: usable(file, await readFile(file, "utf8"), warnings), warnings };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      warnings.push(t("unreadable", { file, cause: errorMessage(error) }));
    }
  }
  return { warnings };
}

/** The file's text as the model gets it: at most MAX_INSTRUCTIONS_CHARS, no raw control character; each change said. */
function usable(file: string, raw: string, warnings: string[]): string {
  let text = raw;
  if (text.length > MAX_INSTRUCTIONS_CHARS) {
    warnings.push(t("tooLong", { file, size: text.length, max: MAX_INSTRUCTIONS_CHARS }));
    let end = MAX_INSTRUCTIONS_CHARS;
    // Never half a surrogate pair.
    if (/[\ud800-\udbff]/.test(text.charAt(end - 1))) end -= 1;
    text = `${text.slice(0, end)}\n\n${t("cutNote", { omitted: raw.length - end, file })}`;
  }
  const escaped = escapeControlChars(text);
  if (escaped.replaced > 0) warnings.push(t("controlChars", { file, count: escaped.replaced }));
  return escaped.text;
}
