import type { HookRun } from "./run-hooks.ts";
import { t } from "./messages.ts";

export type PermissionAnswer = "allow" | "ask" | "deny";

/** What the runs of one event ask for, merged: any block wins, deny > ask > allow (Gemini CLI's "any block wins"). */
export interface Effects {
  /** For the user: failures, `systemMessage`, stdout that looked like JSON and was not. */
  warnings: string[];
  /** Exit 2's stderr, or `decision: "block"`'s reason: for the model (or the user, per event). */
  blocks: string[];
  /** Exit 0's plain stdout: context for UserPromptSubmit and SessionStart, the log for the other events. */
  stdout: string[];
  /** `hookSpecificOutput.additionalContext`: for the model, with the event's request or result. */
  context: string[];
  /** `continue: false`: the hook asks MAIA to stop; its `stopReason` (for the user). */
  stop?: string;
  permission?: PermissionAnswer;
  permissionReasons: string[];
  updatedInput?: Record<string, unknown>;
}

const STRICTNESS: Record<PermissionAnswer, number> = { allow: 0, ask: 1, deny: 2 };

/** Nothing asked for: the event goes on as if no hook had run. */
export function isNeutral(effects: Effects): boolean {
  return (
    effects.warnings.length + effects.blocks.length + effects.context.length === 0 &&
    effects.stop === undefined &&
    effects.permission === undefined &&
    effects.updatedInput === undefined
  );
}

export function mergeRuns(runs: readonly HookRun[]): Effects {
  const effects: Effects = { warnings: [], blocks: [], stdout: [], context: [], permissionReasons: [] };
  for (const { hook, result } of runs) {
    if (result.kind === "error") {
      effects.warnings.push(result.message);
      continue;
    }
    if (result.kind === "block") {
      effects.blocks.push(result.message || t("blockedNoReason", { command: hook.command }));
      continue;
    }
    if (result.invalidJson) effects.warnings.push(t("invalidJson", { command: hook.command, event: hook.event }));
    const json = result.json;
    if (!json) {
      if (result.text) effects.stdout.push(result.text);
      continue;
    }
    if (json.systemMessage) effects.warnings.push(json.systemMessage);
    if (json.continue === false) effects.stop = json.stopReason ?? effects.stop ?? "";
    // `approve` and `block` are PreToolUse's older spelling of allow and deny; `block` blocks every other event.
    if (json.decision === "block") effects.blocks.push(json.reason || t("blockedNoReason", { command: hook.command }));
    if (json.decision === "approve") tighten(effects, "allow", json.reason);
    const specific = json.hookSpecificOutput;
    if (specific?.additionalContext) effects.context.push(specific.additionalContext);
    const decision = specific?.permissionDecision;
    if (decision === "allow" || decision === "ask" || decision === "deny") tighten(effects, decision, specific?.permissionDecisionReason);
    if (specific?.updatedInput) effects.updatedInput = specific.updatedInput;
    // PermissionRequest: `decision.behavior`. An allow that also changes the input is not taken (the rules would have
    // to judge the new input first): the question is asked as usual.
    const answer = specific?.decision;
    if (answer?.behavior === "deny") tighten(effects, "deny", answer.message);
    else if (answer?.behavior === "allow") tighten(effects, answer.updatedInput === undefined ? "allow" : "ask", answer.message);
  }
  return effects;
}

function tighten(effects: Effects, answer: PermissionAnswer, reason: string | undefined): void {
  if (reason) effects.permissionReasons.push(reason);
  if (effects.permission === undefined || STRICTNESS[answer] > STRICTNESS[effects.permission]) effects.permission = answer;
}
