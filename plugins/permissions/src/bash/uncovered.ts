import { t } from "../messages.ts";
import type { PathContext } from "../path-rules.ts";
import type { Rule } from "../rule-syntax.ts";
import { everyCommand, everyFinding, everyWrite, type BashAnalysis } from "./analysis.ts";
import { bashRuleSet } from "./bash-rules.ts";
import { cover, coverWrite } from "./decide-bash.ts";

/**
 * Every part of a command that keeps it from being allowed — each simple command no allow rule covers, each
 * redirection target no Redirect rule covers, each substitution or unreliable parse — where `decideBash`
 * stops at the first. A confirmation lists them, so the user knows why MAIA asks and what a rule would need.
 */
export function uncoveredParts(analysis: BashAnalysis, rules: readonly Rule[], paths: PathContext): string[] {
  const set = bashRuleSet(rules);
  const commands = everyCommand(analysis);
  const found = [...everyFinding(analysis, "uncertain", commands), ...everyFinding(analysis, "substitutions", commands)].map((finding) =>
    t(`finding-${finding.code}`, { text: finding.text }),
  );
  for (const command of analysis.commands) {
    const covered = cover(command, set.bash.allow);
    if (!covered.ok) found.push(covered.reason);
  }
  const restrictedTargets = [...set.redirect.deny, ...set.redirect.ask].some((rule) => rule.pattern !== undefined);
  for (const write of everyWrite(analysis, commands)) {
    const covered = coverWrite(write, set.redirect.allow, restrictedTargets, paths);
    if (!covered.ok) found.push(covered.reason);
  }
  return [...new Set(found)];
}
