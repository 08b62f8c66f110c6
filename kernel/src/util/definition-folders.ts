import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";

/**
 * The "one folder per definition" layout that custom tools (`<name>/TOOL.json`), skills (`<name>/SKILL.md`) and
 * agents share: the sub-folders of a root, alphabetically, hidden ones left out, a symbolic link to a folder
 * counted as a folder; a missing root is simply none.
 */
export async function definitionFolders(root: string): Promise<string[]> {
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

export type DefinitionFile =
  | { kind: "none" }
  | { kind: "not_a_file"; file: string }
  | { kind: "too_large"; file: string; limit: number }
  | { kind: "unreadable"; file: string; cause: string }
  | { kind: "text"; file: string; text: string };

/** The first of `names` (e.g. `TOOL.json`, `tool.json`) present in the folder, read as UTF-8 text. */
export async function readDefinitionFile(folder: string, names: readonly string[], maxBytes: number): Promise<DefinitionFile> {
  for (const name of names) {
    const file = path.join(folder, name);
    const info = await stat(file).catch(() => undefined);
    if (!info) continue;
    if (!info.isFile()) return { kind: "not_a_file", file };
    if (info.size > maxBytes) return { kind: "too_large", file, limit: maxBytes };
    try {
      return { kind: "text", file, text: await readFile(file, "utf8") };
    } catch (error) {
      return { kind: "unreadable", file, cause: error instanceof Error ? error.message : String(error) };
    }
  }
  return { kind: "none" };
}
