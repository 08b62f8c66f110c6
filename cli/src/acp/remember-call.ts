import { errorMessage } from "@maia/kernel";
import type { PermissionsApi } from "@maia/plugin-permissions";
import { t } from "./messages.ts";
import type { TrackedCall } from "./tool-calls.ts";

export interface RememberContext {
  /** The permissions plugin, which works out the narrow rules and owns the settings file they go to. */
  permissions: Pick<PermissionsApi, "evaluate" | "remember">;
  info(message: string): void;
  warn(message: string): void;
}

/**
 * allow_always / reject_always: the permissions plugin writes the call's narrow rules to the launch folder's
 * `.maia/settings.json` and reads its files again, so the next identical call is decided without asking.
 * Whatever goes wrong is told to the user; the answer to the current question stands either way.
 */
export async function rememberCall(call: TrackedCall, list: "allow" | "deny", context: RememberContext): Promise<void> {
  const { permissions } = context;
  try {
    const input = (await call.details).rawInput;
    const remembered = await permissions.remember({ name: call.name, input, ...(call.tool ? { inputSchema: call.tool.spec.inputSchema } : {}) }, list);
    if (remembered.problem !== undefined) context.warn(t("ruleNotAnalysed", { reason: remembered.problem }));
    for (const part of remembered.inexact) {
      context.warn(call.name === "Bash" ? t("ruleNotExact", { command: part }) : t("ruleNoSubject", { tool: call.name }));
    }
    if (remembered.error !== undefined) throw remembered.error;
    if (remembered.rules.length === 0) return;
    if (remembered.added.length > 0) context.info(t("ruleWritten", { file: remembered.file, rules: remembered.added.join(", ") }));
    if (list === "allow") {
      // A rule cannot cover everything (a substitution, a redirection): say so now rather than surprise later.
      const { verdict } = await permissions.evaluate(call.name, input);
      if (verdict.decision !== "allow") {
        const reason = verdict.rule ? t("ruleStillAsksRule", { rule: verdict.rule, source: verdict.source ?? "" }) : (verdict.reason ?? "");
        context.warn(t("ruleStillAsks", { reason }));
      }
    }
  } catch (error) {
    context.warn(t("ruleFailed", { reason: errorMessage(error) }));
  }
}
