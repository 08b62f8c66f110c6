import { accessSync, constants, statSync } from "node:fs";
import path from "node:path";

/** What a search for an agent's command found: how it would start, or why it would not. */
export type CommandLookup =
  | { found: true; path: string }
  | { found: false; reason: "not-on-path" | "missing" | "folder" | "not-executable"; path: string };

/**
 * Looks an agent's command up as `spawn` will: a name with a slash is a path (relative to the agent's working
 * folder, where the process starts), checked for existence and the execute bit; a bare name is searched on
 * the PATH the agent gets. Only a warning comes of it: the command may be installed after the file is saved.
 */
export function findCommand(command: string, cwd: string, searchPath: string | undefined): CommandLookup {
  if (command.includes("/")) {
    const file = path.resolve(cwd, command);
    const reason = executableProblem(file);
    return reason ? { found: false, reason, path: file } : { found: true, path: file };
  }
  for (const folder of (searchPath ?? "").split(path.delimiter)) {
    // An empty PATH entry means the current folder, as for a shell.
    const file = path.resolve(cwd, folder, command);
    if (executableProblem(file) === undefined) return { found: true, path: file };
  }
  return { found: false, reason: "not-on-path", path: command };
}

function executableProblem(file: string): "missing" | "folder" | "not-executable" | undefined {
  try {
    if (statSync(file).isDirectory()) return "folder";
    accessSync(file, constants.X_OK);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EACCES" ? "not-executable" : "missing";
  }
}
