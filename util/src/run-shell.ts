import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { StringDecoder } from "node:string_decoder";
import { OutputCap } from "./output-cap.ts";

export type ShellStatus =
  | { kind: "exit"; code: number }
  | { kind: "signal"; signal: string }
  | { kind: "timeout"; seconds: number }
  | { kind: "interrupted" }
  | { kind: "launch_failed"; cause: string };

export interface ShellResult {
  output: string;
  status: ShellStatus;
}

export interface ShellOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal | undefined;
  timeoutMs: number;
  maxChars: number;
  /** Between SIGTERM and SIGKILL (seed § 8: 1 s). */
  killGraceMs: number;
  /** How the middle of an over-long output is replaced. */
  cutMarker: (omitted: number) => string;
  /**
   * Starts the command instead of the system shell here (the OS sandbox's seam): the process must run the
   * command line through a shell with stderr merged into its stdout pipe, in its own process group (detached),
   * so that the group can be stopped as a whole. A rejection is a launch failure.
   */
  spawn?: CommandSpawner;
}

/** Starts a command line; see ShellOptions.spawn. */
export type CommandSpawner = (command: string, options: { cwd: string; env: NodeJS.ProcessEnv }) => Promise<ChildProcess>;

/**
 * After the shell exits, how long to wait for the output pipe to close. A command that leaves a process in
 * the background (`server &`) keeps the pipe open; the result must not wait for it.
 */
const DRAIN_AFTER_EXIT_MS = 200;

/** bash when the system has it (the syntax models write), else the POSIX shell. */
export function systemShell(): string {
  return existsSync("/bin/bash") ? "/bin/bash" : "/bin/sh";
}

/**
 * Runs a command line the way the seed's runShell does (§ 8, § 11.2): through the system shell, in its own
 * process group so that a timeout or an interrupt stops the whole tree (SIGTERM, then SIGKILL after the grace
 * delay), stdout and stderr merged in the order they were written, the output capped. Never rejects: every
 * end is a status.
 *
 * The merge happens in the child, not here: the outer shell points its stderr at its stdout (`exec 2>&1`)
 * then replaces itself with a shell running the command unchanged, so both streams share one pipe and keep
 * their exact order (two pipes read by Node could reorder close writes).
 */
export async function runShell(command: string, options: ShellOptions): Promise<ShellResult> {
  // Interrupted before it started: nothing is run.
  if (options.signal?.aborted) return { output: "", status: { kind: "interrupted" } };
  const launched = await launch(command, options);
  if ("error" in launched) return { output: "", status: { kind: "launch_failed", cause: launched.error } };
  if (options.signal?.aborted) {
    signalGroup(launched.child.pid, "SIGKILL");
    return { output: "", status: { kind: "interrupted" } };
  }
  const cap = new OutputCap(options.maxChars);
  const decoder = new StringDecoder("utf8");
  const { child, stdout, settled } = launched;
  let collecting = true;
  stdout?.on("data", (chunk: Buffer) => {
    if (collecting) cap.push(decoder.write(chunk));
  });

  let stopReason: "timeout" | "interrupted" | undefined;
  const timers: NodeJS.Timeout[] = [];
  const stopTree = (reason: "timeout" | "interrupted") => {
    if (stopReason || child.pid === undefined) return;
    stopReason = reason;
    const pid = child.pid;
    signalGroup(pid, "SIGTERM");
    // Not cleared with the other timers: a process that ignores SIGTERM may have let go of the output pipe,
    // so the result can be ready before the grace delay ends, and that process must still be killed.
    setTimeout(() => signalGroup(pid, "SIGKILL"), options.killGraceMs).unref();
  };
  timers.push(setTimeout(() => stopTree("timeout"), options.timeoutMs));
  const onAbort = () => stopTree("interrupted");
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener("abort", onAbort, { once: true });

  const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null } | { error: Error }>((resolve) => {
    child.once("exit", (code, signal) => resolve({ code, signal }));
    child.once("error", (error) => resolve({ error }));
  });
  options.signal?.removeEventListener("abort", onAbort);
  if (stdout && !stdout.closed) {
    const closed = new Promise<void>((resolve) => stdout.once("close", () => resolve()));
    const grace = stopReason ? options.killGraceMs + DRAIN_AFTER_EXIT_MS : DRAIN_AFTER_EXIT_MS;
    await Promise.race([closed, new Promise<void>((resolve) => timers.push(setTimeout(resolve, grace)))]);
  }
  for (const timer of timers) clearTimeout(timer);
  collecting = false;
  // A background process may still hold the pipe: keep draining it (so it never blocks on a full pipe)
  // without keeping MAIA alive for it.
  (stdout as unknown as { unref?: () => void } | null)?.unref?.();
  void settled?.catch(() => undefined);
  cap.push(decoder.end());

  const output = cap.result(options.cutMarker);
  if ("error" in ended) return { output, status: { kind: "launch_failed", cause: ended.error.message } };
  if (stopReason === "timeout") return { output, status: { kind: "timeout", seconds: Math.round(options.timeoutMs / 1000) } };
  if (stopReason === "interrupted") return { output, status: { kind: "interrupted" } };
  if (ended.signal) return { output, status: { kind: "signal", signal: ended.signal } };
  return { output, status: { kind: "exit", code: ended.code ?? 0 } };
}

type Launched = { child: ChildProcess; stdout: NodeJS.ReadableStream & { closed?: boolean; destroyed?: boolean } | null; settled?: Promise<unknown> } | { error: string };

/** The process that runs the command: the caller's spawner (the sandbox), or the system shell through execa. */
async function launch(command: string, options: ShellOptions): Promise<Launched> {
  if (options.spawn) {
    try {
      const child = await options.spawn(command, { cwd: options.cwd, env: options.env });
      return { child, stdout: child.stdout };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }
  // execa (~270 KB with its dependencies) is imported by the first command, not when the plugin loads.
  const { execa } = await import("execa");
  const shell = systemShell();
  const started = execa(shell, ["-c", 'exec 2>&1 && exec "$0" -c "$1"', shell, command], {
    cwd: options.cwd,
    env: options.env,
    extendEnv: false,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "ignore",
    detached: true,
    buffer: false,
    reject: false,
    cleanup: false,
    windowsHide: true,
  });
  return { child: started.nodeChildProcess, stdout: started.stdout, settled: started };
}

function signalGroup(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}
