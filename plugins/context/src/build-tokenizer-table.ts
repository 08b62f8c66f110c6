// For the build (cli/tsup.config.ts, through this package's `./tokenizer-table` export): the binary table of
// OpenAI's ranks that the bundle ships in dist/tokenizer and the plugin reads first (tokenizers.ts).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseTiktoken } from "./bpe/rank-table.ts";
import { writeRankTable } from "./bpe/rank-table-file.ts";
import { locateRanks, TABLE_FILE } from "./tokenizers.ts";

/** Writes the table into `folder` (created if need be) under the name the plugin looks for; returns its path. */
export function writeTokenizerTable(folder: string): string {
  mkdirSync(folder, { recursive: true });
  const file = path.join(folder, TABLE_FILE);
  writeFileSync(file, writeRankTable(parseTiktoken(readFileSync(locateRanks()))));
  return file;
}
