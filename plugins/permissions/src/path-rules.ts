import path from "node:path";
import picomatch from "picomatch";
import { resolveToolPath } from "@maia/util";
import { RealPaths } from "./real-paths.ts";

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
  realPaths?: RealPaths;
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

/**
 * For an allow, `[ab]` is a class only (as in gitignore and Claude Code): picomatch by default also matches the
 * brackets literally and any path equal to the glob, which would let an allow cover more than it says. A deny or
 * an ask keeps both readings: matching wider there only asks more.
 */
function matcherFor(glob: string, mode: MatchMode): (candidate: string) => boolean {
  const key = `${mode}\0${glob}`;
  let matcher = matchers.get(key);
  if (!matcher) {
    if (matchers.size >= MATCHER_LIMIT) matchers.clear();
    if (mode === "allow") {
      const regex = picomatch.makeRe(glob, { dot: true, windows: false, literalBrackets: false });
      matcher = (candidate) => regex.test(candidate);
    } else matcher = picomatch(glob, { dot: true, windows: false });
    matchers.set(key, matcher);
  }
  return matcher;
}

type MatchMode = "allow" | "restrict";

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

/** The absolute, normalised path a tool input or a redirect target designates: where the tool itself looks. */
export function resolveSubject(subject: string, context: PathContext): string {
  return resolveToolPath(subject, context.cwd, context.homeDir);
}

/** Matchers by launch folder, home folder and pattern: found without building a key for each path matched. */
const rooted = new Map<string, Map<string, Map<string, (candidate: string) => boolean>>>();
const ROOTED_KEY = { allow: "a", restrict: "r" } as const;
let rootedCount = 0;

/** The matcher of a rule pattern rooted at a launch folder and a home folder, built once. */
function rootedMatcher(pattern: string, cwd: string, homeDir: string, mode: MatchMode): (candidate: string) => boolean {
  let byHome = rooted.get(`${ROOTED_KEY[mode]}${cwd}`);
  if (!byHome) rooted.set(`${ROOTED_KEY[mode]}${cwd}`, (byHome = new Map()));
  let byPattern = byHome.get(homeDir);
  if (!byPattern) byHome.set(homeDir, (byPattern = new Map()));
  let matcher = byPattern.get(pattern);
  if (!matcher) {
    if (rootedCount >= MATCHER_LIMIT) {
      rooted.clear();
      rootedCount = 0;
      return rootedMatcher(pattern, cwd, homeDir, mode);
    }
    matcher = matcherFor(absoluteGlob(pattern, { cwd, homeDir }), mode);
    byPattern.set(pattern, matcher);
    rootedCount += 1;
  }
  return matcher;
}

/** Does a path rule's pattern match an absolute path, as written or through its links? */
export function pathRuleMatches(pattern: string, absolute: string, context: PathContext, mode: MatchMode): boolean {
  const lexical = rootedMatcher(pattern, context.cwd, context.homeDir, mode)(absolute);
  // An allow needs both views, a deny or an ask either: the second one is only looked at when it matters.
  if (mode === "allow" ? !lexical : lexical) return lexical;
  // The decision's own real paths (see RealPaths), or fresh ones: never any kept from an earlier decision.
  const paths = context.realPaths ?? new RealPaths();
  const real = paths.of(absolute);
  const cwd = paths.of(context.cwd);
  const homeDir = paths.of(context.homeDir);
  if (real === absolute && cwd === context.cwd && homeDir === context.homeDir) return lexical;
  return rootedMatcher(pattern, cwd, homeDir, mode)(real);
}
