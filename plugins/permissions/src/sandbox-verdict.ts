import type { FrontEnd, Verdict } from "@maia/kernel";
import type { SandboxApi } from "@maia/plugin-sandbox";
import { t } from "./messages.ts";
import { CLI_SOURCE } from "./settings-files.ts";

/** What this plugin reads of the sandbox plugin's API. */
export type SandboxPlanner = Pick<SandboxApi, "planBash" | "settings">;

/**
 * The sandbox's say on a Bash verdict, once the rules and the mode have had theirs (issue 35):
 * - a call the sandbox refuses (failIfUnavailable without a sandbox, dangerouslyDisableSandbox when
 *   allowUnsandboxedCommands is false) is denied, with the sandbox's reason;
 * - `dangerouslyDisableSandbox: true` always asks the person, even under an allow rule or a mode — except where
 *   nobody can answer (`maia -p`, a sub-agent), where it runs only if `--allow` rules of this run cover it;
 * - with `autoAllowBashIfSandboxed`, a call that runs in the sandbox and that no rule matched (the default ask)
 *   is allowed; a deny or ask rule still decides, and an evaluation error still asks.
 */
export async function sandboxVerdict(
  sandbox: SandboxPlanner,
  input: Record<string, unknown>,
  evaluated: { verdict: Verdict; rules: readonly { source: string }[]; error?: string },
  frontEnd: FrontEnd,
): Promise<Verdict> {
  const { verdict } = evaluated;
  const plan = await sandbox.planBash(input);
  if (plan.kind === "refused") return { decision: "deny", reason: plan.reason, source: t("sandboxSource") };
  if (plan.kind === "unsandboxed" && plan.why === "requested") {
    if (verdict.decision === "deny") return verdict;
    const coveredByCli = evaluated.rules.length > 0 && evaluated.rules.every((rule) => rule.source === CLI_SOURCE);
    if (!frontEnd.interactive && verdict.decision === "allow" && coveredByCli) return verdict;
    return { decision: "ask", reason: t("unsandboxedAsks"), source: t("sandboxSource") };
  }
  if (plan.kind === "sandboxed" && verdict.decision === "ask" && verdict.rule === undefined && evaluated.error === undefined) {
    if ((await sandbox.settings()).autoAllowBashIfSandboxed === true) return { decision: "allow", source: t("autoAllowSource") };
  }
  return verdict;
}
