/** The styles the early screen uses: the banner's texts (green, pink, dim), the input zone's (the others). */
export const EARLY_STYLES = ["green", "pink", "dim", "greenBright", "inverse", "gray"] as const;
export type EarlyStyle = (typeof EARLY_STYLES)[number];

/** Opening and closing escape codes per style, as chalk writes them; both empty at level 0 (no colour). */
export type StyleCodes = Record<EarlyStyle, readonly [open: string, close: string]>;

/**
 * `text` in `style`, as chalk writes it: codes around it, nothing around an empty text. For one line of text
 * without escape codes, which is all the early paint writes (bannerText and earlyBoxLines check their texts):
 * chalk's handling of nested codes and line breaks is not needed, so not reproduced.
 */
export function styled(codes: StyleCodes, style: EarlyStyle, text: string): string {
  const [open, close] = codes[style];
  return text === "" ? text : `${open}${text}${close}`;
}
