import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";

/**
 * Path rules (Read, Write, Edit, Glob, Grep and Redirect; seed § 9.3): picomatch globs relative to the launch
 * folder, `~/…` under the home folder, or absolute. Both sides are made absolute and normalised before
 * matching, so `src/../../etc/passwd` is `/etc/passwd` and cannot match `src/**`. Symbolic links are followed
 * too: an allow needs the path as written and the real path to match; a deny or ask needs either.
 */
export interface PathContext {
  /** The launch folder. */
  cwd: string;
  homeDir: string;
  /** Real paths already resolved during this decision (the file system is read once per path). */
  realPaths?: Map<string, string>;
}

const matchers = new Map<string, (candidate: string) => boolean>();
const MATCHER_LIMIT = 2_000;

/** Escapes a folder name so that its `[`, `*`, `{`… are not read as glob syntax. */
function escapeGlob(text: string): string {
  return text.replace(/[\\*?[\]{}()!+@]/g, "\\$&");
}

/** The rule pattern as an absolute glob, rooted at the launch folder or the home folder when relative. */
export function absoluteGlob(pattern: string, context: PathContext): string {
  const trimmed = pattern.trim();
  if (trimmed.startsWith("/")) return path.posix.normalize(trimmed);
  if (trimmed === "~" || trimmed.startsWith("~/")) {
    return path.posix.normalize(`${escapeGlob(trimEnd(context.homeDir))}/${trimmed.slice(2)}`).replace(/(.)\/(\.)?$/, "$1");
  }
  const relative = trimmed.replace(/^\.\/+/, "");
  return path.posix.normalize(`${escapeGlob(trimEnd(context.cwd))}/${relative}`).replace(/(.)\/(\.)?$/, "$1");
}

function trimEnd(folder: string): string {
  return folder.length > 1 ? folder.replace(/\/+$/, "") : folder;
}

function matcherFor(glob: string): (candidate: string) => boolean {
  let matcher = matchers.get(glob);
  if (!matcher) {
    if (matchers.size >= MATCHER_LIMIT) matchers.clear();
    matcher = picomatch(glob, { dot: true, windows: false });
    matchers.set(glob, matcher);
  }
  return matcher;
}

/** A problem with a path pattern, or undefined when picomatch accepts it. */
export function pathPatternProblem(pattern: string): string | undefined {
  if (pattern.trim() === "") return "empty";
  if (pattern.includes("\0")) return "nul";
  try {
    picomatch.makeRe(pattern, { dot: true, windows: false });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** The absolute, normalised path a tool input or a redirect target designates. */
export function resolveSubject(subject: string, context: PathContext): string {
  if (subject === "~" || subject.startsWith("~/")) return path.resolve(context.homeDir, subject.slice(2));
  return path.resolve(context.cwd, subject);
}

/**
 * The path with symbolic links resolved as far as it exists; the missing rest is appended as written. A
 * dangling link is followed to where it points, since writing through it creates its target.
 */
export function realPath(absolute: string, cache?: Map<string, string>, depth = 0): string {
  const cached = cache?.get(absolute);
  if (cached !== undefined) return cached;
  let result: string;
  const stats = depth > 40 ? undefined : lstatSync(absolute, { throwIfNoEntry: false });
  if (stats === undefined) {
    const parent = path.dirname(absolute);
    result = parent === absolute ? absolute : path.join(realPath(parent, cache, depth), path.basename(absolute));
  } else {
    try {
      result = realpathSync.native(absolute);
    } catch {
      // A dangling link (or a loop): follow the link by hand.
      result = stats.isSymbolicLink() ? realPath(path.resolve(path.dirname(absolute), readlinkSync(absolute)), cache, depth + 1) : absolute;
    }
  }
  cache?.set(absolute, result);
  return result;
}

function cachedRealPath(absolute: string, context: PathContext): string {
  return realPath(absolute, context.realPaths);
}

const rooted = new Map<string, (candidate: string) => boolean>();

/** The matcher of a rule pattern rooted at a launch folder and a home folder, built once. */
function rootedMatcher(pattern: string, context: { cwd: string; homeDir: string }): (candidate: string) => boolean {
  const key = `${context.cwd}\0${context.homeDir}\0${pattern}`;
  let matcher = rooted.get(key);
  if (!matcher) {
    if (rooted.size >= MATCHER_LIMIT) rooted.clear();
    matcher = matcherFor(absoluteGlob(pattern, context));
    rooted.set(key, matcher);
  }
  return matcher;
}

/** Does a path rule's pattern match an absolute path, as written or through its links? */
export function pathRuleMatches(pattern: string, absolute: string, context: PathContext, mode: "allow" | "restrict"): boolean {
  const lexical = rootedMatcher(pattern, context)(absolute);
  // An allow needs both views, a deny or an ask either: the second one is only looked at when it matters.
  if (mode === "allow" ? !lexical : lexical) return lexical;
  const real = cachedRealPath(absolute, context);
  const realContext = { cwd: cachedRealPath(context.cwd, context), homeDir: cachedRealPath(context.homeDir, context) };
  if (real === absolute && realContext.cwd === context.cwd && realContext.homeDir === context.homeDir) return lexical;
  return rootedMatcher(pattern, realContext)(real);
}
