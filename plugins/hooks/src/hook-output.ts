import type { CommandRun } from "./run-command.ts";

/** The JSON a hook may print on stdout (Claude Code's fields; unknown ones are ignored). */
export interface HookJson {
  continue?: boolean;
  stopReason?: string;
  suppressOutput?: boolean;
  systemMessage?: string;
  decision?: string;
  reason?: string;
  hookSpecificOutput?: {
    hookEventName?: string;
    permissionDecision?: string;
    permissionDecisionReason?: string;
    updatedInput?: Record<string, unknown>;
    additionalContext?: string;
    /** PermissionRequest's answer (Claude Code): `behavior` allow or deny, a `message` for the model on deny. */
    decision?: { behavior?: "allow" | "deny"; message?: string; updatedInput?: Record<string, unknown> };
  };
}

/**
 * What one run means, before any event gives it its effect: exit 0 is a success (its stdout read as JSON when it
 * is a JSON object, as text otherwise), exit 2 a block (stderr is the message; stdout is ignored, as in Claude
 * Code), anything else — another code, a timeout, a signal, a shell that did not start — an error the user is
 * warned about while the turn goes on.
 */
export type HookResult =
  | { kind: "success"; text: string; json?: HookJson; invalidJson?: boolean }
  | { kind: "block"; message: string }
  | { kind: "error"; message: string };

export function interpret(run: CommandRun): HookResult {
  if (run.code === 0) return success(run.stdout);
  if (run.code === 2) return { kind: "block", message: run.stderr.trim() };
  return { kind: "error", message: run.stderr.trim() };
}

function success(stdout: string): HookResult {
  const text = stdout.trim();
  if (!text.startsWith("{")) return { kind: "success", text };
  try {
    const value = JSON.parse(text) as unknown;
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return { kind: "success", text, json: readJson(value as Record<string, unknown>) };
  } catch {
    // Falls through: text that only looks like JSON is text, and the user is told.
  }
  return { kind: "success", text, invalidJson: true };
}

/** Keeps the fields of the expected types only: a wrong type is as if the field were absent. */
function readJson(value: Record<string, unknown>): HookJson {
  const json: HookJson = {};
  if (typeof value.continue === "boolean") json.continue = value.continue;
  for (const key of ["stopReason", "systemMessage", "decision", "reason"] as const) {
    if (typeof value[key] === "string") json[key] = value[key];
  }
  if (typeof value.suppressOutput === "boolean") json.suppressOutput = value.suppressOutput;
  const specific = value.hookSpecificOutput;
  if (typeof specific === "object" && specific !== null && !Array.isArray(specific)) {
    const raw = specific as Record<string, unknown>;
    const out: NonNullable<HookJson["hookSpecificOutput"]> = {};
    for (const key of ["hookEventName", "permissionDecision", "permissionDecisionReason", "additionalContext"] as const) {
      if (typeof raw[key] === "string") out[key] = raw[key];
    }
    const updated = raw.updatedInput;
    if (typeof updated === "object" && updated !== null && !Array.isArray(updated)) out.updatedInput = updated as Record<string, unknown>;
    const decision = raw.decision;
    if (typeof decision === "object" && decision !== null && !Array.isArray(decision)) {
      const fields = decision as Record<string, unknown>;
      const answer: NonNullable<NonNullable<HookJson["hookSpecificOutput"]>["decision"]> = {};
      if (fields.behavior === "allow" || fields.behavior === "deny") answer.behavior = fields.behavior;
      if (typeof fields.message === "string") answer.message = fields.message;
      const input = fields.updatedInput;
      if (typeof input === "object" && input !== null && !Array.isArray(input)) answer.updatedInput = input as Record<string, unknown>;
      out.decision = answer;
    }
    json.hookSpecificOutput = out;
  }
  return json;
}
