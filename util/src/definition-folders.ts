import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { isMissing } from "./missing-path.ts";

/**
 * The "one folder per definition" layout that custom tools (`<name>/TOOL.json`), skills (`<name>/SKILL.md`) and
 * agents share: the sub-folders of a root, alphabetically, hidden ones left out, a symbolic link to a folder
 * counted as a folder; a missing root is simply none.
 */
export async function definitionFolders(root: string): Promise<string[]> {
  if (isMissing(root)) return [];
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return [];
  }
  const folders: string[] = [];
  for (const name of names.sort((a, b) => a.localeCompare(b, "en"))) {
    if (name.startsWith(".")) continue;
    const folder = path.join(root, name);
    // stat, not the dirent: a symbolic link to a folder is a folder.
    if ((await stat(folder).catch(() => undefined))?.isDirectory()) folders.push(folder);
  }
  return folders;
}

/** How a plugin words a file it cannot use, in its own catalogue (util has no messages of its own). */
export interface DefinitionFileWords {
  unreadable(cause: string): string;
  tooLarge(limit: number): string;
}

export type DefinitionFile =
  | { kind: "none" }
  | { kind: "unreadable"; file: string; message: string }
  | { kind: "text"; file: string; text: string };

/**
 * The first of `names` (e.g. `TOOL.json`, `tool.json`) present in the folder, read as UTF-8 text; a file that
 * cannot be used (a folder of that name, too large, unreadable) comes with the plugin's sentence for it.
 */
export async function readDefinitionFile(
  folder: string,
  names: readonly string[],
  maxBytes: number,
  words: DefinitionFileWords,
): Promise<DefinitionFile> {
  for (const name of names) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => undefined);
    if (!info) continue;
    if (!info.isFile()) return { kind: "unreadable", file, message: words.unreadable("not a file") };
    if (info.size > maxBytes) return { kind: "unreadable", file, message: words.tooLarge(maxBytes) };
    try {
      return { kind: "text", file, text: await readFile(file, "utf8") };
    } catch (error) {
      return { kind: "unreadable", file, message: words.unreadable(error instanceof Error ? error.message : String(error)) };
    }
  }
  return { kind: "none" };
}
