/**
 * The o200k_base merge ranks in a few flat typed arrays instead of 200,000 JavaScript strings in a Map: the token
 * bytes end to end (1.4 MB), where each token starts (0.8 MB) and an open-addressing hash table from bytes to
 * rank (2 MB). The tokenizer libraries keep ~70 MB resident for the same table (bench/tokenizer.bench.mjs), which
 * alone would break the interactive CLI's memory budget (issue 6).
 *
 * The source is the `.tiktoken` file OpenAI publishes: one line per token, `<base64 bytes> <rank>`, ranks
 * 0, 1, 2… in order.
 */
export interface RankTable {
  /** Every token's bytes, end to end, in rank order. */
  readonly bytes: Uint8Array;
  /** Token `rank` is `bytes[starts[rank] .. starts[rank + 1])`; one entry more than there are tokens. */
  readonly starts: Uint32Array;
  /** Open addressing, linear probing: `rank + 1`, or 0 for an empty slot. Its length is a power of two. */
  readonly slots: Int32Array;
}

/** No rank: the bytes are not a token. Greater than every rank, so that "no merge" compares as the worst. */
export const NO_RANK = 0x7fffffff;

const BASE64 = new Int16Array(128).fill(-1);
for (const [index, char] of [..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].entries()) {
  BASE64[char.charCodeAt(0)] = index;
}
const SPACE = 0x20;
const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const EQUALS = 0x3d;
const ZERO = 0x30;

/** Parses a `.tiktoken` file; throws an Error naming the line that is not `<base64> <rank>` in order. */
export function parseTiktoken(data: Uint8Array): RankTable {
  const bytes = new Uint8Array(Math.ceil((data.length * 3) / 4));
  const starts: number[] = [0];
  let written = 0;
  let position = 0;
  let line = 1;
  while (position < data.length) {
    if (data[position] === NEWLINE || data[position] === CARRIAGE_RETURN) {
      if (data[position] === NEWLINE) line += 1;
      position += 1;
      continue;
    }
    // The base64 token, decoded straight into `bytes`: no intermediate strings for 200,000 lines.
    let accumulator = 0;
    let bits = 0;
    while (position < data.length && data[position] !== SPACE && data[position] !== NEWLINE && data[position] !== CARRIAGE_RETURN) {
      const code = data[position] ?? 0;
      position += 1;
      if (code === EQUALS) continue;
      const value = code < 128 ? (BASE64[code] ?? -1) : -1;
      if (value < 0) throw new Error(`line ${line}: "${String.fromCharCode(code)}" is not base64`);
      accumulator = ((accumulator << 6) | value) & 0xffffff;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        bytes[written] = (accumulator >> bits) & 0xff;
        written += 1;
      }
    }
    if (data[position] !== SPACE) throw new Error(`line ${line}: expected "<base64 bytes> <rank>"`);
    position += 1;
    let rank = 0;
    let digits = 0;
    while (position < data.length && data[position] !== NEWLINE && data[position] !== CARRIAGE_RETURN) {
      const digit = (data[position] ?? 0) - ZERO;
      if (digit < 0 || digit > 9) throw new Error(`line ${line}: the rank is not a number`);
      rank = rank * 10 + digit;
      digits += 1;
      position += 1;
    }
    if (digits === 0) throw new Error(`line ${line}: expected "<base64 bytes> <rank>"`);
    if (rank !== starts.length - 1) throw new Error(`line ${line}: rank ${rank} where ${starts.length - 1} was expected (ranks must follow each other)`);
    if (written === starts[starts.length - 1]) throw new Error(`line ${line}: a token with no bytes`);
    starts.push(written);
  }
  if (starts.length === 1) throw new Error("the file holds no token");
  const table = { bytes: bytes.slice(0, written), starts: Uint32Array.from(starts), slots: new Int32Array(slotCount(starts.length - 1)) };
  for (let rank = 0; rank < starts.length - 1; rank += 1) insert(table, rank);
  return table;
}

/** The rank of `buffer[start .. end)`, or NO_RANK when those bytes are not a token. */
export function rankOf(table: RankTable, buffer: Uint8Array, start: number, end: number): number {
  const { bytes, starts, slots } = table;
  const mask = slots.length - 1;
  const length = end - start;
  for (let slot = hash(buffer, start, end) & mask; ; slot = (slot + 1) & mask) {
    const entry = slots[slot] ?? 0;
    if (entry === 0) return NO_RANK;
    const rank = entry - 1;
    const from = starts[rank] ?? 0;
    if ((starts[rank + 1] ?? 0) - from !== length) continue;
    let same = true;
    for (let offset = 0; offset < length; offset += 1) {
      if (bytes[from + offset] !== buffer[start + offset]) {
        same = false;
        break;
      }
    }
    if (same) return rank;
  }
}

/** The number of tokens in the table. */
export function tokenCount(table: RankTable): number {
  return table.starts.length - 1;
}

/** A power of two at least 2.5 times the token count: short probe runs at a load below 0.4. */
function slotCount(tokens: number): number {
  let size = 1024;
  while (size < tokens * 2.5) size *= 2;
  return size;
}

function insert(table: RankTable, rank: number): void {
  const { bytes, starts, slots } = table;
  const mask = slots.length - 1;
  let slot = hash(bytes, starts[rank] ?? 0, starts[rank + 1] ?? 0) & mask;
  while ((slots[slot] ?? 0) !== 0) slot = (slot + 1) & mask;
  slots[slot] = rank + 1;
}

/** 32-bit FNV-1a. */
function hash(buffer: Uint8Array, start: number, end: number): number {
  let value = 0x811c9dc5;
  for (let index = start; index < end; index += 1) {
    value ^= buffer[index] ?? 0;
    value = Math.imul(value, 0x01000193);
  }
  return value >>> 0;
}
