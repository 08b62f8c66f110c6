import { MAX_NAME_LENGTH, truncateName } from "./session-names.ts";

/** Seed § 23: compactions are numbered 1 – 1000, then start again at 1. */
export const MAX_COMPACTION_NUMBER = 1_000;

/**
 * The name of the session that follows a compaction (seed § 14.4): `xxx` → `xxx__1` → `xxx__2` … `xxx__1000` →
 * `xxx__1`. `__n` counts only for 1 ≤ n ≤ 1000 written without leading zero (`xxx__0`, `xxx__1001`, `a__b` get a
 * suffix added). The origin is cut so that the result fits in 100 characters.
 */
export function nextCompactedName(name: string): string {
  const match = /^(.+)__([1-9]\d{0,3})$/su.exec(name);
  const number = match ? Number(match[2]) : 0;
  const numbered = match !== null && number >= 1 && number <= MAX_COMPACTION_NUMBER;
  const origin = numbered ? (match[1] ?? name) : name;
  const next = numbered ? (number === MAX_COMPACTION_NUMBER ? 1 : number + 1) : 1;
  const suffix = `__${next}`;
  return `${truncateName(origin, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
}
