import type { Tool, ToolContext, ToolOutput } from "@maia/kernel";
import { toolDoc as d } from "./descriptions.ts";
import { t } from "./messages.ts";
import { runShell, type ShellStatus } from "@maia/util";

export interface BashInput extends Record<string, unknown> {
  command: string;
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

export function createBashTool(limits: BashLimits = BASH_LIMITS): Tool<BashInput> {
  return {
    spec: {
      name: "Bash",
      description: d("bash", { seconds: limits.timeoutMs / 1000, chars: limits.maxChars }),
      inputSchema: {
        type: "object",
        properties: { command: { type: "string", minLength: 1, description: d("bashCommand") } },
        required: ["command"],
      },
    },
    permission: "ask",
    describe: (input) => input.command,
    execute: (input, context) => bash(input, context, limits),
  };
}

async function bash(input: BashInput, context: ToolContext, limits: BashLimits): Promise<ToolOutput> {
  const result = await runShell(input.command, {
    cwd: context.cwd,
    env: context.env ?? process.env,
    signal: context.signal,
    ...limits,
    cutMarker: (omitted) => t("bashOutputCut", { count: omitted }),
  });
  const lines: string[] = [];
  if (result.output !== "") lines.push(result.output.endsWith("\n") ? result.output.slice(0, -1) : result.output);
  if (result.status.kind === "launch_failed") lines.push(t("bashLaunchCause", { cause: result.status.cause }));
  lines.push(statusLine(result.status));
  const content = lines.join("\n");
  return result.status.kind === "launch_failed" ? { content, isError: true } : content;
}
