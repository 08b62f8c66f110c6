import { execFile } from "node:child_process";

export interface GitResult {
  ok: boolean;
  stdout: string;
  /** git's own message, or why it could not run. */
  message: string;
}

/** A clone or a fetch may be slow; one that hangs (a server that never answers) is stopped. */
const GIT_TIMEOUT_MS = 5 * 60_000;

/**
 * Runs the system's `git` without a shell (each argument is one argument, whatever it holds), never prompting
 * (a private repository without credentials fails with git's message instead of waiting on a terminal nobody
 * watches). Never rejects.
 */
export function git(args: readonly string[], options: { cwd?: string; env: NodeJS.ProcessEnv }): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile(
      "git",
      [...args],
      { cwd: options.cwd, env: { ...options.env, GIT_TERMINAL_PROMPT: "0" }, timeout: GIT_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024, windowsHide: true },
      (error, stdout, stderr) => {
        if (!error) {
          resolve({ ok: true, stdout: String(stdout), message: "" });
          return;
        }
        const code = (error as NodeJS.ErrnoException).code;
        const message = code === "ENOENT" ? "ENOENT" : String(stderr).trim() || error.message;
        resolve({ ok: false, stdout: String(stdout), message });
      },
    );
  });
}

/**
 * Clones a repository into `target` (which must not exist): the tip of `ref` (or the default branch) without its
 * history, or the whole history when a commit `sha` is pinned, then that commit. Submodules are not fetched, and
 * nothing of the repository runs (git runs no hook of a repository it clones).
 */
export async function cloneRepository(url: string, target: string, pin: { ref?: string; sha?: string }, env: NodeJS.ProcessEnv): Promise<GitResult> {
  if (pin.sha !== undefined) {
    const clone = await git(["clone", "--quiet", "--no-checkout", "--no-recurse-submodules", ...(pin.ref ? ["--branch", pin.ref] : []), "--", url, target], { env });
    if (!clone.ok) return clone;
    return git(["-C", target, "checkout", "--quiet", "--detach", pin.sha], { env });
  }
  return git(["clone", "--quiet", "--depth", "1", "--no-recurse-submodules", ...(pin.ref ? ["--branch", pin.ref] : []), "--", url, target], { env });
}

/** Brings a clone to the tip of its remote's branch (`ref`, or the one it follows), dropping local changes. */
export async function updateRepository(folder: string, ref: string | undefined, env: NodeJS.ProcessEnv): Promise<GitResult> {
  const fetch = await git(["-C", folder, "fetch", "--quiet", "--depth", "1", "origin", ...(ref ? [ref] : [])], { env });
  if (!fetch.ok) return fetch;
  return git(["-C", folder, "reset", "--quiet", "--hard", "FETCH_HEAD"], { env });
}

/** The commit a clone is at, or undefined. */
export async function headCommit(folder: string, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const head = await git(["-C", folder, "rev-parse", "HEAD"], { env });
  return head.ok ? head.stdout.trim() || undefined : undefined;
}
