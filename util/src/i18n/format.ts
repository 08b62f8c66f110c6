import { activeLocale } from "./catalogue.ts";

/**
 * Numbers and plurals in the active locale, as `Intl.NumberFormat("en-US" | "fr-FR")` writes numbers
 * (1,234.5 / 1 234,5 with a narrow no-break space), without Intl: creating the first Intl formatter loads ICU
 * data, ~45 ms of every start-up that describes a size (measured with --cpu-prof on `maia -p`).
 */
export function formatNumber(value: number, maximumFractionDigits = 0): string {
  if (!Number.isFinite(value)) return String(value);
  const french = activeLocale() === "fr";
  const fixed = Math.abs(value).toFixed(maximumFractionDigits);
  const [whole = "0", fraction = ""] = fixed.split(".");
  const digits = fraction.replace(/0+$/, "");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, french ? "\u202f" : ",");
  const sign = value < 0 || Object.is(value, -0) ? "-" : "";
  return `${sign}${grouped}${digits === "" ? "" : (french ? "," : ".") + digits}`;
}

/** `one` for 1 (and for 0 in French, which says « 0 fichier »), else `many`. */
export function plural(count: unknown, one: string, many: string): string {
  return Number(count) === 1 || (activeLocale() === "fr" && Number(count) === 0) ? one : many;
}
