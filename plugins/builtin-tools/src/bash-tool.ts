import type { Tool, ToolContext, ToolOutput } from "@maia/kernel";
import { toolDoc as d } from "./descriptions.ts";
import { t } from "./messages.ts";
import { awaitShell, launchShell, type CommandSpawner, type ShellResult, type ShellStatus } from "@maia/util";
import type { BashSandbox } from "./tool-environment.ts";
import { BackgroundShells } from "./background/background-shells.ts";
import { t as bt } from "./background/messages.ts";

export interface BashInput extends Record<string, unknown> {
  command: string;
  /** Claude Code's name: run outside the OS sandbox (always asks the user; see the permissions plugin). */
  dangerouslyDisableSandbox?: boolean;
  /** Claude Code's name: return at once with a shell ID, the command running on (BashOutput, KillShell). */
  run_in_background?: boolean;
}

/** Seed § 23: Bash's timeout, output budget, and § 8's delay between SIGTERM and SIGKILL. */
export const BASH_LIMITS = { timeoutMs: 120_000, maxChars: 30_000, killGraceMs: 1_000 };

export type BashLimits = typeof BASH_LIMITS;

/** The last line of every Bash result (seed § 8). */
export function statusLine(status: ShellStatus): string {
  switch (status.kind) {
    case "exit":
      return t("bashExitCode", { code: status.code });
    case "signal":
      return t("bashSignal", { signal: status.signal });
    case "timeout":
      return t("bashTimeout", { seconds: status.seconds });
    case "interrupted":
      return t("bashInterrupted");
    case "launch_failed":
      return t("bashLaunchFailed");
  }
}

/** Each conversation's own private temp folder in the sandbox: conversations are told apart by their state map. */
const conversations = new WeakMap<Map<string, unknown>, string>();
let conversationCount = 0;

export function createBashTool(limits: BashLimits = BASH_LIMITS, sandbox: () => BashSandbox | undefined = () => undefined): Tool<BashInput> {
  return {
    spec: {
      name: "Bash",
      description: `${d("bash", { seconds: limits.timeoutMs / 1000, chars: limits.maxChars })}${bt("bashBackgroundNote")}${d("bashSandboxNote")}${process.platform === "linux" ? bt("bashSandboxLoopback") : ""}`,
      inputSchema: {
        type: "object",
        properties: {
          command: { type: "string", minLength: 1, description: d("bashCommand") },
          run_in_background: { type: "boolean", description: bt("bashBackground") },
          dangerouslyDisableSandbox: { type: "boolean", description: d("bashDisableSandbox") },
        },
        required: ["command"],
      },
    },
    permission: "ask",
    describe: (input) => input.command,
    kind: "execute",
    sandboxed: (input) => sandbox()?.sandboxedNow(input),
    execute: (input, context) => bash(input, context, limits, sandbox()),
  };
}

async function bash(input: BashInput, context: ToolContext, limits: BashLimits, sandbox: BashSandbox | undefined): Promise<ToolOutput> {
  const plan = sandbox ? await sandbox.planBash(input) : undefined;
  if (plan?.kind === "refused") return { content: t("bashSandboxRefused", { reason: plan.reason }), isError: true };
  let spawn: CommandSpawner | undefined;
  let terminate: ((pid: number) => boolean) | undefined;
  if (sandbox && plan?.kind === "sandboxed") {
    let conversation = conversations.get(context.state);
    if (conversation === undefined) {
      conversation = `c${++conversationCount}`;
      conversations.set(context.state, conversation);
    }
    const key = conversation;
    spawn = (command, options) => sandbox.spawn(command, { ...options, conversation: key });
    // SIGTERM (a timeout, an interrupt, KillShell) goes to the command's processes inside the sandbox.
    terminate = (pid) => sandbox.terminate(pid);
  }
  // Interrupted before it started: nothing is run.
  if (context.signal?.aborted) return statusLine({ kind: "interrupted" });
  const started = Date.now();
  const cutMarker = (omitted: number) => t("bashOutputCut", { count: omitted });
  const launched = await launchShell(input.command, { cwd: context.cwd, env: context.env ?? process.env, ...(spawn ? { spawn, terminate } : {}) });
  if ("error" in launched) return finish({ output: "", status: { kind: "launch_failed", cause: launched.error } });
  const shells = BackgroundShells.of(context.state);
  const background = { command: input.command, sandboxed: spawn !== undefined, maxChars: limits.maxChars, killGraceMs: limits.killGraceMs, cutMarker, ...(context.callId ? { callId: context.callId } : {}) };
  if (input.run_in_background === true) {
    const shell = shells.adopt(launched, background);
    return bt("started", { id: shell.id });
  }
  // In the foreground until it ends, unless the user moves it to the background (Ctrl+B).
  const detach = new AbortController();
  const forget = shells.foreground(input.command, () => detach.abort());
  let result;
  try {
    result = await awaitShell(launched, { signal: context.signal, ...limits, cutMarker, detach: detach.signal });
  } finally {
    forget();
  }
  if ("detached" in result) {
    const shell = shells.adopt(launched, { ...background, initialOutput: result.output });
    const output = result.output.endsWith("\n") ? result.output.slice(0, -1) : result.output;
    return output === "" ? bt("moved", { id: shell.id }) : `${bt("moved", { id: shell.id })}\n${bt("movedOutput")}\n${output}`;
  }
  return finish(result);

  async function finish(result: ShellResult): Promise<ToolOutput> {
    const lines: string[] = [];
    if (result.output !== "") lines.push(result.output.endsWith("\n") ? result.output.slice(0, -1) : result.output);
    if (result.status.kind === "launch_failed") lines.push(t("bashLaunchCause", { cause: result.status.cause }));
    // A command the sandbox stopped (it failed, and its output or the proxy's log points at the sandbox) gets a
    // sentence the model can act on: what was refused, how to get out.
    if (spawn && sandbox && !(result.status.kind === "exit" && result.status.code === 0)) {
      const why = await sandbox.explain(input.command, result.output, started).catch(() => undefined);
      if (why !== undefined) lines.push(why);
    }
    lines.push(statusLine(result.status));
    const content = lines.join("\n");
    return result.status.kind === "launch_failed" ? { content, isError: true } : content;
  }
}
