import { readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import type { FileMatch } from "../protocol.ts";

/** How many entries of a folder tree are looked at, at most: a home folder must not make `@` hang. */
export const MAX_ENTRIES = 20_000;
/** How many matches `complete` answers. */
export const MAX_MATCHES = 50;
/** Folders never walked: what nobody names with `@` and what makes trees huge. */
const SKIPPED = new Set([".git", "node_modules", ".hg", ".svn"]);
/** A listing is reused this long: `@` asks again at every key typed. */
const FRESH_MS = 5_000;

interface Listing {
  at: number;
  entries: Promise<FileMatch[]>;
}

/**
 * `FileService.Complete(agent, query)`: the files and folders of an agent's folder that match what follows `@`,
 * by relative path, best first. Confined as the agent's own file access is (src/chat/file-system.ts): the folder
 * is walked from its real path, symbolic links are listed only when they point inside it and are never
 * followed, and nothing outside the folder is ever named.
 */
export class FileCompletion {
  private readonly listings = new Map<string, Listing>();

  async complete(cwd: string, query: string): Promise<FileMatch[]> {
    const entries = await this.entries(cwd);
    return rank(entries, query);
  }

  private entries(cwd: string): Promise<FileMatch[]> {
    const cached = this.listings.get(cwd);
    if (cached && Date.now() - cached.at < FRESH_MS) return cached.entries;
    const entries = walk(cwd);
    this.listings.set(cwd, { at: Date.now(), entries });
    entries.catch(() => this.listings.delete(cwd));
    return entries;
  }
}

/** The tree under `cwd`, breadth first (near files before deep ones), at most `MAX_ENTRIES` entries. */
export async function walk(cwd: string): Promise<FileMatch[]> {
  const root = await realpath(cwd);
  const found: FileMatch[] = [];
  const folders = [""];
  while (folders.length > 0 && found.length < MAX_ENTRIES) {
    const relative = folders.shift()!;
    let dirents;
    try {
      dirents = await readdir(path.join(root, relative), { withFileTypes: true });
    } catch {
      continue;
    }
    dirents.sort((a, b) => byCodePoint(a.name, b.name));
    for (const dirent of dirents) {
      if (found.length >= MAX_ENTRIES) break;
      if (SKIPPED.has(dirent.name)) continue;
      const child = relative === "" ? dirent.name : `${relative}/${dirent.name}`;
      if (dirent.isDirectory()) {
        found.push({ path: child, kind: "folder" });
        folders.push(child);
      } else if (dirent.isFile()) found.push({ path: child, kind: "file" });
      else if (dirent.isSymbolicLink()) {
        const target = await linkInside(root, path.join(root, child));
        if (target) found.push({ path: child, kind: target });
      }
    }
  }
  return found;
}

/** What a symbolic link designates, when it resolves inside `root`; undefined otherwise (or dangling). */
async function linkInside(root: string, link: string): Promise<FileMatch["kind"] | undefined> {
  try {
    const real = await realpath(link);
    const relative = path.relative(root, real);
    if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
    return (await stat(real)).isDirectory() ? "folder" : "file";
  } catch {
    return undefined;
  }
}

/**
 * The best `MAX_MATCHES` entries for `query` (case-insensitive): the whole path, then a name that starts with it, a
 * path that starts with it, a name or a path that contains it, then its characters in order; among equals, the
 * shorter path first. An empty query lists the nearest entries.
 */
export function rank(entries: readonly FileMatch[], query: string): FileMatch[] {
  const wanted = query.toLowerCase().replace(/^\.\//, "");
  if (wanted === "") return entries.slice(0, MAX_MATCHES);
  const scored: Array<{ entry: FileMatch; score: number }> = [];
  for (const entry of entries) {
    const score = scoreOf(entry.path.toLowerCase(), wanted);
    if (score !== undefined) scored.push({ entry, score });
  }
  scored.sort((a, b) => a.score - b.score || a.entry.path.length - b.entry.path.length || byCodePoint(a.entry.path, b.entry.path));
  return scored.slice(0, MAX_MATCHES).map(({ entry }) => entry);
}

/** The same order on every machine (localeCompare depends on the locale). */
function byCodePoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function scoreOf(candidate: string, wanted: string): number | undefined {
  if (candidate === wanted) return 0;
  const name = candidate.slice(candidate.lastIndexOf("/") + 1);
  if (name.startsWith(wanted)) return 1;
  if (candidate.startsWith(wanted)) return 2;
  if (name.includes(wanted)) return 3;
  if (candidate.includes(wanted)) return 4;
  let at = 0;
  for (const character of wanted) {
    at = candidate.indexOf(character, at);
    if (at < 0) return undefined;
    at += 1;
  }
  return 5;
}
