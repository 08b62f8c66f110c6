import type { Effects } from "./effects.ts";
import { mergeRuns } from "./effects.ts";
import { MATCHED_ON, type HookEvent, type HookInput } from "./events.ts";
import { t } from "./command-messages.ts";
import { matchingHooks, runHooks } from "./run-hooks.ts";
import type { LoadedHooks } from "./load-hooks.ts";

/** The sample event of `maia hooks test`, before `--input` replaces any of its fields. */
export function sampleInput(event: HookEvent, cwd: string): HookInput {
  const base = { session_id: "maia-hooks-test", transcript_path: "", cwd, hook_event_name: event };
  const tool = { tool_name: "Bash", tool_input: { command: "echo hello" }, tool_use_id: "test" };
  const fields: Record<HookEvent, Record<string, unknown>> = {
    PreToolUse: tool,
    PostToolUse: { ...tool, tool_response: "hello\n" },
    UserPromptSubmit: { prompt: "hello" },
    Stop: { stop_hook_active: false },
    SubagentStop: { stop_hook_active: false },
    SessionStart: { source: "startup" },
    SessionEnd: { reason: "other" },
    PreCompact: { trigger: "manual", custom_instructions: "" },
    Notification: { message: "MAIA needs your permission to use Bash", notification_type: "permission_prompt" },
    PermissionRequest: { tool_name: "Bash", tool_input: { command: "echo hello" }, permission_suggestions: [] },
    PostToolUseFailure: { ...tool, error: "exit code 1" },
    SubagentStart: { agent_id: "test", agent_type: "reviewer" },
    PostCompact: { trigger: "manual", compact_summary: "" },
    StopFailure: { error: "the model server answered 500" },
  };
  return { ...base, ...fields[event] };
}

/** Runs the hooks an event would run, prints each result and what MAIA would make of them. */
export async function testEvent(loaded: LoadedHooks, input: HookInput, context: { cwd: string; env: NodeJS.ProcessEnv }): Promise<string> {
  const event = input.hook_event_name;
  const key = MATCHED_ON[event];
  const hooks = matchingHooks(loaded, event, key === undefined ? undefined : String(input[key] ?? ""));
  const unapproved = loaded.files.filter((file) => !file.trusted).flatMap((file) => file.commands.filter((command) => command.event === event)).length;
  if (hooks.length === 0) {
    return t("testNoHooks", { event, unapproved: unapproved > 0 ? t("testUnapproved", { count: unapproved }) : "" });
  }
  const runs = await runHooks(hooks, input, context);
  const lines: string[] = [];
  for (const run of runs) {
    lines.push(t("testRun", { command: run.hook.command, file: `${run.hook.file}${run.hook.line ? `:${run.hook.line}` : ""}`, outcome: run.outcome, ms: run.durationMs }));
    if (run.result.kind === "success" && run.result.text) lines.push(t("testStdout", { text: brief(run.result.text) }));
    if (run.result.kind !== "success" && run.result.message) lines.push(t("testStderr", { text: brief(run.result.message) }));
  }
  lines.push("", t("wouldHeader"), ...wouldDo(event, mergeRuns(runs)));
  return lines.join("\n");
}

/** The effect of the merged results, in the words of the event (the same rules as the plugin's taps). */
export function wouldDo(event: HookEvent, effects: Effects): string[] {
  const lines = effects.warnings.map((text) => t("wouldWarn", { text }));
  const blocks = effects.blocks.join("\n");
  if (effects.stop !== undefined) return [...lines, t("wouldStopAll", { text: effects.stop || "continue: false" })];
  switch (event) {
    case "PreToolUse": {
      const reasons = [...effects.blocks, ...effects.permissionReasons].join("\n");
      if (effects.blocks.length > 0 || effects.permission === "deny") lines.push(t("wouldDeny", { text: reasons }));
      else if (effects.permission === "ask") lines.push(t("wouldAsk", { text: reasons }));
      else {
        if (effects.updatedInput) lines.push(t("wouldUpdate", { input: JSON.stringify(effects.updatedInput) }));
        lines.push(effects.permission === "allow" ? t("wouldAllow") : t("wouldRules"));
      }
      break;
    }
    case "PostToolUse":
      if (blocks || effects.context.length > 0) lines.push(t("wouldFeedback", { text: [...effects.blocks, ...effects.context].join("\n") }));
      else lines.push(t("wouldNothing"));
      break;
    case "UserPromptSubmit":
      if (blocks) lines.push(t("wouldBlockPrompt", { text: blocks }));
      else if (effects.stdout.length + effects.context.length > 0) lines.push(t("wouldAddContext", { text: [...effects.stdout, ...effects.context].join("\n") }));
      else lines.push(t("wouldNothing"));
      break;
    case "SessionStart":
      if (effects.stdout.length + effects.context.length > 0) lines.push(t("wouldAddContext", { text: [...effects.stdout, ...effects.context].join("\n") }));
      else lines.push(t("wouldNothing"));
      break;
    case "Stop":
    case "SubagentStop":
      lines.push(blocks ? t("wouldContinue", { text: blocks }) : t("wouldStop"));
      break;
    default:
      lines.push(t("wouldNothing"));
  }
  return lines;
}

function brief(text: string): string {
  const one = text.replace(/\s*\n\s*/g, " ⏎ ");
  return one.length > 300 ? `${one.slice(0, 299)}…` : one;
}
