/** Seed § 14.3 / § 23: tokens kept for the summary, and the error margin. */
export const SUMMARY_MAX_TOKENS = 4_000;
export const SAFETY_MARGIN_TOKENS = 500;

/**
 * The context size above which a conversation is compacted automatically (strictly greater). The seed's
 * `max − (4000 + 500)`; the `compaction.threshold` option may lower it, as a fraction of the window (0 < f ≤ 1) or
 * a token count (> 1), never raise it: above the seed's formula the summary itself would not fit.
 * Zero or less means automatic compaction cannot work with this window.
 */
export function compactionThreshold(max: number, setting?: number): number {
  const seed = max - (SUMMARY_MAX_TOKENS + SAFETY_MARGIN_TOKENS);
  if (setting === undefined) return seed;
  const chosen = setting <= 1 ? Math.floor(max * setting) : Math.floor(setting);
  return Math.min(chosen, seed);
}
