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
  /**
   * How SIGTERM reaches the command the spawner started, when not through its process group (the OS sandbox: a
   * signal to the sandbox's group ends it at once with SIGKILL, so the sandbox signals the processes inside).
   * Takes the spawned process's pid; false when nothing was left to signal. SIGKILL still goes to the group.
   */
  terminate?: (pid: number) => boolean;
}

/** Starts a command line; see ShellOptions.spawn. */
export type CommandSpawner = (command: string, options: { cwd: string; env: NodeJS.ProcessEnv }) => Promise<ChildProcess>;

/** How the shell process ended: its exit code or signal, or the error that kept it from running. */
export type ShellExit = { code: number | null; signal: NodeJS.Signals | null } | { error: Error };

/** What `awaitShell` returns when told to let go of the command: it runs on, its output so far is here. */
export interface DetachedShell {
  detached: true;
  output: string;
}

/** The merged output pipe, as Node's streams have it (a net.Socket: `closed`, `unref`). */
type OutputPipe = NodeJS.ReadableStream & { closed?: boolean; unref?: () => void };

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
 * One command line running through the system shell (or a spawner such as the OS sandbox), in its own process
 * group, its stdout and stderr merged into one pipe. The pipe is read from the start to its end whoever listens
 * (so the command never blocks on a full pipe), its text decoded once and handed to the current listeners.
 */
export class RunningShell {
  readonly child: ChildProcess;
  /** Resolves once the shell process has ended (or failed to run). */
  readonly exited: Promise<ShellExit>;
  readonly #stdout: OutputPipe | null;
  readonly #decoder = new StringDecoder("utf8");
  readonly #listeners = new Set<(text: string) => void>();
  readonly #closed: Promise<void>;
  readonly #terminate: ((pid: number) => boolean) | undefined;
  #exit: ShellExit | undefined;

