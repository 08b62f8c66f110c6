import type { ChildProcess } from "node:child_process";
import { errorMessage, type Message } from "@maia/kernel";
import { lazyBuiltin, reapOrphans } from "@maia/util";
import { t } from "./messages.ts";
import { parseChildMessage, SUBAGENT_FLAG, type DoneMessage, type LogLevel, type McpCallResult, type ParentMessage, type StartSpec } from "@maia/subagent-protocol";

const childProcess = lazyBuiltin<typeof import("node:child_process")>("node:child_process");

/** Seed § 23: a sub-agent's time limit, and the grace between `abort` and SIGKILL. */
export const SUBAGENT_TIMEOUT_MS = 30 * 60_000;
export const KILL_DELAY_MS = 5_000;
/** How much of the child's stderr a failure reports (its end: where the error is). */
export const STDERR_TAIL_CHARS = 2_000;

export interface LaunchOptions {
  spec: StartSpec;
  /** The program to fork: MAIA's own entry (`process.argv[1]`, the bundle in production). */
  program: string;
  /** Node options of the child; the parent's by default (tsx in development). */
  execArgv?: string[];
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** Asks the user on the child's behalf; `signal` aborts when the child no longer needs the answer. */
  confirm(question: string, signal: AbortSignal): Promise<boolean>;
  onLog?(level: LogLevel, message: string): void;
  /**
   * Runs one of `spec.mcpTools` on the parent's connection (the child checked its permissions); `signal` aborts
   * when the child cancels the call or the run stops. Must not reject for a tool error: that is a result.
   */
  callMcp?(name: string, input: Record<string, unknown>, signal: AbortSignal): Promise<McpCallResult>;
  timeoutMs?: number;
  killDelayMs?: number;
  /**
   * Where MAIA processes record their background commands (`~/.maia/background`): once the child has ended, what
   * it left running there (it was killed before it could stop them) is stopped.
   */
  ledgerFolder?: string;
}

export type FailureKind = "failed" | "crashed" | "spawn" | "aborted" | "timeout";

export interface LaunchResult {
  ok: boolean;
  summary: string;
  messages: Message[];
  toolCalls: number;
  durationMs: number;
  failure?: { kind: FailureKind; detail: string; stderrTail: string; exit?: { code: number | null; signal: NodeJS.Signals | null } };
}

/**
 * Runs one sub-agent in its own process (seed § 20.2 and § 20.4): fork with `--subagent`, send `start`, answer
 * its confirmations, collect `done`. An interruption or the time limit sends `abort` (the child cancels its request
 * and refuses its pending questions), then SIGKILL if it is still there after the grace. Never rejects: every
 * end is a LaunchResult, failures carry the tail of the child's stderr.
 */
