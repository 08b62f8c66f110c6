import path from "node:path";

/**
 * Where a path given by the model points (seed § 8): `~` and `~/…` are the home folder, an absolute path is
 * used as given, anything else is relative to the launch folder.
 */
export function resolveToolPath(given: string, cwd: string, homeDir: string): string {
  if (given === "~") return path.resolve(homeDir);
  if (given.startsWith("~/")) return path.resolve(homeDir, given.slice(2));
  return path.resolve(cwd, given);
}

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
