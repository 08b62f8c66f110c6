import { t } from "./messages.ts";

/** Seed § 13.3 and § 23: one square is 10,000 tokens; the scale grows by this step when the bar is too wide. */
export const TOKENS_PER_SQUARE = 10_000;
/** Colours switch at these fractions of the maximum: green, then yellow, then red. */
export const YELLOW_FROM = 0.6;
export const RED_FROM = 0.85;

export type BarColor = "green" | "yellow" | "red";

export type ContextBarModel =
  | {
      kind: "bar";
      squares: number;
      filled: number;
      color: BarColor;
      /** `45.7k / 200k · 23%` */
      label: string;
      /** `(1■ = 20k)` when the scale had to grow to fit the terminal. */
      scaleLabel?: string;
    }
  | { kind: "unknown"; label: string };

/** Seed § 13.3 number format: 950, 12.3k, 200k, 1.05M (three significant digits, no trailing zeros). */
export function formatTokens(tokens: number): string {
  const n = Math.max(0, Math.round(Number.isFinite(tokens) ? tokens : 0));
  if (n < 1_000) return String(n);
  const thousands = Number((n / 1_000).toPrecision(3));
  if (thousands < 1_000) return `${thousands}k`;
  return `${Number((n / 1_000_000).toPrecision(3))}M`;
}

export function barColor(tokens: number, max: number): BarColor {
  const ratio = tokens / max;
  if (ratio >= RED_FROM) return "red";
  if (ratio >= YELLOW_FROM) return "yellow";
  return "green";
}

/**
 * What the context bar shows for `tokens` out of `max` in `width` columns. Squares fill from the left; at least
 * one is filled as soon as the context is not empty; when squares and label do not fit, the scale grows by
 * 10,000 tokens per step and is shown. Without a known maximum there are no squares, only the count.
 */
export function contextBar(tokens: number, max: number | undefined, width: number): ContextBarModel {
  const used = Math.max(0, Math.round(tokens));
  if (max === undefined || !Number.isFinite(max) || max <= 0) {
    return { kind: "unknown", label: t("contextUnknownMax", { tokens: formatTokens(used) }) };
  }
  const percent = Math.round((used / max) * 100);
  const label = `${formatTokens(used)} / ${formatTokens(max)} · ${percent}%`;
  const color = barColor(used, max);
  let scale = TOKENS_PER_SQUARE;
  for (;;) {
    const squares = Math.max(1, Math.ceil(max / scale));
    const scaleLabel = scale === TOKENS_PER_SQUARE ? undefined : t("contextScale", { tokens: formatTokens(scale) });
    const needed = squares + 1 + label.length + (scaleLabel === undefined ? 0 : scaleLabel.length + 1);
    // A single square that still does not fit: show it anyway, the label is what matters.
    if (needed <= width || squares === 1) {
      const filled = used === 0 ? 0 : Math.min(squares, Math.max(1, Math.round(used / scale)));
      return { kind: "bar", squares, filled, color, label, ...(scaleLabel === undefined ? {} : { scaleLabel }) };
    }
    scale += TOKENS_PER_SQUARE;
  }
}
