import type { CountText } from "./tokenizers.ts";

/**
 * js-tiktoken, the tokenizer seed § 13.1 names (`js-tiktoken/lite`, o200k_base, `encode(text, [], [])`): the
 * reference MAIA's counts are checked against (tokenizers.test.ts) and measured against (bench). Not used at run
 * time, and imported by nothing the bundle contains.
 */
export async function loadJsTiktoken(): Promise<CountText> {
  const [{ Tiktoken }, { default: ranks }] = await Promise.all([
    import("js-tiktoken/lite"),
    import("js-tiktoken/ranks/o200k_base"),
  ]);
  const encoder = new Tiktoken(ranks);
  return (text) => (text.length === 0 ? 0 : encoder.encode(text, [], []).length);
}
