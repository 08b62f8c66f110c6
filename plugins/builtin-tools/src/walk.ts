import { lstatSync, readdirSync, statSync, type Dirent } from "node:fs";
import path from "node:path";
import { TimeSlice } from "./abort.ts";
import { IgnoreRules, ignoreBoundary } from "./ignore-rules.ts";

export interface WalkOptions {
  /** Absolute folder to list. */
  root: string;
  /** The launch folder: the limit of .gitignore lookup outside a repository. */
  cwd: string;
  signal?: AbortSignal | undefined;
  /** Most path segments a file's root-relative path may have; unlimited when undefined. */
  maxDepth?: number | undefined;
  /** Prune `node_modules` folders below the root (seed § 8 for Grep; Glob unless the pattern names it). */
  skipNodeModules: boolean;
}

/** Called for each file, in order; returning false stops the walk. */
export type VisitFile = (relative: string, absolute: string) => boolean | void;

interface Frame {
  absolute: string;
  relative: string;
  depth: number;
  rules: IgnoreRules;
}

function byName(a: Dirent, b: Dirent): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * Lists the files under a folder, depth first in name order (each folder's files before its sub-folders), the
 * way Glob and Grep need it: `.git` never, `node_modules` and .gitignored paths pruned without being read,
 * symbolic links to files followed and links to folders not (no cycles). Synchronous calls are several times
 * faster than `fs.promises` for this; the event loop is handed back every few milliseconds, so an abort
 * stops the walk promptly. Returns false when `visit` stopped it.
 */
export async function walkFiles(options: WalkOptions, visit: VisitFile): Promise<boolean> {
  const slice = new TimeSlice(options.signal);
  const rootRules = IgnoreRules.above(options.root, ignoreBoundary(options.root, options.cwd));
  const stack: Frame[] = [{ absolute: options.root, relative: "", depth: 0, rules: rootRules }];
  const separator = path.sep;
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    let entries: Dirent[];
    try {
      entries = readdirSync(frame.absolute, { withFileTypes: true });
    } catch {
      continue; // Unreadable folder (permissions, removed meanwhile): skipped like ripgrep does.
    }
    entries.sort(byName);
    const base = frame.absolute.endsWith(separator) ? frame.absolute : frame.absolute + separator;
    let rules = frame.rules;
    if (entries.some((entry) => entry.name === ".gitignore")) rules = rules.withGitignore(frame.relative, `${base}.gitignore`);
    const folders: Frame[] = [];
    const descend = options.maxDepth === undefined || frame.depth + 1 < options.maxDepth;
    for (const entry of entries) {
      const name = entry.name;
      if (name === ".git") continue;
      const relative = frame.relative === "" ? name : `${frame.relative}/${name}`;
      const absolute = base + name;
      let folder = entry.isDirectory();
      let file = entry.isFile();
      if (entry.isSymbolicLink()) {
        file = isFileTarget(absolute);
        folder = false;
      } else if (!folder && !file && !entry.isFIFO() && !entry.isSocket() && !entry.isBlockDevice() && !entry.isCharacterDevice()) {
        // Some file systems do not report entry types: ask.
        const kind = lstatKind(absolute);
        folder = kind === "folder";
        file = kind === "file";
      }
      if (folder) {
        if (!descend || (options.skipNodeModules && name === "node_modules")) continue;
        if (rules.active && rules.ignores(relative, true)) continue;
        folders.push({ absolute, relative, depth: frame.depth + 1, rules });
      } else if (file) {
        if (rules.active && rules.ignores(relative, false)) continue;
        if (visit(relative, absolute) === false) return false;
        if (slice.due()) await slice.pause();
      }
    }
    for (let index = folders.length - 1; index >= 0; index -= 1) stack.push(folders[index] as Frame);
    if (slice.due()) await slice.pause();
  }
  return true;
}

function isFileTarget(absolute: string): boolean {
  try {
    return statSync(absolute).isFile();
  } catch {
    return false; // A dangling link.
  }
}

function lstatKind(absolute: string): "file" | "folder" | "other" {
  try {
    const stats = lstatSync(absolute);
    return stats.isFile() ? "file" : stats.isDirectory() ? "folder" : "other";
  } catch {
    return "other";
  }
}
