import { readFile } from "node:fs/promises";
import path from "node:path";
import { errorMessage } from "@maia/kernel";
import { t } from "./messages.ts";

/**
 * The project's instructions files, first found wins (seed § 11.1): MAIA.md, else CLAUDE.md, else AGENTS.md
 * — the convention opencode, Codex and others share (our decision beyond the seed), so that a project written
 * for another agent works as it is. Only the launch folder is looked at, never its parents.
 */
export const INSTRUCTIONS_FILES = ["MAIA.md", "CLAUDE.md", "AGENTS.md"] as const;

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
    try {
      return { file, text: await readFile(file, "utf8"), warnings };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") continue;
      warnings.push(t("unreadable", { file, cause: errorMessage(error) }));
    }
  }
  return { warnings };
}
