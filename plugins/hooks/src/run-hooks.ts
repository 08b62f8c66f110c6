import type { HookEvent, HookInput } from "./events.ts";
import { interpret, type HookResult } from "./hook-output.ts";
import { compileMatcher, type HookCommand, type LoadedHooks } from "./load-hooks.ts";
import { t } from "./messages.ts";
import { runCommand, type CommandRun } from "./run-command.ts";

/** Characters kept of each of a hook's streams: enough for any message, bounded whatever a command prints. */
export const MAX_HOOK_OUTPUT_CHARS = 30_000;

export interface HookRun {
  hook: HookCommand;
  result: HookResult;
  durationMs: number;
  /** One short line: exit code, timeout, signal (for the log, `/hooks` and stream-json). */
  outcome: string;
}

export interface RunContext {
  cwd: string;
  env: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** Called once per run, when it ends. */
  onRun?: (run: HookRun) => void;
}

/** The trusted commands of an event whose matcher accepts `value` (no value: the event has no matcher). */
export function matchingHooks(loaded: LoadedHooks, event: HookEvent, value: string | undefined): HookCommand[] {
  const seen = new Set<string>();
  const selected: HookCommand[] = [];
  for (const file of loaded.files) {
    if (!file.trusted) continue;
    for (const hook of file.commands) {
      if (hook.event !== event) continue;
      if (value !== undefined && !(compileMatcher(hook.matcher)?.(value) ?? false)) continue;
      // Identical commands run once (Claude Code's rule), whichever files and groups name them.
      if (seen.has(hook.command)) continue;
      seen.add(hook.command);
      selected.push(hook);
    }
  }
  return selected;
}

/** Runs the hooks of one event in parallel, each with the event on stdin; results in the order of the hooks. */
export async function runHooks(hooks: readonly HookCommand[], input: HookInput, context: RunContext): Promise<HookRun[]> {
  const stdin = `${JSON.stringify(input)}\n`;
  const env = { ...context.env, MAIA_PROJECT_DIR: context.cwd, CLAUDE_PROJECT_DIR: context.cwd };
  return Promise.all(
    hooks.map(async (hook) => {
      const run = await runCommand(hook.command, {
        cwd: context.cwd,
        env: hook.env ? { ...env, ...hook.env } : env,
        input: stdin,
        timeoutMs: hook.timeoutSeconds * 1000,
        maxChars: MAX_HOOK_OUTPUT_CHARS,
        ...(context.signal ? { signal: context.signal } : {}),
      });
      const done: HookRun = { hook, result: resultOf(run, hook), durationMs: run.durationMs, outcome: outcomeOf(run, hook) };
      context.onRun?.(done);
      return done;
    }),
  );
}

function resultOf(run: CommandRun, hook: HookCommand): HookResult {
  const result = interpret(run);
  if (result.kind !== "error") return result;
  return { kind: "error", message: t("hookFailed", { command: hook.command, event: hook.event, outcome: outcomeOf(run, hook), detail: result.message ? `: ${result.message}` : "" }) };
}

function outcomeOf(run: CommandRun, hook: HookCommand): string {
  if (run.launchError !== undefined) return t("outcomeLaunch", { reason: run.launchError });
  if (run.timedOut) return t("outcomeTimeout", { seconds: hook.timeoutSeconds });
  if (run.signal !== undefined) return t("outcomeSignal", { signal: run.signal });
  return t("outcomeExit", { code: run.code ?? -1 });
}
