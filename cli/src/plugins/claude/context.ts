import path from "node:path";

/** What the Claude Code plugin commands of `maia plugins` work with. */
export interface ClaudeContext {
  cwd: string;
  homeDir: string;
  env: NodeJS.ProcessEnv;
  /** `--project`: the launch folder's `.maia/settings.json` rather than `~/.maia/settings.json`. */
  project: boolean;
  /** Progress for the user ("Cloning…"), on stderr. */
  progress?(line: string): void;
}

export type Outcome = { ok: true; lines: string[] } | { ok: false; message: string; usage?: boolean };

/** Shortens the home folder to `~` in what the user reads. */
export function shown(target: string, homeDir: string): string {
  return target === homeDir || target.startsWith(`${homeDir}${path.sep}`) ? `~${target.slice(homeDir.length)}` : target;
}
