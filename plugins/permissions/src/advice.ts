import { errorMessage, type AlwaysScope, type Verdict } from "@maia/kernel";
import { narrowRules, type CallEvaluator, type CallToRemember } from "@maia/permission-rules";
import type { Evaluation } from "./evaluate.ts";
import { t } from "./messages.ts";
import type { Remembered } from "./remember.ts";

export interface AdviceContext {
  cwd: string;
  homeDir: string;
  permissions: CallEvaluator;
  remember(call: CallToRemember, list: "allow" | "deny", scope: AlwaysScope): Promise<Remembered>;
}

/**
 * What a confirmation can tell and offer for a call that asks: the parts no rule covers, and "always allow"
 * with the narrowest rules (`Bash(npm test)` for each uncovered simple command, never `Bash(*)`; the exact
 * path of an Edit). No "always" when no rule can name the call exactly. Every front end remembers through it —
 * the terminal (`a`, `p`), `maia acp` and so the hub (allow_always, reject_always: "deny" rules too).
 */
export async function adviceFor(call: CallToRemember, evaluation: Evaluation, context: AdviceContext): Promise<NonNullable<Verdict["advice"]>> {
  const uncovered = evaluation.uncovered ?? [];
  const narrow = await narrowRules(call, "allow", context);
  const advice: NonNullable<Verdict["advice"]> = uncovered.length > 0 ? { uncovered } : {};
  if (narrow.rules.length === 0) return advice;
  return {
    ...advice,
    always: {
      rules: narrow.rules,
      remember: async (scope, list = "allow") => {
        try {
          return await told(call, list, await context.remember(call, list, scope), context);
        } catch (error) {
          return { info: [], warnings: [t("alwaysFailed", { reason: errorMessage(error) })] };
        }
      },
    },
  };
}

/** The lines the user reads after "always": where the rules went, and what will still ask. */
async function told(call: CallToRemember, list: "allow" | "deny", remembered: Remembered, context: AdviceContext): Promise<{ info: string[]; warnings: string[] }> {
  const warnings: string[] = [];
  if (remembered.problem !== undefined) warnings.push(t("alwaysNotAnalysed", { reason: remembered.problem }));
  for (const part of remembered.inexact) warnings.push(t("alwaysNotExact", { part }));
  if (remembered.error !== undefined) return { info: [], warnings: [...warnings, t("alwaysFailed", { reason: errorMessage(remembered.error) })] };
  const info: string[] = [];
  if (remembered.added.length > 0) {
    const rules = remembered.added.join(", ");
    info.push(remembered.scope === "session" ? t("alwaysSession", { rules }) : t("alwaysProject", { rules, file: remembered.file }));
  }
  // A rule cannot cover everything (a substitution, a redirection): say so now rather than surprise later. A deny
  // rule always decides (deny is read first): nothing to check.
  if (list === "allow") {
    const { verdict } = await context.permissions.evaluate(call.name, call.input);
    if (verdict.decision !== "allow") warnings.push(t("alwaysStillAsks", { reason: verdict.rule ?? verdict.reason ?? "" }));
  }
  return { info, warnings };
}
