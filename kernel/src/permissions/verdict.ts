import type { Decision, Verdict } from "../contracts/session.ts";

const STRICTNESS: Record<Decision, number> = { allow: 0, ask: 1, deny: 2 };

/** The stricter of two verdicts; on a tie the earlier one stays (it names the rule that decided first). */
export function stricter(current: Verdict | undefined, next: Verdict | undefined): Verdict | undefined {
  if (!next) return current;
  if (!current) return next;
  return STRICTNESS[next.decision] > STRICTNESS[current.decision] ? next : current;
}
