/**
 * Runs the real `git` binary on a shadow repository: its own GIT_DIR, the launch folder as work tree, and an
 * environment from which every inherited GIT_* variable is removed (a MAIA started from a git hook must not
 * write into the user's repository) and where no system or global configuration is read (the user's hooks,
 * aliases, `core.autocrlf` or `core.excludesFile` must not change what a checkpoint holds).
 */
export interface GitResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface GitRunOptions {
  input?: string;
  /** Another index file than the shadow repository's own (a throw-away snapshot). */
  indexFile?: string;
  /** Exit codes that are answers rather than failures (`diff --quiet` answers 1). */
  allowExitCodes?: readonly number[];
}

export class GitError extends Error {
  readonly exitCode: number | undefined;
  constructor(message: string, exitCode: number | undefined) {
    super(message);
    this.name = "GitError";
    this.exitCode = exitCode;
  }
}

/** True when `git` cannot be started at all (not installed): checkpoints fall back to file copies. */
export class GitMissingError extends Error {
  constructor() {
    super("git was not found on PATH");
    this.name = "GitMissingError";
  }
}

export function isolatedEnv(base: NodeJS.ProcessEnv, gitDir: string, workTree: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(base)) if (!key.startsWith("GIT_")) env[key] = value;
  return {
    ...env,
    GIT_DIR: gitDir,
    GIT_WORK_TREE: workTree,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_LITERAL_PATHSPECS: "1",
    GIT_TERMINAL_PROMPT: "0",
    GIT_AUTHOR_NAME: "MAIA",
    GIT_AUTHOR_EMAIL: "maia@localhost",
    GIT_COMMITTER_NAME: "MAIA",
    GIT_COMMITTER_EMAIL: "maia@localhost",
    LC_ALL: "C",
  };
}

export type Git = (args: readonly string[], options?: GitRunOptions) => Promise<GitResult>;

/** A runner bound to one shadow repository. Another process holding the index lock is waited for, briefly. */
export function gitRunner(env: NodeJS.ProcessEnv, gitDir: string, workTree: string): Git {
  const base = isolatedEnv(env, gitDir, workTree);
  return async (args, options = {}) => {
    // execa (~270 KB with its dependencies) is imported by the first snapshot, not when the plugin loads.
    const { execa } = await import("execa");
    for (let attempt = 0; ; attempt += 1) {
      let result;
      try {
        result = await execa("git", [...args], {
          cwd: workTree,
          env: options.indexFile ? { ...base, GIT_INDEX_FILE: options.indexFile } : base,
          extendEnv: false,
          reject: false,
          stripFinalNewline: false,
          maxBuffer: 256 * 1024 * 1024,
          ...(options.input === undefined ? { stdin: "ignore" as const } : { input: options.input }),
        });
      } catch (error) {
        throw spawnFailure(error);
      }
      if ((result as { code?: string }).code === "ENOENT" || (result.failed && result.exitCode === undefined && /ENOENT/.test(String(result.message)))) {
        throw new GitMissingError();
      }
      const exitCode = result.exitCode ?? -1;
      const stdout = String(result.stdout ?? "");
      const stderr = String(result.stderr ?? "");
      if (exitCode === 0 || options.allowExitCodes?.includes(exitCode)) return { stdout, stderr, exitCode };
      // Two MAIA in one folder (a terminal and an editor) share the shadow index: wait for the other one.
      if (/index\.lock|\.lock': File exists/.test(stderr) && attempt < 20) {
        await new Promise((resolve) => setTimeout(resolve, 50 + attempt * 25));
        continue;
      }
      throw new GitError(`git ${args[0] ?? ""}: ${stderr.trim() || `exit code ${exitCode}`}`, exitCode);
    }
  };
}

function spawnFailure(error: unknown): Error {
  const code = (error as { code?: string } | undefined)?.code;
  if (code === "ENOENT") return new GitMissingError();
  return error instanceof Error ? error : new Error(String(error));
}

/** Splits `-z` output into its fields, without the empty one after the last NUL. */
export function nulFields(output: string): string[] {
  const fields = output.split("\0");
  if (fields.at(-1) === "") fields.pop();
  return fields;
}