  constructor(child: ChildProcess, stdout: NodeJS.ReadableStream | null, settled?: Promise<unknown>, terminate?: (pid: number) => boolean) {
    this.child = child;
    this.#terminate = terminate;
    this.#stdout = stdout as OutputPipe | null;
    this.exited = new Promise<ShellExit>((resolve) => {
      child.once("exit", (code, signal) => resolve((this.#exit = { code, signal })));
      child.once("error", (error) => resolve((this.#exit = { error })));
    });
    void settled?.catch(() => undefined);
    const out = this.#stdout;
    out?.on("data", (chunk: Buffer) => this.#emit(this.#decoder.write(chunk)));
    this.#closed =
      out && !out.closed
        ? new Promise<void>((resolve) =>
            out.once("close", () => {
              this.#emit(this.#decoder.end());
              resolve();
            }),
          )
        : Promise.resolve();
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** How it ended, once it has. */
  get exit(): ShellExit | undefined {
    return this.#exit;
  }

  /** Hears each piece of text the command writes from now on; returns the function that stops listening. */
  onOutput(listener: (text: string) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Resolves when the output pipe has closed (every process holding it is gone), or after `graceMs`. */
  async drained(graceMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.#closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))]);
    clearTimeout(timer);
  }

  /** Signals the whole process group; false when nothing of it is left. */
  signalGroup(signal: NodeJS.Signals | 0): boolean {
    return signalGroup(this.child.pid, signal);
  }

  /**
   * Stops the whole tree: SIGTERM to the group (or to the command inside its sandbox, see ShellOptions.terminate),
   * SIGKILL to the group `graceMs` later. The SIGKILL is sent whatever happens in between: a process that ignores
   * SIGTERM may have let go of the pipe and outlived the shell.
   */
  stop(graceMs: number): void {
    const pid = this.child.pid;
    if (pid === undefined) return;
    const terminated = this.#terminate ? this.#terminate(pid) : signalGroup(pid, "SIGTERM");
    if (!terminated && !signalGroup(pid, 0)) return;
    setTimeout(() => signalGroup(pid, "SIGKILL"), graceMs).unref();
  }

  /** No longer keeps MAIA alive: the pipe is still read (and dropped when nobody listens), the process not waited for. */
  unref(): void {
    this.#stdout?.unref?.();
    this.child.unref();
  }

  /** Keeps MAIA alive again until it ends (someone now waits for its end: a kill). */
  ref(): void {
    (this.#stdout as { ref?: () => void } | null)?.ref?.();
    this.child.ref();
  }

  #emit(text: string): void {
    if (text === "") return;
    for (const listener of this.#listeners) listener(text);
  }
}

/**
 * Starts a command line the way the seed's runShell does (§ 8, § 11.2): through the system shell (or the caller's
 * spawner), in its own process group, stdout and stderr merged in the order they were written. Never throws: a
 * command that cannot start is `{ error }`.
 *
 * The merge happens in the child, not here: the outer shell points its stderr at its stdout (`exec 2>&1`)
 * then replaces itself with a shell running the command unchanged, so both streams share one pipe and keep
 * their exact order (two pipes read by Node could reorder close writes).
 */
export async function launchShell(command: string, options: Pick<ShellOptions, "cwd" | "env" | "spawn" | "terminate">): Promise<RunningShell | { error: string }> {
  if (options.spawn) {
    try {
      const child = await options.spawn(command, { cwd: options.cwd, env: options.env });
      return new RunningShell(child, child.stdout, undefined, options.terminate);
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
  return new RunningShell(started.nodeChildProcess, started.stdout, started);
}

/**
 * Runs a command line to its end (seed § 8, § 11.2): a timeout or an interrupt stops the whole tree (SIGTERM,
 * then SIGKILL after the grace delay), the output capped. Never rejects: every end is a status.
 */
export async function runShell(command: string, options: ShellOptions): Promise<ShellResult> {
  // Interrupted before it started: nothing is run.
  if (options.signal?.aborted) return { output: "", status: { kind: "interrupted" } };
  const launched = await launchShell(command, options);
  if ("error" in launched) return { output: "", status: { kind: "launch_failed", cause: launched.error } };
  return (await awaitShell(launched, options)) as ShellResult;
}

/**
 * Waits for a running command as `runShell` does. With `detach`, aborting that signal lets go of the command
 * instead (Ctrl+B, "run it in the background"): the wait ends at once with the output so far, and the command
 * runs on, its timeout cancelled, for the caller to follow.
 */
export async function awaitShell(
  shell: RunningShell,
  options: Omit<ShellOptions, "cwd" | "env" | "spawn" | "terminate"> & { detach?: AbortSignal },
): Promise<ShellResult | DetachedShell> {
  if (options.signal?.aborted) {
    shell.signalGroup("SIGKILL");
    return { output: "", status: { kind: "interrupted" } };
  }
  const cap = new OutputCap(options.maxChars);
  const stopListening = shell.onOutput((text) => cap.push(text));

  let stopReason: "timeout" | "interrupted" | undefined;
  const timers: NodeJS.Timeout[] = [];
  const stopTree = (reason: "timeout" | "interrupted") => {
    if (stopReason || shell.pid === undefined) return;
    stopReason = reason;
    shell.stop(options.killGraceMs);
  };
  timers.push(setTimeout(() => stopTree("timeout"), options.timeoutMs));
  const onAbort = () => stopTree("interrupted");
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener("abort", onAbort, { once: true });

  let letGo!: () => void;
  const detached = new Promise<"detached">((resolve) => (letGo = () => resolve("detached")));
  const onDetach = () => {
    if (!stopReason) letGo();
  };
  if (options.detach?.aborted) onDetach();
  else options.detach?.addEventListener("abort", onDetach, { once: true });

  const ended = await Promise.race([shell.exited, detached]);
  options.signal?.removeEventListener("abort", onAbort);
  options.detach?.removeEventListener("abort", onDetach);
  if (ended === "detached") {
    for (const timer of timers) clearTimeout(timer);
    stopListening();
    return { detached: true, output: cap.result(options.cutMarker) };
  }
  await shell.drained(stopReason ? options.killGraceMs + DRAIN_AFTER_EXIT_MS : DRAIN_AFTER_EXIT_MS);
  for (const timer of timers) clearTimeout(timer);
  stopListening();
  // A background process may still hold the pipe: it is drained (so it never blocks on a full pipe) without
  // keeping MAIA alive for it.
  shell.unref();

  const output = cap.result(options.cutMarker);
  if ("error" in ended) return { output, status: { kind: "launch_failed", cause: ended.error.message } };
  if (stopReason === "timeout") return { output, status: { kind: "timeout", seconds: Math.round(options.timeoutMs / 1000) } };
  if (stopReason === "interrupted") return { output, status: { kind: "interrupted" } };
  if (ended.signal) return { output, status: { kind: "signal", signal: ended.signal } };
  return { output, status: { kind: "exit", code: ended.code ?? 0 } };
}

function signalGroup(pid: number | undefined, signal: NodeJS.Signals | 0): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(-pid, signal);
    return true;
  } catch {
    // The group is already gone.
    return false;
  }
}
