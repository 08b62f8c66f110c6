// A varied text corpus for the context benchmarks: the repository's own TypeScript, English and French prose,
// CJK, emoji and special-token look-alikes — what a coding conversation holds.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

function sources(folder) {
  const found = [];
  for (const entry of readdirSync(folder)) {
    const full = path.join(folder, entry);
    if (entry === "node_modules" || entry === "dist") continue;
    if (statSync(full).isDirectory()) found.push(...sources(full));
    else if (entry.endsWith(".ts")) found.push(readFileSync(full, "utf8"));
  }
  return found;
}

const PROSE = [
  "The agent reads, searches and edits the files of the folder it was started in, and runs commands there. ",
  "Le compactage résume toute la conversation, vide le contexte comme /clear, et utilise le résumé à la place de MAIA.md. ",
  "日本語のテキストを数えます。中文文本也一样。한국어 텍스트도 포함합니다. ",
  "Emoji 😀👍🏽👨‍👩‍👧‍👦🇫🇷 and <|endoftext|> <|im_start|> look-alikes. ",
];

/** Pieces of text, each a few hundred to a few thousand characters. */
export function corpusPieces() {
  const pieces = sources(path.join(root, "kernel", "src"));
  for (let index = 0; index < 200; index += 1) pieces.push(PROSE.map((text) => text.repeat(1 + (index % 5))).join("\n"));
  return pieces;
}
