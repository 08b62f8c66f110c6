import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import type * as acp from "@agentclientprotocol/sdk";
import { RequestError } from "@agentclientprotocol/sdk";
import { confine } from "./file-system.ts";
import { t } from "./messages.ts";
import { DEFAULT_OUTPUT_BYTE_LIMIT, OutputBuffer } from "./output-buffer.ts";

const RESOURCE_NOT_FOUND = -32002;
const INTERNAL_ERROR = -32603;
/** After the command's exit, how long its last output may take before the exit is reported without it. */
const EXIT_DRAIN_MS = 200;

interface Terminal {
  readonly child: ChildProcess;
  readonly output: OutputBuffer;
  readonly exited: Promise<acp.TerminalExitStatus>;
  exit?: acp.TerminalExitStatus;
}

/**
 * The terminals (`terminal/*`) of one agent: each command runs in the agent's `cwd` (or a `cwd` inside it), in
 * its own process group so a kill reaches what it started, its stdout and stderr joined in one pipe (in the order
 * written) into one byte-limited output. Everything is killed on `release`, and when the agent stops (`killAll`).
 *
 * node:child_process rather than execa: the output is retained by bytes under a limit, not buffered whole, and
 * the group is signalled by its negative pid, which execa would not do for us.
 */
export class Terminals {
  private readonly terminals = new Map<string, Terminal>();
  /** Called when a terminal's command exits, so a tool call that embeds it can show its final output. */
  onExit: (terminalId: string) => void = () => undefined;

  private readonly cwd: () => string;

  constructor(cwd: () => string) {
    this.cwd = cwd;
  }

  async create(request: acp.CreateTerminalRequest): Promise<acp.CreateTerminalResponse> {
    const folder = await confine(this.cwd(), request.cwd ?? this.cwd());
    const env = { ...process.env };
    for (const variable of request.env ?? []) env[variable.name] = variable.value;
    // With arguments the command is run as given; alone, it is a command line, as agents write them for a shell.
    const argv = request.args && request.args.length > 0 ? [request.command, ...request.args] : ["/bin/sh", "-c", request.command];
    // One pipe for both streams, as a terminal has: the output reads in the order the command wrote it (two pipes
    // read apart can swap an error line and the line written just before it). The shell that joins them becomes
    // the command (`exec`); a command that cannot start says so in the output with exit status 127, as in a shell.
    const child = spawn("/bin/sh", ["-c", 'exec 2>&1; exec "$@"', "sh", ...argv], { cwd: folder, env, stdio: ["ignore", "pipe", "ignore"], detached: true, windowsHide: true });
    await new Promise<void>((resolve, reject) => {
      child.once("spawn", resolve);
      child.once("error", (error) => reject(new RequestError(INTERNAL_ERROR, t("spawnFailed", { command: request.command, cause: error.message }))));
    });
    child.on("error", () => undefined);
    const limit = request.outputByteLimit != null && request.outputByteLimit >= 0 ? request.outputByteLimit : DEFAULT_OUTPUT_BYTE_LIMIT;
    const output = new OutputBuffer(limit);
    child.stdout?.on("data", (chunk: Buffer) => output.push(chunk));
    const id = `term-${randomUUID()}`;
    // "close" comes once the last output has been read; but something the command left in the background may
    // hold the pipes open, so the exit counts on its own a moment later.
    const exited = new Promise<acp.TerminalExitStatus>((resolve) => {
      let done = false;
      const finish = (code: number | null, signal: NodeJS.Signals | null) => {
        if (done) return;
        done = true;
        const status = { exitCode: code, signal };
        const terminal = this.terminals.get(id);
        if (terminal) terminal.exit = status;
        resolve(status);
        this.onExit(id);
      };
      child.once("close", finish);
      child.once("exit", (code, signal) => setTimeout(() => finish(code, signal), EXIT_DRAIN_MS).unref());
    });
    this.terminals.set(id, { child, output, exited });
    return { terminalId: id };
  }

  output(request: acp.TerminalOutputRequest): acp.TerminalOutputResponse {
    const terminal = this.get(request.terminalId);
    return { output: terminal.output.text(), truncated: terminal.output.truncated, exitStatus: terminal.exit ?? null };
  }

  async waitForExit(request: acp.WaitForTerminalExitRequest): Promise<acp.WaitForTerminalExitResponse> {
    return this.get(request.terminalId).exited;
  }

  /** Kills the command; the terminal stays readable until it is released (ACP). */
  kill(request: acp.KillTerminalRequest): acp.KillTerminalResponse {
    kill(this.get(request.terminalId));
    return {};
  }

  release(request: acp.ReleaseTerminalRequest): acp.ReleaseTerminalResponse {
    const terminal = this.get(request.terminalId);
    kill(terminal);
    this.terminals.delete(request.terminalId);
    return {};
  }

  /** The current output of a terminal, for a tool call that embeds it; undefined once released or unknown. */
  text(terminalId: string): string | undefined {
    return this.terminals.get(terminalId)?.output.text();
  }

  /** The agent stopped (or the hub closes): nothing it started in a terminal survives it. */
  killAll(): void {
    for (const terminal of this.terminals.values()) kill(terminal);
    this.terminals.clear();
  }

  get size(): number {
    return this.terminals.size;
  }

  private get(id: string): Terminal {
    const terminal = this.terminals.get(id);
    if (!terminal) throw new RequestError(RESOURCE_NOT_FOUND, t("unknownTerminal", { id }));
    return terminal;
  }
}

/** SIGKILL to the whole group: the command and whatever it started (the group outlives an exited leader). */
function kill(terminal: Terminal): void {
  if (terminal.child.pid === undefined) return;
  try {
    process.kill(-terminal.child.pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}
