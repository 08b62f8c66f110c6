/** Seed § 23: the plausible range of a context size, in tokens. */
export const MIN_CONTEXT_TOKENS = 1_000;
export const MAX_CONTEXT_TOKENS = 100_000_000;

/**
 * A number as models write it: digits grouped by one repeated separator (`128 000`, `131,072`, `1.000.000`,
 * `128'000`, narrow spaces), or plain digits with an optional decimal part (`1,5`, `1.5`), then an optional
 * unit word. It must not be glued to letters or digits on either side (`o200k_base`, `gpt-4o` are not sizes).
 */
const NUMBER =
  /(?<![\p{L}\p{N}_.,])(\d{1,3}([ \u00a0\u202f,.'\u2019])\d{3}(?:\2\d{3})*|\d+)(?:[.,](\d+))?(?:[ \u00a0\u202f]*(k|thousands?|milles?|millions?|mio|m|milliards?|billions?|bn|b))?(?![\p{L}\p{N}_])/giu;

const UNIT_SCALE: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  thousands: 1e3,
  mille: 1e3,
  milles: 1e3,
  m: 1e6,
  mio: 1e6,
  million: 1e6,
  millions: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
  billions: 1e9,
  milliard: 1e9,
  milliards: 1e9,
};

/**
 * The context size in a model's answer (seed § 13.2): `128000`, `128 000 tokens`, `131,072`, `1.000.000`, `200k`,
 * `1M`, `1,5 million`, `2 millions`. Values outside 1,000 – 100,000,000 are ignored; a value written with a unit
 * wins over a larger one without (`about 2024… 128k` is 128,000); otherwise the largest wins. Undefined when the
 * text holds no plausible size.
 */
export function parseTokenCount(text: string): number | undefined {
  let best: { value: number; withUnit: boolean } | undefined;
  for (const match of text.matchAll(NUMBER)) {
    const [, whole = "", separator, decimals, unit] = match;
    const integer = separator === undefined ? whole : whole.split(separator).join("");
    const number = Number(decimals === undefined ? integer : `${integer}.${decimals}`);
    const value = Math.round(number * (unit === undefined ? 1 : (UNIT_SCALE[unit.toLowerCase()] ?? 1)));
    if (!Number.isFinite(value) || value < MIN_CONTEXT_TOKENS || value > MAX_CONTEXT_TOKENS) continue;
    const withUnit = unit !== undefined;
    if (!best || (withUnit && !best.withUnit) || (withUnit === best.withUnit && value > best.value)) {
      best = { value, withUnit };
    }
  }
  return best?.value;
}
