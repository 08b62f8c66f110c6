import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { stat } from "node:fs/promises";
import { Readable, Writable } from "node:stream";
import { ndJsonStream, type ClientCapabilities, type ClientConnection } from "@agentclientprotocol/sdk";
import type { AgentDefinition } from "../config/hub-config.ts";
import { clientApp, type AgentClientHandlers } from "./acp-client.ts";
import { StartFailure } from "./errors.ts";
import { t } from "./messages.ts";
import { readLines } from "./stderr-lines.ts";

export interface ExitStatus {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface LaunchOptions {
  handlers: AgentClientHandlers;
  onStderrLine: (line: string) => void;
}

/**
 * One agent process and its ACP connection. The process leads its own process group (`detached`), so a
 * signal to `-pid` reaches everything it launched (an `npx` → node tree, a model server…) and nothing
 * outlives it. This class only runs and signals the process; when and how to stop it is `stop-sequence.ts`,
 * what its states mean is the supervisor's.
 *
 * node:child_process rather than execa: the SDK wants the raw stdio streams (as web streams) and we watch the
 * `exit` event ourselves, so execa's promise and buffering would only have to be switched off and silenced.
 */
export class AgentProcess {
  readonly pid: number;
  readonly connection: ClientConnection;
  /** What the hub may advertise in `initialize`, given the handlers it was launched with. */
  readonly capabilities: ClientCapabilities;
  /** Resolves when the process has exited (never rejects). */
  readonly exited: Promise<ExitStatus>;
  private exitStatus: ExitStatus | undefined;
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly stderrEnded: Promise<void>;

  private constructor(child: ChildProcessWithoutNullStreams, pid: number, options: LaunchOptions) {
    this.child = child;
    this.pid = pid;
    this.exited = new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        this.exitStatus = { code, signal };
        resolve(this.exitStatus);
      });
    });
    this.stderrEnded = readLines(child.stderr, options.onStderrLine);
    // A write to an agent that just died fails with EPIPE; the exit is what reports it, not an uncaught error.
    child.stdin.on("error", () => undefined);
    child.stdout.on("error", () => undefined);
    const { app, capabilities } = clientApp(options.handlers);
    this.capabilities = capabilities;
    this.connection = app.connect(
      ndJsonStream(Writable.toWeb(child.stdin) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout) as ReadableStream<Uint8Array>),
    );
  }

  /** Spawns `command args` in `cwd` with `env` over the hub's environment; rejects with a `StartFailure`. */
  static async launch(definition: AgentDefinition, options: LaunchOptions): Promise<AgentProcess> {
    // spawn reports a missing cwd as ENOENT of the command, which would send the user looking for the wrong thing.
    const folder = await stat(definition.cwd).catch(() => undefined);
    if (!folder?.isDirectory()) throw new StartFailure(t("folderMissing", { cwd: definition.cwd }));
    const child = spawn(definition.command, definition.args, {
      cwd: definition.cwd,
      env: { ...process.env, ...definition.env },
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
      windowsHide: true,
    });
    const pid = await new Promise<number>((resolve, reject) => {
      child.once("spawn", () => resolve(child.pid ?? 0));
      child.once("error", (error: NodeJS.ErrnoException) => reject(spawnFailure(definition.command, error)));
    });
    // Later errors (a failed kill, say) must not throw out of the event loop; exit and stderr say what happened.
    child.on("error", () => undefined);
    return new AgentProcess(child, pid, options);
  }

  /** How it exited, once it has. */
  get exit(): ExitStatus | undefined {
    return this.exitStatus;
  }

  /** The agent's end of the conversation: an ACP agent exits when its client goes away. */
  closeStdin(): void {
    if (!this.child.stdin.writableEnded) this.child.stdin.end();
  }

  /** Signals the whole process group; false when no member is left. */
  signalGroup(signal: NodeJS.Signals | 0): boolean {
    try {
      process.kill(-this.pid, signal);
      return true;
    } catch {
      return false;
    }
  }

  /** Some member of the group still runs (the leader, or something it launched). */
  groupAlive(): boolean {
    return this.signalGroup(0);
  }

  /**
   * Waits for the last stderr lines after an exit, so an error can quote them. Bounded: a child the agent
   * launched may hold the pipe open long after the agent itself is gone.
   */
  async stderrDrained(maxMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.stderrEnded, new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)))]);
    clearTimeout(timer);
  }

  /** Once the process is gone: rejects what still waits on the connection and frees the pipes. */
  release(): void {
    this.connection.close();
    this.child.stdin.destroy();
    this.child.stdout.destroy();
    // stderr is left to end by itself (or with the group), so its last lines still arrive as `agent:log`.
  }
}

function spawnFailure(command: string, error: NodeJS.ErrnoException): StartFailure {
  if (error.code === "ENOENT") return new StartFailure(t("commandNotFound", { command }));
  if (error.code === "EACCES") return new StartFailure(t("commandNotExecutable", { command }));
  return new StartFailure(t("spawnFailed", { command, cause: error.message }));
}

/** "exit code 3" or "killed by signal SIGKILL". */
export function describeExit(exit: ExitStatus): string {
  if (exit.signal) return t("exitSignal", { signal: exit.signal });
  return t("exitCode", { code: exit.code ?? 0 });
}
