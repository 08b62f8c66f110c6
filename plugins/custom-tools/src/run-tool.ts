import path from "node:path";
import type { SandboxApi } from "@maia/plugin-sandbox";
import { expandWords } from "./command-line.ts";
import { t } from "./messages.ts";
import type { ToolDefinition } from "./tool-definition.ts";

/** Seed § 23: a custom tool runs at most 120 s and gives back at most 30,000 characters. */
export const TOOL_TIMEOUT_MS = 120_000;
export const TOOL_OUTPUT_LIMIT = 30_000;
/** What we keep in memory of a chatty program before cutting; far above what the model is given. */
const CAPTURE_LIMIT = 4_000_000;

export interface RunContext {
  /** The launch folder, given to the program as MAIA_CWD. */
  cwd: string;
  env?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** Tests shorten it; users get the seed's 120 s. */
  timeoutMs?: number;
  /** The OS sandbox the program runs in, when the sandbox plugin is on (issue 35). */
  sandbox?: ToolSandbox | undefined;
}

/** What a custom tool uses of the sandbox plugin's API. */
export type ToolSandbox = Pick<SandboxApi, "planBash" | "wrap">;

export type RunOutcome = { content: string; isError: boolean };

/**
 * Runs a custom tool (seed § 10.3) with execa and no shell: the program and its arguments come from the
 * definition's words, each value of the model being one whole argument whatever it contains. The working
 * directory is the tool's folder (its `./`), the environment gets MAIA_CWD and MAIA_TOOL_DIR. A non-zero exit,
 * a signal, a timeout or a program that cannot start is an error result for the model, never an exception;
 * an abort (Ctrl+C) is rethrown as such so the loop rolls back.
 */
export async function runCustomTool(definition: ToolDefinition, values: Record<string, string>, context: RunContext): Promise<RunOutcome> {
  const [program = "", ...args] = expandWords(definition.words, values);
  const file = program.startsWith("./") || program.startsWith("../") ? path.resolve(definition.folder, program) : program;
  const seconds = Math.round((context.timeoutMs ?? TOOL_TIMEOUT_MS) / 1000);
  const env = { ...(context.env ?? process.env), MAIA_CWD: context.cwd, MAIA_TOOL_DIR: definition.folder };
  // In the OS sandbox when it is on, as Bash: the program and its arguments wrapped, never through a shell.
  const plan = context.sandbox ? await context.sandbox.planBash({}) : undefined;
  if (plan?.kind === "refused") return error(t("spawnFailed", { name: definition.name, program, cause: plan.reason }));
  const wrapped = context.sandbox && plan?.kind === "sandboxed" ? await context.sandbox.wrap([file, ...args], { cwd: definition.folder, env }) : undefined;
  // Imported when a custom tool first runs, not when the plugin loads (start-up memory, DESIGN.md).
  const { execa } = await import("execa");
  const result = await execa(wrapped?.file ?? file, wrapped?.args ?? args, {
    cwd: wrapped?.cwd ?? definition.folder,
    env: wrapped?.env ?? env,
    extendEnv: false,
    stdin: "ignore",
    timeout: context.timeoutMs ?? TOOL_TIMEOUT_MS,
    forceKillAfterDelay: 1_000,
    maxBuffer: CAPTURE_LIMIT,
    reject: false,
    windowsHide: true,
    ...(context.signal ? { cancelSignal: context.signal } : {}),
  });
  if (result.isCanceled || context.signal?.aborted) {
    const error = new Error("aborted");
    error.name = "AbortError";
    throw error;
  }
  const stdout = String(result.stdout ?? "");
  const stderr = String(result.stderr ?? "");
  const name = definition.name;
  if (result.timedOut) return error(t("timedOut", { name, seconds, output: cut(stderr || stdout) }));
  if (result.exitCode === undefined && result.signal === undefined) {
    const cause = result.code === "ENOENT" ? t("notFound") : (result.originalMessage ?? result.shortMessage ?? String(result.code ?? ""));
    return error(t("spawnFailed", { name, program, cause }));
  }
  // In the sandbox, a program that cannot start is bubblewrap's error, not the system's.
  if (wrapped && result.exitCode === 1 && /^bwrap: execvp /m.test(stderr)) return error(t("spawnFailed", { name, program, cause: t("notFound") }));
  if (result.signal !== undefined && !result.isMaxBuffer) return error(t("killed", { name, signal: result.signal, output: cut(stderr || stdout) }));
  if (result.exitCode !== 0 && !result.isMaxBuffer) return error(t("failed", { name, code: result.exitCode ?? "?", output: cut(stderr || stdout) }));
  // Exit 0 (or a program killed for printing far too much): what it printed, cut to the limit.
  return { content: cut(stdout || stderr) || t("noOutput"), isError: false };
}

function error(content: string): RunOutcome {
  return { content: content.trimEnd(), isError: true };
}

/** Keeps the beginning, where programs say what matters, and says that the rest was cut. */
export function cut(text: string): string {
  if (text.length <= TOOL_OUTPUT_LIMIT) return text;
  return `${text.slice(0, TOOL_OUTPUT_LIMIT)}\n${t("truncated")}`;
}
