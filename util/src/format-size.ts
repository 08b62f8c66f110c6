/** How a number is written in the active language (the kernel's `formatNumber`), passed in so that util needs no locale. */
export type NumberFormatter = (value: number, maximumFractionDigits: number) => string;

/**
 * Sizes as people read them: "2 MB" in English, "2 Mo" in French (seed § 23's unit). Read, Write, WebFetch and
 * the `@` references plugin describe the same file with the same words, so they share this one.
 */
export function formatSizeWith(bytes: number, french: boolean, formatNumber: NumberFormatter): string {
  const units = french ? ["o", "Ko", "Mo", "Go"] : ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, value < 10 && unit > 0 ? 1 : 0)} ${units[unit]}`;
}
