import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { loadJsTiktoken } from "./reference-tokenizer.ts";
import { loadO200kTokenizer, type CountText } from "./tokenizers.ts";

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

describe("MAIA's o200k_base counter counts exactly as js-tiktoken (seed § 13.1)", () => {
  let ours: CountText;
  let tiktoken: CountText;
  beforeAll(async () => {
    [ours, tiktoken] = await Promise.all([loadO200kTokenizer(), loadJsTiktoken()]);
  });

  it("on a varied corpus: code, prose, French, CJK, emoji, special-token look-alikes", () => {
    for (const text of CORPUS) expect({ text, count: ours(text) }).toEqual({ text, count: tiktoken(text) });
  });

  it("counts a special-token look-alike as text, never as one special token nor an error", () => {
    expect(ours("<|endoftext|>")).toBeGreaterThan(1);
    expect(ours("<|endoftext|>")).toBe(tiktoken("<|endoftext|>"));
  });

  it("counts a byte order mark as one token, as tiktoken does (gpt-tokenizer counts 2)", () => {
    expect(ours("\uFEFF")).toBe(1);
    expect(ours("\uFEFFimport x")).toBe(tiktoken("\uFEFFimport x"));
  });

  it("on random Unicode strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => ours(text) === tiktoken(text)),
      { numRuns: 500 },
    );
  });

  it("on random strings mixing words, code punctuation and special-token pieces", () => {
    const piece = fc.constantFrom(
      "<|endoftext|>", "<|im_start|>", "<|", "|>", " the", "été", "日本", "😀", "\n", "  ", "{", "}", "=>", "0x1F", "fn", "'s", "\uFEFF",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, fc.string({ maxLength: 6 })), { maxLength: 60 }), (pieces) => {
        const text = pieces.join("");
        return ours(text) === tiktoken(text);
      }),
      { numRuns: 500 },
    );
  });

  it("on long runs of one character, which are one piece each (merged with the heap)", () => {
    for (const text of ["-".repeat(3_000), "a".repeat(3_000), " ".repeat(3_000), "é".repeat(1_500), "😀".repeat(500), "=".repeat(129)]) {
      expect({ length: text.length, count: ours(text) }).toEqual({ length: text.length, count: tiktoken(text) });
    }
  });
});
