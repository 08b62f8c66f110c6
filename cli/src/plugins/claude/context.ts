import path from "node:path";

/** What the commands of `maia plugins` work with: npm plugins and Claude Code plugins alike. */
export interface ClaudeContext {
  cwd: string;
  homeDir: string;
  env: NodeJS.ProcessEnv;
  /** `--project`: the launch folder's `.maia/` (settings.json, config.json) rather than `~/.maia/`. */
  project: boolean;
  /** Progress for the user ("Installing…", "Cloning…"), on stderr. */
  progress?(line: string): void;
}

export type Outcome = { ok: true; lines: string[] } | { ok: false; message: string; usage?: boolean };

/** Shortens the home folder to `~` in what the user reads. */
export function shown(target: string, homeDir: string): string {
  return target === homeDir || target.startsWith(`${homeDir}${path.sep}`) ? `~${target.slice(homeDir.length)}` : target;
}
