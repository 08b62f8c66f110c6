// The process runner Bash uses too, shared through @maia/util.
import { runShell, type ShellStatus } from "@maia/util";
import { t } from "./messages.ts";

/** Seed § 23: timeout of a `!` command, characters captured, and § 11.2's delay between SIGTERM and SIGKILL. */
export const USER_SHELL_LIMITS = { timeoutMs: 120_000, maxChars: 1_000_000, killGraceMs: 1_000 };

export type UserShellLimits = typeof USER_SHELL_LIMITS;

export interface UserShellResult {
  command: string;
  /** Where it ran: the launch folder. */
  cwd: string;
  /** stdout and stderr in arrival order, at most `maxChars` (middle cut beyond). */
  output: string;
  status: ShellStatus;
  durationMs: number;
}

export interface UserShellOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  limits?: UserShellLimits;
}

/**
 * Runs what the user typed after `!` with the same runner as the Bash tool (system shell, own process group,
 * SIGTERM then SIGKILL, merged streams), with the `!` limits. Never rejects: every end is a status.
 */
export async function runUserShell(command: string, options: UserShellOptions): Promise<UserShellResult> {
  const limits = options.limits ?? USER_SHELL_LIMITS;
  const started = performance.now();
  try {
    const result = await runShell(command, {
      cwd: options.cwd,
      env: options.env,
      signal: options.signal,
      ...limits,
      cutMarker: (omitted) => t("outputCut", { count: omitted }),
    });
    return { command, cwd: options.cwd, ...result, durationMs: Math.round(performance.now() - started) };
  } catch (error) {
    // runShell promises never to throw; should it break that promise, the user still gets a status.
    const cause = error instanceof Error ? error.message : String(error);
    return { command, cwd: options.cwd, output: "", status: { kind: "launch_failed", cause }, durationMs: Math.round(performance.now() - started) };
  }
}

/** The status in words (seed § 11.2 describeShellStatus): interrupted, launch failure, timeout, signal, exit code. */
export function describeShellStatus(status: ShellStatus): string {
  switch (status.kind) {
    case "exit":
      return t("statusExit", { code: status.code });
    case "signal":
      return t("statusSignal", { signal: status.signal });
    case "timeout":
      return t("statusTimeout", { seconds: status.seconds });
    case "interrupted":
      return t("statusInterrupted");
    case "launch_failed":
      return t("statusLaunchFailed", { cause: status.cause });
  }
}

export type { ShellStatus };
