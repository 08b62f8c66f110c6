import path from "node:path";

/**
 * The base of every relative path (seed § 5.2), resolved once at start-up: MAIA_CWD, then INIT_CWD (set by
 * pnpm and npm when MAIA runs through a script, so that `pnpm maia` works where the user typed it), then the
 * process's own folder.
 */
export function resolveLaunchFolder(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): string {
  const chosen = env.MAIA_CWD?.trim() || env.INIT_CWD?.trim() || cwd;
  return path.resolve(cwd, chosen);
}
