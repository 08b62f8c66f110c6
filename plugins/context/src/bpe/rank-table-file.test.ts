import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { locateRanks } from "../tokenizers.ts";
import { createTokenCounter } from "./count-tokens.ts";
import { parseTiktoken, rankOf, tokenCount } from "./rank-table.ts";
import { readRankTable, writeRankTable } from "./rank-table-file.ts";

const tiktokenFile = (tokens: readonly Uint8Array[]) =>
  new TextEncoder().encode(tokens.map((token, rank) => `${Buffer.from(token).toString("base64")} ${rank}\n`).join(""));

describe("the binary rank table", () => {
  it("reads back what was written: every token keeps its rank", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.uint8Array({ minLength: 1, maxLength: 9 }), { minLength: 1, maxLength: 200, selector: (bytes) => Buffer.from(bytes).toString("hex") }), (tokens) => {
        const table = readRankTable(writeRankTable(parseTiktoken(tiktokenFile(tokens))));
        return tokenCount(table) === tokens.length && tokens.every((token, rank) => rankOf(table, token, 0, token.length) === rank);
      }),
      { numRuns: 100 },
    );
  });

  it("reads the same table on a big-endian machine, decoding the little-endian arrays", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.uint8Array({ minLength: 1, maxLength: 9 }), { minLength: 1, maxLength: 200, selector: (bytes) => Buffer.from(bytes).toString("hex") }), (tokens) => {
        const file = writeRankTable(parseTiktoken(tiktokenFile(tokens)));
        const inPlace = readRankTable(file, true);
        const decoded = readRankTable(file, false);
        return Buffer.from(decoded.bytes).equals(Buffer.from(inPlace.bytes)) && decoded.starts.every((start, index) => start === inPlace.starts[index]) && decoded.slots.every((slot, index) => slot === inPlace.slots[index]);
      }),
      { numRuns: 50 },
    );
  });

  it("counts o200k_base as the text ranks do", () => {
    const text = parseTiktoken(readFileSync(locateRanks()));
    const binary = readRankTable(writeRankTable(text));
    const sample = "Le compactage résume toute la conversation 😀 <|endoftext|> export function x() {}\n".repeat(20);
    expect(createTokenCounter(binary)(sample)).toBe(createTokenCounter(text)(sample));
  });

  it("refuses a file that is not one, cut short or damaged, with a precise reason", () => {
    const file = writeRankTable(parseTiktoken(new TextEncoder().encode("YQ== 0\nYg== 1\n")));
    expect(() => readRankTable(new TextEncoder().encode("hello world, not a table"))).toThrow("not a MAIA rank table");
    expect(() => readRankTable(file.subarray(0, file.length - 4))).toThrow("truncated");
    const damaged = file.slice();
    damaged[8] = (damaged[8] ?? 0) + 1; // one token more than the file holds
    expect(() => readRankTable(damaged)).toThrow("header is damaged");
  });

  it("never throws anything but an Error on arbitrary bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 100 }), (data) => {
        try {
          readRankTable(data);
        } catch (error) {
          return error instanceof Error;
        }
        return true;
      }),
    );
  });
});
