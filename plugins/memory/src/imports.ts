import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { errorMessage } from "@maia/kernel";
import { isMissing } from "@maia/util";
import { t } from "./messages.ts";

/**
 * `@path` imports in MAIA.md, CLAUDE.md, AGENTS.md and CLAUDE.local.md, as Claude Code reads them (its memory page):
 * `@docs/git.md` relative to the file that holds it, `@~/x.md` in the home folder, `@/abs/x.md`; imported files
 * may import others, at most four hops from the first file; `@path` inside a code span or a fenced block is text.
 * A file missing, unreadable, a folder, deeper than four hops, or an import that comes back to a file being read
 * (a cycle) is a warning naming the file and the line of the import, never a crash. A file imported twice is read
 * once. Every file read counts toward the cap of the instructions (MAX_INSTRUCTIONS_CHARS).
 */
export const MAX_IMPORT_DEPTH = 4;

/** One file of the memory, in the order the model reads them. */
export interface MemoryPiece {
  file: string;
  text: string;
  /** The file whose `@` import brought this one in. */
  importedBy?: string;
}

export interface ImportOptions {
  homeDir: string;
  /** Files already read for this memory (a file imported twice is read once). */
  seen: Set<string>;
  warnings: string[];
}

/** A file and everything it imports, depth first: the file, then each import in the order written (with its own). */
export async function readWithImports(file: string, text: string, options: ImportOptions): Promise<MemoryPiece[]> {
  options.seen.add(path.resolve(file));
  const pieces: MemoryPiece[] = [{ file, text }];
  await expand(file, text, [path.resolve(file)], 1, pieces, options);
  return pieces;
}

async function expand(file: string, text: string, chain: string[], depth: number, pieces: MemoryPiece[], options: ImportOptions): Promise<void> {
  for (const reference of importsIn(text)) {
    const where = `${file}:${reference.line}`;
    const target = await resolveImport(reference.path, path.dirname(file), options.homeDir);
    if (target === undefined) {
      options.warnings.push(t("importMissing", { where, path: reference.path }));
      continue;
    }
    if (chain.includes(target)) {
      options.warnings.push(t("importCycle", { where, path: reference.path, chain: [...chain, target].map((each) => path.basename(each)).join(" → ") }));
      continue;
    }
    if (options.seen.has(target)) continue;
    if (depth > MAX_IMPORT_DEPTH) {
      options.warnings.push(t("importTooDeep", { where, path: reference.path, max: MAX_IMPORT_DEPTH }));
      continue;
    }
    let content: string;
    try {
      content = await readFile(target, "utf8");
    } catch (error) {
      options.warnings.push(t("importUnreadable", { where, path: reference.path, cause: errorMessage(error) }));
      continue;
    }
    options.seen.add(target);
    pieces.push({ file: target, text: content, importedBy: file });
    await expand(target, content, [...chain, target], depth + 1, pieces, options);
  }
}

/**
 * The file an import names, or undefined when there is none (a folder is none too). Trailing punctuation of a
 * sentence (`see @README.md.`) is dropped when the name with it is not a file.
 */
async function resolveImport(written: string, folder: string, homeDir: string): Promise<string | undefined> {
  const candidates = [written];
  const bare = written.replace(/[.,;:!?]+$/, "");
  if (bare !== written && bare !== "") candidates.push(bare);
  for (const candidate of candidates) {
    const absolute = candidate === "~" || candidate.startsWith("~/") ? path.join(homeDir, candidate.slice(2)) : path.resolve(folder, candidate);
    if (isMissing(absolute)) continue;
    const info = await stat(absolute).catch(() => undefined);
    if (info?.isFile()) return absolute;
  }
  return undefined;
}

/** The `@path` imports of a Markdown text, with their lines; code spans and fenced blocks are skipped. */
export function importsIn(text: string): Array<{ path: string; line: number }> {
  const found: Array<{ path: string; line: number }> = [];
  let fence: string | undefined;
  text.split("\n").forEach((raw, index) => {
    const line = raw.replace(/\r$/, "");
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker !== undefined) {
      if (fence === undefined) fence = marker[0] as string;
      else if (marker.startsWith(fence)) fence = undefined;
      return;
    }
    if (fence !== undefined) return;
    const outsideCode = line.replace(/(`+)[\s\S]*?\1/g, (span) => " ".repeat(span.length));
    for (const match of outsideCode.matchAll(/(?:^|[\s(\[])@((?:~\/|\.{1,2}\/|\/)?[^\s`'"<>()[\]{}@]+)/g)) {
      // An e-mail address is not one (no blank before its `@`); a bare name is (Claude Code's `@README`).
      found.push({ path: match[1] as string, line: index + 1 });
    }
  });
  return found;
}
