import { statSync } from "node:fs";
import { realpath } from "node:fs/promises";
import path from "node:path";

/**
 * Whether nothing is at `file` (a dangling symbolic link, a path through a file included), known without an
 * exception: most of the
 * folders and files MAIA looks for at start (skills, commands, tools and agents of the project and the user, in
 * MAIA's and Claude Code's places) do not exist, and each failed `readdir` or `realpath` builds an error with
 * its stack: about thirty of them in a `maia -p` run (issue 22). Any other answer than "no such entry" (a
 * permission denied…) says false, so that the caller's own read meets and reports it.
 */
export function isMissing(file: string): boolean {
  try {
    return statSync(file, { throwIfNoEntry: false }) === undefined;
  } catch {
    return false;
  }
}

/** The path with its symbolic links resolved, or made absolute as it is when it cannot be (missing). */
export async function canonicalPath(file: string): Promise<string> {
  if (isMissing(file)) return path.resolve(file);
  return realpath(file).catch(() => path.resolve(file));
}
