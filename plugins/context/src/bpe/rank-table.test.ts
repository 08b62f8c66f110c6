import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NO_RANK, parseTiktoken, rankOf, tokenCount } from "./rank-table.ts";

const encode = (text: string) => new TextEncoder().encode(text);
/** A `.tiktoken` file for these tokens, ranked in order. */
const tiktokenFile = (tokens: readonly Uint8Array[]) =>
  encode(tokens.map((token, rank) => `${Buffer.from(token).toString("base64")} ${rank}\n`).join(""));

describe("parseTiktoken", () => {
  it("finds every token's rank, and no rank for bytes that are not a token", () => {
    const table = parseTiktoken(encode("YQ== 0\nYg== 1\nYWI= 2\nYWJj 3\n"));
    expect(tokenCount(table)).toBe(4);
    const text = encode("abcd");
    expect(rankOf(table, text, 0, 1)).toBe(0);
    expect(rankOf(table, text, 1, 2)).toBe(1);
    expect(rankOf(table, text, 0, 2)).toBe(2);
    expect(rankOf(table, text, 0, 3)).toBe(3);
    expect(rankOf(table, text, 2, 3)).toBe(NO_RANK);
    expect(rankOf(table, text, 1, 3)).toBe(NO_RANK);
  });

  it("accepts Windows line endings and a missing last newline", () => {
    expect(tokenCount(parseTiktoken(encode("YQ== 0\r\nYg== 1")))).toBe(2);
  });

  it("says which line is wrong and why", () => {
    expect(() => parseTiktoken(encode("YQ== 0\nY!== 1\n"))).toThrow('line 2: "!" is not base64');
    expect(() => parseTiktoken(encode("YQ== 0\nYg== 5\n"))).toThrow("line 2: rank 5 where 1 was expected");
    expect(() => parseTiktoken(encode("YQ== 0\nYg==\n"))).toThrow('line 2: expected "<base64 bytes> <rank>"');
    expect(() => parseTiktoken(encode("YQ== x\n"))).toThrow("line 1: the rank is not a number");
    expect(() => parseTiktoken(encode(""))).toThrow("the file holds no token");
  });

  it("round-trips any set of distinct byte strings", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.uint8Array({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 300, selector: (bytes) => Buffer.from(bytes).toString("hex") }), (tokens) => {
        const table = parseTiktoken(tiktokenFile(tokens));
        return tokens.every((token, rank) => rankOf(table, token, 0, token.length) === rank);
      }),
      { numRuns: 200 },
    );
  });

  it("throws only an Error with a line number on arbitrary bytes, never anything else", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (data) => {
        try {
          parseTiktoken(data);
        } catch (error) {
          return error instanceof Error && /^line \d+: |^the file holds no token$/.test(error.message);
        }
        return true;
      }),
      { numRuns: 500 },
    );
  });
});
