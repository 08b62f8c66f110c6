import path from "node:path";

/** Where a path given by the model points (seed § 8): one definition for every tool and front end. */
export { resolveToolPath } from "@maia/util";

/**
 * How a path is shown back to the model: relative to the launch folder when it lies inside it (shorter, and
 * the model can pass it back as is), absolute otherwise.
 */
export function displayPath(absolute: string, cwd: string): string {
  const relative = path.relative(cwd, absolute);
  if (relative === "") return ".";
  if (isOutside(relative)) return absolute;
  return relative.split(path.sep).join("/");
}

/** Whether a `path.relative` result leaves its base (a folder named `..x` inside it does not). */
export function isOutside(relative: string): boolean {
  return relative === ".." || relative.startsWith(`..${path.sep}`) || path.isAbsolute(relative);
}
