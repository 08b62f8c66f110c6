import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { isMissing } from "./missing-path.ts";

export interface MarkdownFilesLimits {
  /** Folder levels read below the root (the root is level 1). */
  maxDepth: number;
  /** Files kept at most; the rest is not read. */
  maxFiles: number;
}

/**
 * The `.md` files under a folder of Markdown definitions (Claude Code's `commands/` and `agents/`), sorted, hidden
 * entries left out, a symbolic link followed as what it points to; a missing or unreadable folder gives none.
 */
export async function markdownFiles(root: string, limits: MarkdownFilesLimits): Promise<string[]> {
  const found: string[] = [];
  const walk = async (folder: string, depth: number): Promise<void> => {
    let names: string[];
    try {
      names = await readdir(folder);
    } catch {
      return;
    }
    for (const name of names.sort((a, b) => a.localeCompare(b, "en"))) {
      if (name.startsWith(".") || found.length >= limits.maxFiles) continue;
      const entry = path.join(folder, name);
      const info = await stat(entry).catch(() => undefined);
      if (info?.isDirectory()) {
        if (depth < limits.maxDepth) await walk(entry, depth + 1);
      } else if (info?.isFile() && name.toLowerCase().endsWith(".md")) found.push(entry);
    }
  };
  if (!isMissing(root)) await walk(root, 1);
  return found;
}
