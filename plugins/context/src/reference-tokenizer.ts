import type { CountText } from "./tokenizers.ts";

/**
 * The tokenizer libraries MAIA's own counter is measured against (bench/tokenizer.bench.mjs) and, for js-tiktoken,
 * checked against (tokenizers.test.ts). Not used at run time, and imported by nothing the bundle contains.
 */

/** js-tiktoken, the tokenizer seed § 13.1 names (`js-tiktoken/lite`, o200k_base, `encode(text, [], [])`). */
export async function loadJsTiktoken(): Promise<CountText> {
  const [{ Tiktoken }, { default: ranks }] = await Promise.all([
    import("js-tiktoken/lite"),
    import("js-tiktoken/ranks/o200k_base"),
  ]);
  const encoder = new Tiktoken(ranks);
  return (text) => (text.length === 0 ? 0 : encoder.encode(text, [], []).length);
}

/** gpt-tokenizer, the fastest library measured here (it counts a byte order mark as 2 tokens, tiktoken as 1). */
export async function loadGptTokenizer(): Promise<CountText> {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  // An empty disallowed set and no allowed set: special-token look-alikes are plain text, never an error.
  const options = { disallowedSpecial: new Set<string>() };
  return (text) => (text.length === 0 ? 0 : countTokens(text, options));
}
