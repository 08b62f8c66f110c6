import path from "node:path";
import picomatch from "picomatch";
import { FileBytes } from "./file-bytes.ts";
import type { GrepCollector } from "./grep-output.ts";
import type { LineMatcher } from "./line-matcher.ts";
import { displayPath } from "./paths.ts";
import { bomLength, createDecoder, detectEncoding } from "@maia/util";
import { walkFiles } from "./walk.ts";

export interface GrepTarget {
  /** Absolute path of the folder to search, or of the one file. */
  absolute: string;
  isFile: boolean;
  cwd: string;
  signal?: AbortSignal | undefined;
  /** Only files whose root-relative path (or name, for a pattern without `/`) matches. */
  glob?: string | undefined;
}

export interface GrepStats {
  /** Files skipped for being over 2 MB (the model is told, so that it can Read them instead). */
  skippedLarge: number;
  skippedBinary: number;
}

/** The binary test ripgrep and git use: a NUL byte early in the file. */
const BINARY_WINDOW = 8192;

/**
 * Runs Grep over a file or a folder: walk (ignores applied), read each file into one reused buffer, skip
 * binaries and files over the limit, skip at memchr speed files that lack the pattern's required text, then
 * decode and search the rest. Stops walking as soon as the collector has what it may return.
 */
export async function searchFiles(target: GrepTarget, matcher: LineMatcher, collector: GrepCollector): Promise<GrepStats> {
  const stats: GrepStats = { skippedLarge: 0, skippedBinary: 0 };
  const bytes = new FileBytes();
  const searchOne = (absolute: string, shown: string): boolean => {
    const outcome = bytes.read(absolute);
    if (outcome.kind === "too_large") {
      stats.skippedLarge += 1;
      return true;
    }
    if (outcome.kind === "unreadable") return true;
    const view = bytes.buffer.subarray(0, outcome.length);
    const encoding = detectEncoding(view);
    let text: string;
    if (encoding === "utf16le" || encoding === "utf16be") {
      text = createDecoder(encoding).decode(view.subarray(2));
    } else {
      if (view.subarray(0, BINARY_WINDOW).indexOf(0) !== -1) {
        stats.skippedBinary += 1;
        return true;
      }
      if (matcher.literal && view.indexOf(matcher.literal) === -1) return true;
      text = view.toString("utf8", bomLength(encoding));
    }
    return collector.addFile(shown, text);
  };

  if (target.isFile) {
    searchOne(target.absolute, displayPath(target.absolute, target.cwd));
    return stats;
  }
  const isWanted = target.glob ? picomatch(target.glob, { dot: true, basename: !target.glob.includes("/") }) : undefined;
  const shownRoot = displayPath(target.absolute, target.cwd);
  // Paths shown relative to the launch folder when the root lies inside it; computed by concatenation,
  // which is much cheaper per file than path.relative.
  const prefix = shownRoot === "." ? "" : path.isAbsolute(shownRoot) ? `${target.absolute.replace(/\/$/, "")}/` : `${shownRoot}/`;
  await walkFiles(
    {
      root: target.absolute,
      cwd: target.cwd,
      signal: target.signal,
      skipNodeModules: !(target.glob ?? "").includes("node_modules"),
    },
    (relative, absolute) => {
      if (isWanted && !isWanted(relative)) return true;
      return searchOne(absolute, prefix + relative);
    },
  );
  return stats;
}