export function launchSubAgent(options: LaunchOptions): Promise<LaunchResult> {
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? SUBAGENT_TIMEOUT_MS;
  const killDelayMs = options.killDelayMs ?? KILL_DELAY_MS;
  return new Promise((resolve) => {
    let child: ChildProcess;
    let stderr = "";
    let done: DoneMessage | undefined;
    let ending: "aborted" | "timeout" | undefined;
    let spawnError: Error | undefined;
    let settled = false;
    let killTimer: NodeJS.Timeout | undefined;
    const questions = new AbortController();

    const finish = (exit: { code: number | null; signal: NodeJS.Signals | null }) => {
      if (settled) return;
      settled = true;
      clearTimeout(limitTimer);
      clearTimeout(killTimer);
      options.signal?.removeEventListener("abort", onAbort);
      questions.abort();
      resolve(resultOf({ done, ending, spawnError, exit, stderr, durationMs: Date.now() - started }));
    };
    const send = (message: ParentMessage) => {
      if (!child.connected) return;
      try {
        child.send(message, (error) => error && undefined);
      } catch {
        // The channel closed in between: the exit handler reports what happened.
      }
    };
    // Each question is answered once: « no » as soon as the run stops, whatever the user interface does then.
    const openQuestions = new Set<number>();
    const answer = (id: number, ok: boolean) => {
      if (!openQuestions.delete(id)) return;
      send({ type: "confirm-result", id, ok: ok && !ending });
    };
    const stop = (reason: "aborted" | "timeout") => {
      if (ending || settled) return;
      ending = reason;
      questions.abort();
      for (const id of [...openQuestions]) answer(id, false);
      send({ type: "abort" });
      killTimer = setTimeout(() => child.kill("SIGKILL"), killDelayMs);
    };
    const onAbort = () => stop("aborted");

    try {
      child = childProcess().fork(options.program, [SUBAGENT_FLAG], {
        cwd: options.spec.cwd,
        // MAIA_CWD pins the child's launch folder to the parent's, whatever INIT_CWD says.
        env: { ...options.env, MAIA_CWD: options.spec.cwd },
        stdio: ["ignore", "pipe", "pipe", "ipc"],
        ...(options.execArgv ? { execArgv: options.execArgv } : {}),
      });
    } catch (error) {
      resolve({ ok: false, summary: "", messages: [], toolCalls: 0, durationMs: 0, failure: { kind: "spawn", detail: errorMessage(error), stderrTail: "" } });
      return;
    }
    const limitTimer = setTimeout(() => stop("timeout"), timeoutMs);
    child.stdout?.resume();
    child.stderr?.setEncoding("utf8");
    child.stderr?.on("data", (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS * 2);
    });
    child.on("error", (error) => {
      spawnError = error;
      // A process that never started emits no exit: settle here.
      if (child.pid === undefined) finish({ code: null, signal: null });
    });
    // MCP calls the child runs through this process: each has its own signal, aborted with the run's.
    const calls = new Map<number, AbortController>();
    const offered = new Set((options.spec.mcpTools ?? []).map((tool) => tool.name));
    const callMcp = (id: number, name: string, input: Record<string, unknown>) => {
      if (calls.has(id)) return;
      const controller = new AbortController();
      const stopCall = () => controller.abort();
      questions.signal.addEventListener("abort", stopCall, { once: true });
      calls.set(id, controller);
      // Only what was offered: a child cannot reach the parent's other tools through this channel.
      const running =
        options.callMcp && offered.has(name) && !ending
          ? options.callMcp(name, input, controller.signal)
          : Promise.resolve({ content: t("mcpNotOffered", { name }), isError: true });
      void running
        .catch((error: unknown) => ({ content: errorMessage(error), isError: true }))
        .then((result) => {
          questions.signal.removeEventListener("abort", stopCall);
          calls.delete(id);
          if (!controller.signal.aborted) send({ type: "mcp-result", id, content: result.content, isError: result.isError });
        });
    };
    child.on("message", (raw) => {
      const message = parseChildMessage(raw);
      if (!message) return;
      if (message.type === "log") options.onLog?.(message.level, message.message);
      else if (message.type === "done") done = message;
      else if (message.type === "mcp-call") callMcp(message.id, message.name, message.input);
      else if (message.type === "mcp-cancel") calls.get(message.id)?.abort();
      else {
        openQuestions.add(message.id);
        if (ending) answer(message.id, false);
        else options.confirm(message.message, questions.signal).then((ok) => answer(message.id, ok), () => answer(message.id, false));
      }
    });
    // "close" waits for stderr to be read to its end, so the tail is complete. A sub-agent's background commands
    // end with it: those a killed child could not stop are stopped here, before the result is given.
    child.on("close", (code, signal) => {
      const pid = child.pid;
      const reaped = options.ledgerFolder && pid !== undefined ? reapOrphans(options.ledgerFolder, { owner: pid }) : Promise.resolve([]);
      void reaped.catch(() => []).then(() => finish({ code, signal }));
    });
    options.signal?.addEventListener("abort", onAbort, { once: true });
    if (options.signal?.aborted) stop("aborted");
    send({ type: "start", spec: options.spec });
  });
}

function resultOf(state: {
  done: DoneMessage | undefined;
  ending: "aborted" | "timeout" | undefined;
  spawnError: Error | undefined;
  exit: { code: number | null; signal: NodeJS.Signals | null };
  stderr: string;
  durationMs: number;
}): LaunchResult {
  const { done, ending, spawnError, exit, durationMs } = state;
  const stderrTail = state.stderr.trim().slice(-STDERR_TAIL_CHARS);
  const base = { summary: done?.summary ?? "", messages: done?.messages ?? [], toolCalls: done?.toolCalls ?? 0, durationMs };
  if (ending) return { ...base, ok: false, failure: { kind: ending, detail: done?.summary ?? "", stderrTail } };
  if (done?.ok) return { ...base, ok: true };
  if (done) return { ...base, ok: false, failure: { kind: "failed", detail: done.summary, stderrTail } };
  if (spawnError) return { ...base, ok: false, failure: { kind: "spawn", detail: spawnError.message, stderrTail } };
  return { ...base, ok: false, failure: { kind: "crashed", detail: "", stderrTail, exit } };
}
