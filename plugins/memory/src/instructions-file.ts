import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { errorMessage } from "@maia/kernel";
import { escapeControlChars, isMissing } from "@maia/util";
import { readWithImports, type MemoryPiece } from "./imports.ts";
import { t } from "./messages.ts";

/**
 * The project's instructions files, first found wins (seed § 11.1): MAIA.md, else CLAUDE.md, else AGENTS.md
 * — the convention opencode, Codex and others share (our decision beyond the seed), so that a project written
 * for another agent works as it is. Only the launch folder is looked at, never its parents. Then, as Claude Code
 * reads them, the user's private `CLAUDE.local.md` beside it, and the files each of them imports with `@path`
 * (imports.ts).
 */
export const INSTRUCTIONS_FILES = ["MAIA.md", "CLAUDE.md", "AGENTS.md"] as const;

/** Claude Code's private per-project instructions, read after the instructions file (its memory page). */
export const LOCAL_INSTRUCTIONS_FILE = "CLAUDE.local.md";

/**
 * The most of the instructions that goes into the system prompt, imports and CLAUDE.local.md included: the limit
 * of an `@` file (seed § 23), so that a generated or pasted 2 MB AGENTS.md cannot fill the context on every
 * request. Beyond it the text is cut, said.
 */
export const MAX_INSTRUCTIONS_CHARS = 50_000;

export interface FoundInstructions {
  /** Absolute path of the instructions file used, when one was (else CLAUDE.local.md's, when only it exists). */
  file?: string;
  /** The first file's text, as the model gets it. */
  text?: string;
  /** Every file in reading order — the instructions file, its imports, CLAUDE.local.md, its imports — capped together. */
  pieces: MemoryPiece[];
  /** Files that exist but could not be read, imports that failed, the cap. */
  warnings: string[];
}

export async function findInstructions(folder: string, homeDir: string = os.homedir()): Promise<FoundInstructions> {
  const warnings: string[] = [];
  const seen = new Set<string>();
  const pieces: MemoryPiece[] = [];
  let file: string | undefined;
  for (const name of INSTRUCTIONS_FILES) {
    const candidate = path.join(folder, name);
    const text = await readIfThere(candidate, warnings);
    if (text === undefined) continue;
    file = candidate;
    pieces.push(...(await readWithImports(candidate, text, { homeDir, seen, warnings })));
    break;
  }
  const local = path.join(folder, LOCAL_INSTRUCTIONS_FILE);
  const localText = seen.has(path.resolve(local)) ? undefined : await readIfThere(local, warnings);
  if (localText !== undefined) pieces.push(...(await readWithImports(local, localText, { homeDir, seen, warnings })));
  const capped = usable(pieces, warnings);
  return { ...(file === undefined && capped.length === 0 ? {} : { file: file ?? local, text: capped[0]?.text ?? "" }), pieces: capped, warnings };
}

/** A file's text, or undefined when it is not there (a file that cannot be read is a warning). */
async function readIfThere(file: string, warnings: string[]): Promise<string | undefined> {
  if (isMissing(file)) return undefined;
  try {
    return await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") warnings.push(t("unreadable", { file, cause: errorMessage(error) }));
    return undefined;
  }
}

/**
 * The pieces as the model gets them: at most MAX_INSTRUCTIONS_CHARS in all (the piece that crosses the cap is cut
 * with a note, the later ones are left out, said), no raw control character; each change said.
 */
function usable(pieces: readonly MemoryPiece[], warnings: string[]): MemoryPiece[] {
  const kept: MemoryPiece[] = [];
  let room = MAX_INSTRUCTIONS_CHARS;
  const total = pieces.reduce((sum, piece) => sum + piece.text.length, 0);
  for (const [index, piece] of pieces.entries()) {
    let text = piece.text;
    if (room <= 0) {
      warnings.push(t("importOverCap", { file: piece.file, max: MAX_INSTRUCTIONS_CHARS }));
      continue;
    }
    if (text.length > room) {
      const cutFile = piece.file;
      warnings.push(
        index === 0 && pieces.length === 1
          ? t("tooLong", { file: cutFile, size: text.length, max: MAX_INSTRUCTIONS_CHARS })
          : t("tooLongWithImports", { file: cutFile, size: total, max: MAX_INSTRUCTIONS_CHARS }),
      );
      let end = room;
      // Never half a surrogate pair.
      if (/[\ud800-\udbff]/.test(text.charAt(end - 1))) end -= 1;
      text = `${text.slice(0, end)}\n\n${t("cutNote", { omitted: piece.text.length - end, file: cutFile })}`;
    }
    room -= piece.text.length;
    const escaped = escapeControlChars(text);
    if (escaped.replaced > 0) warnings.push(t("controlChars", { file: piece.file, count: escaped.replaced }));
    kept.push({ ...piece, text: escaped.text });
  }
  return kept;
}
