import { existsSync, mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { createFileExclusive, linkExclusiveSync, temporaryPath, writeNewFileSync } from "@maia/util";

/** What `.maia/.gitignore` holds: everything of `.maia/` is ignored, this file included. */
export const MAIA_GITIGNORE = "*\n";

/** True when `start` or a folder above it holds `.git` (a few `stat` calls, once per process). */
function inRepository(start: string): boolean {
  for (let folder = start; ; folder = dirname(folder)) {
    if (existsSync(join(folder, ".git"))) return true;
    if (dirname(folder) === folder) return false;
  }
}

/**
 * Keeps the launch folder's `.maia/` out of git (seed § 12.1) without touching the user's own files: inside a
 * repository, `.maia/.gitignore` holding `*` (git reads a `.gitignore` in any folder, so the whole folder is
 * ignored, as a `.maia/` line in the repository's `.gitignore` would); outside a repository nothing is written.
 * An existing `.maia/.gitignore` is the user's and is never replaced. Returns the file's path when it was created.
 */
export async function ensureGitignored(cwd: string): Promise<string | undefined> {
  if (!inRepository(cwd)) return undefined;
  const file = join(cwd, ".maia", ".gitignore");
  if (existsSync(file)) return undefined;
  return (await createFileExclusive(file, MAIA_GITIGNORE)) ? file : undefined;
}

/** `ensureGitignored`, synchronous (the first save may happen on process exit). */
export function ensureGitignoredSync(cwd: string): string | undefined {
  if (!inRepository(cwd)) return undefined;
  const file = join(cwd, ".maia", ".gitignore");
  if (existsSync(file)) return undefined;
  mkdirSync(dirname(file), { recursive: true });
  const temporary = temporaryPath(file);
  try {
    writeNewFileSync(temporary, MAIA_GITIGNORE);
    return linkExclusiveSync(temporary, file, MAIA_GITIGNORE) ? file : undefined;
  } finally {
    rmSync(temporary, { force: true });
  }
}
