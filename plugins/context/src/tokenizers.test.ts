import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { loadJsTiktoken } from "./reference-tokenizer.ts";
import { loadGptTokenizer, type CountText } from "./tokenizers.ts";

/** Texts of every kind MAIA counts: code, prose in several scripts, emoji, JSON, and special-token look-alikes. */
const CORPUS: readonly string[] = [
  "",
  " ",
  "\n\n\t  \r\n",
  "Hello, world!",
  "export async function runTurn(hooks: HookTable, session: AgentSession): Promise<TurnOutcome> {\n  return { session, status: \"done\" };\n}\n",
  "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n\nprint([fib(i) for i in range(20)])",
  "SELECT u.id, COUNT(*) FROM users u JOIN orders o ON o.user_id = u.id GROUP BY u.id HAVING COUNT(*) > 3;",
  "Le compactage résume toute la conversation, vide le contexte comme /clear, et utilise le résumé à la place de MAIA.md.",
  "L'été où j'ai vu « Œdipe » à l'Opéra, c'était déjà ça : ça m'a plu ! Où est-ce ? Ça coûte 12,50 €.",
  "日本語のテキストを数えます。中文文本也一样。한국어 텍스트도 포함합니다.",
  "Привет, мир! Γειά σου Κόσμε! مرحبا بالعالم שלום עולם नमस्ते दुनिया",
  "😀👍🏽👨‍👩‍👧‍👦🇫🇷 emoji with ZWJ sequences and flags 🏳️‍🌈 and skin tones 👋🏿",
  "<|endoftext|>",
  "<|im_start|>system\nYou are MAIA.<|im_end|>\n<|im_start|>user\nHi<|im_end|>",
  "text before <|endofprompt|> and <|fim_prefix|><|fim_middle|><|fim_suffix|> after",
  "<|start|>assistant<|channel|>final<|message|>ok<|end|><|return|><|call|><|constrain|>",
  "<|endoftext", "endoftext|>", "< |endoftext| >",
  JSON.stringify({ name: "Read", description: "Reads a file", inputSchema: { type: "object", properties: { path: { type: "string" } } } }),
  "a".repeat(5_000),
  "ab ".repeat(2_000),
  "1234567890".repeat(300),
  "\u0000\u0001\u0007\u001b[31mred\u001b[0m \uFFFD \uD800 lone surrogate \uDFFF",
  "https://example.com/path?query=1&other=%20encoded#fragment",
  "    indented\n\t\ttabs\n\n\n\nmany newlines     trailing spaces   ",
];

describe("gpt-tokenizer and js-tiktoken count o200k_base identically", () => {
  let gpt: CountText;
  let tiktoken: CountText;
  beforeAll(async () => {
    [gpt, tiktoken] = await Promise.all([loadGptTokenizer(), loadJsTiktoken()]);
  });

  it("on a varied corpus: code, prose, French, CJK, emoji, special-token look-alikes", () => {
    for (const text of CORPUS) expect({ text, count: gpt(text) }).toEqual({ text, count: tiktoken(text) });
  });

  it("counts a special-token look-alike as text, never as one special token nor an error", () => {
    expect(gpt("<|endoftext|>")).toBeGreaterThan(1);
    expect(gpt("<|endoftext|>")).toBe(tiktoken("<|endoftext|>"));
  });

  it("on random Unicode strings (U+FEFF aside, see below)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }).filter((text) => !text.includes("\uFEFF")), (text) => gpt(text) === tiktoken(text)),
      { numRuns: 500 },
    );
  });

  // The one difference found: an exhaustive scan of every code point below U+30000, alone and next to a letter
  // or a space, and 30,000 random strings, differ only on U+FEFF (a byte order mark) not preceded by a space,
  // which gpt-tokenizer counts as 2 tokens and js-tiktoken as 1. MAIA keeps gpt-tokenizer (4× faster to load,
  // 6× faster to encode): at most one token per BOM too many, in a count that is already an approximation for
  // non-OpenAI models. This test fails the day the two agree, so that the note can go.
  it("differs only on a byte order mark, by one token", () => {
    expect(tiktoken("\uFEFF")).toBe(1);
    expect(gpt("\uFEFF")).toBe(2);
    expect(gpt("x \uFEFF y")).toBe(tiktoken("x \uFEFF y"));
  });

  it("on random strings mixing words, code punctuation and special-token pieces", () => {
    const piece = fc.constantFrom(
      "<|endoftext|>", "<|im_start|>", "<|", "|>", " the", "été", "日本", "😀", "\n", "  ", "{", "}", "=>", "0x1F", "fn", "'s",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 6 })), { maxLength: 60 }), (pieces) => {
        const text = pieces.join("");
        return gpt(text) === tiktoken(text);
      }),
      { numRuns: 500 },
    );
  });
});
