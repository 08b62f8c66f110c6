import { readFileSync, statSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { writeFileAtomic, writeFileAtomicSync } from "./atomic-write.ts";

/** The folder holding `.git` above (or at) `start`, if any. */
async function repositoryRoot(start: string): Promise<string | undefined> {
  for (let folder = start; ; folder = dirname(folder)) {
    try {
      await stat(join(folder, ".git"));
      return folder;
    } catch {
      // not here; go up
    }
    if (dirname(folder) === folder) return undefined;
  }
}

/**
 * Adds `.maia/` to the repository's `.gitignore` (seed § 12.1): the launch folder's `.maia/` is anchored
 * relative to the repository root; the file is created if absent, the entry never duplicated, the rest of the
 * file kept as is. Outside a repository, the launch folder's `.gitignore` is used. Returns the file's path when it
 * was changed, undefined when the entry was already there.
 */
export async function ensureGitignored(cwd: string): Promise<string | undefined> {
  const root = (await repositoryRoot(cwd)) ?? cwd;
  const file = join(root, ".gitignore");
  const inner = relative(root, cwd).split(sep).join("/");
  const entry = inner === "" ? ".maia/" : `/${inner}/.maia/`;
  let existing = "";
  try {
    existing = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (alreadyIgnored(existing, inner)) return undefined;
  const separator = existing === "" || existing.endsWith("\n") ? "" : "\n";
  await writeFileAtomic(file, `${existing}${separator}${entry}\n`);
  return file;
}

/** `ensureGitignored`, synchronous (the first save may happen on process exit). */
export function ensureGitignoredSync(cwd: string): string | undefined {
  let root = cwd;
  for (let folder = cwd; ; folder = dirname(folder)) {
    try {
      statSync(join(folder, ".git"));
      root = folder;
      break;
    } catch {
      // not here; go up
    }
    if (dirname(folder) === folder) break;
  }
  const file = join(root, ".gitignore");
  const inner = relative(root, cwd).split(sep).join("/");
  const entry = inner === "" ? ".maia/" : `/${inner}/.maia/`;
  let existing = "";
  try {
    existing = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (alreadyIgnored(existing, inner)) return undefined;
  const separator = existing === "" || existing.endsWith("\n") ? "" : "\n";
  writeFileAtomicSync(file, `${existing}${separator}${entry}\n`);
  return file;
}

/** True when a line of the file already ignores this `.maia/` (the usual spellings). */
function alreadyIgnored(content: string, inner: string): boolean {
  const lines = content.split(/\r?\n/u).map((line) => line.trim());
  const prefixes = inner === "" ? ["", "/", "**/"] : [`/${inner}/`, `${inner}/`, "**/"];
  const accepted = new Set(prefixes.flatMap((prefix) => [`${prefix}.maia`, `${prefix}.maia/`, `${prefix}.maia/*`, `${prefix}.maia/**`]));
  if (inner !== "") accepted.add(".maia/").add(".maia");
  return lines.some((line) => accepted.has(line));
}
