import { errorMessage } from "@maia/kernel";
import { t } from "./messages.ts";
import { narrowRules, type PermissionsPeer } from "./narrow-rules.ts";
import { addPermissionRules, projectSettingsFile } from "./settings-rules.ts";
import type { TrackedCall } from "./tool-calls.ts";

export interface RememberContext {
  cwd: string;
  homeDir: string;
  permissions: PermissionsPeer;
  info(message: string): void;
  warn(message: string): void;
}

/**
 * allow_always / reject_always: the narrow rules of the call go to the launch folder's `.maia/settings.json`
 * and the permissions plugin reads its files again, so the next identical call is decided without asking.
 * Whatever goes wrong is told to the user; the answer to the current question stands either way.
 */
export async function rememberCall(call: TrackedCall, list: "allow" | "deny", context: RememberContext): Promise<void> {
  const { permissions } = context;
  try {
    const input = (await call.details).rawInput;
    const narrow = await narrowRules(
      { name: call.name, input, ...(call.tool ? { inputSchema: call.tool.spec.inputSchema } : {}) },
      list,
      { cwd: context.cwd, homeDir: context.homeDir, permissions },
    );
    if (narrow.problem !== undefined) context.warn(t("ruleNotAnalysed", { reason: narrow.problem }));
    for (const part of narrow.inexact) {
      context.warn(call.name === "Bash" ? t("ruleNotExact", { command: part }) : t("ruleNoSubject", { tool: call.name }));
    }
    if (narrow.rules.length === 0) return;
    const file = projectSettingsFile(context.cwd);
    const added = await addPermissionRules(file, list, narrow.rules);
    await permissions.reload();
    if (added.length > 0) context.info(t("ruleWritten", { file, rules: added.join(", ") }));
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
