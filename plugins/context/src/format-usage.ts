import { t } from "./messages.ts";

/** Seed § 13.3 number format: 950, 12.3k, 200k, 1.05M (three significant digits, no trailing zeros). */
export function formatTokens(tokens: number): string {
  const n = Math.max(0, Math.round(tokens));
  if (n < 1_000) return String(n);
  const thousands = Number((n / 1_000).toPrecision(3));
  if (thousands < 1_000) return `${thousands}k`;
  return `${Number((n / 1_000_000).toPrecision(3))}M`;
}

/**
 * The usage label a front end shows: `45.7k / 200k · 23%`, or `N tokens · maximum unknown` when no maximum is
 * known (DESIGN decision where seed § 13.2 and § 13.3 disagree: the count stays visible).
 */
export function formatContextUsage(tokens: number, max: number | undefined): string {
  if (max === undefined || max <= 0) return t("usageWithoutMax", { tokens: formatTokens(tokens) });
  const percent = Math.round((tokens / max) * 100);
  return t("usageWithMax", { tokens: formatTokens(tokens), max: formatTokens(max), percent });
}
