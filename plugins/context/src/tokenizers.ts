/**
 * The two o200k_base tokenizers MAIA can count with (DESIGN.md, "Tokenizer"). Both count a text that looks like a
 * special token (`<|endoftext|>`) as ordinary text, as seed § 13.1 asks with js-tiktoken's `encode(text, [], [])`.
 * gpt-tokenizer is the one MAIA uses: measured here (bench/tokenizer.bench.mjs) it loads about 4× and encodes
 * about 6× faster, with the same counts (tokenizers.test.ts proves it on a varied corpus and random strings).
 * js-tiktoken stays as the reference the seed names (reference-tokenizer.ts), for that test and the benchmark only,
 * so that it is never part of the bundle.
 */

/** Counts the o200k_base tokens of a text. */
export type CountText = (text: string) => number;

export async function loadGptTokenizer(): Promise<CountText> {
  const { countTokens } = await import("gpt-tokenizer/encoding/o200k_base");
  // An empty disallowed set and no allowed set: special-token look-alikes are plain text, never an error.
  const options = { disallowedSpecial: new Set<string>() };
  return (text) => (text.length === 0 ? 0 : countTokens(text, options));
}
