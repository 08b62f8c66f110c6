import { StringDecoder } from "node:string_decoder";
import { OutputCap, systemShell } from "@maia/util";

/** How one hook command ended. `code` is set for a normal exit; a timeout or a signal has none. */
export interface CommandRun {
  stdout: string;
  stderr: string;
  code?: number;
  timedOut: boolean;
  signal?: string;
  /** The shell could not be started at all. */
  launchError?: string;
  durationMs: number;
}

export interface CommandOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** What the command reads on standard input: the event, as JSON. */
  input: string;
  timeoutMs: number;
  /** Characters kept of each stream: the start and the end survive, the middle goes (memory stays bounded). */
  maxChars: number;
  killGraceMs?: number;
  signal?: AbortSignal;
}

/** After the shell exits, how long a background child may keep the pipes open before the result is taken. */
const DRAIN_AFTER_EXIT_MS = 200;

/**
 * Runs one hook command as Claude Code does: through the user's shell (`bash -c`), in the launch folder, the
 * event on stdin, stdout and stderr kept apart (stdout may be JSON, stderr is the message). It gets its own
 * process group, so a timeout or an interrupt stops the whole tree (SIGTERM, then SIGKILL), not only the shell.
 * Never rejects: every end is a field of the result.
 */
export async function runCommand(command: string, options: CommandOptions): Promise<CommandRun> {
  const started = performance.now();
  const { execa } = await import("execa");
  const shell = systemShell();
  const caps = { stdout: new OutputCap(options.maxChars), stderr: new OutputCap(options.maxChars) };
  const child = execa(shell, ["-c", command], {
    cwd: options.cwd,
    env: options.env,
    extendEnv: false,
    input: options.input,
    stdout: "pipe",
    stderr: "pipe",
    detached: true,
    buffer: false,
    reject: false,
    cleanup: false,
    windowsHide: true,
  });
  const process_ = child.nodeChildProcess;
  for (const name of ["stdout", "stderr"] as const) {
    const decoder = new StringDecoder("utf8");
    const stream = child[name];
    stream?.on("data", (chunk: Buffer) => caps[name].push(decoder.write(chunk)));
    stream?.on("end", () => caps[name].push(decoder.end()));
  }
  // A command that does not read its input closes the pipe early: that is not an error of the hook.
  child.stdin?.on("error", () => undefined);

  let timedOut = false;
  const grace = options.killGraceMs ?? 1000;
  const stopTree = () => {
    if (process_.pid === undefined) return;
    const pid = process_.pid;
    signalGroup(pid, "SIGTERM");
    setTimeout(() => signalGroup(pid, "SIGKILL"), grace).unref();
  };
  const timer = setTimeout(() => {
    timedOut = true;
    stopTree();
  }, options.timeoutMs);
  const onAbort = () => stopTree();
  options.signal?.addEventListener("abort", onAbort, { once: true });
  // Stopped while it was being started (the shell looked up, execa loaded): it stops now.
  if (options.signal?.aborted) stopTree();

  const ended = await new Promise<{ code: number | null; signal: NodeJS.Signals | null } | { error: Error }>((resolve) => {
    process_.once("exit", (code, signal) => resolve({ code, signal }));
    process_.once("error", (error) => resolve({ error }));
  });
  clearTimeout(timer);
  options.signal?.removeEventListener("abort", onAbort);
  await drain([child.stdout, child.stderr], timedOut ? grace + DRAIN_AFTER_EXIT_MS : DRAIN_AFTER_EXIT_MS);
  for (const stream of [child.stdout, child.stderr]) (stream as unknown as { unref?: () => void } | null)?.unref?.();
  void child.catch(() => undefined);

  const marker = (omitted: number) => `\n[… ${omitted} characters cut …]\n`;
  const result: CommandRun = {
    stdout: caps.stdout.result(marker),
    stderr: caps.stderr.result(marker),
    timedOut,
    durationMs: Math.round(performance.now() - started),
  };
  if ("error" in ended) return { ...result, launchError: ended.error.message };
  if (ended.signal && !timedOut) return { ...result, signal: ended.signal };
  if (!timedOut && ended.code !== null) return { ...result, code: ended.code };
  return result;
}

async function drain(streams: Array<NodeJS.ReadableStream | null | undefined>, ms: number): Promise<void> {
  const open = streams.filter((stream): stream is NodeJS.ReadableStream & { closed?: boolean } => !!stream && !(stream as { closed?: boolean }).closed);
  if (open.length === 0) return;
  let timer: NodeJS.Timeout | undefined;
  const closed = Promise.all(open.map((stream) => new Promise<void>((resolve) => stream.once("close", () => resolve()))));
  await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group is already gone.
  }
}
