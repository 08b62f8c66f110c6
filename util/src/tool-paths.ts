import path from "node:path";

/**
 * The input keys that name the file or folder a tool works on: MAIA's `path`, and the `file_path` / `filePath` of
 * the agents some models were trained on (tools accept them as aliases). The one list the permission rules, the
 * approval modes and the memory plugin read.
 */
export const PATH_INPUT_KEYS: readonly string[] = ["path", "file_path", "filePath"];

/** The path a tool input names (the first non-empty of PATH_INPUT_KEYS), as given; undefined when none. */
export function pathInputOf(input: Record<string, unknown>): string | undefined {
  for (const key of PATH_INPUT_KEYS) {
    const value = input[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/**
 * Where a path given by the model points (seed § 8): `~` and `~/…` are the home folder, an absolute path is used
 * as given, anything else is relative to the launch folder.
 */
export function resolveToolPath(given: string, cwd: string, homeDir: string): string {
  if (given === "~") return path.resolve(homeDir);
  if (given.startsWith("~/")) return path.resolve(homeDir, given.slice(2));
  return path.resolve(cwd, given);
}
