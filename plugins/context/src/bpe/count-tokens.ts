import { NO_RANK, rankOf, type RankTable } from "./rank-table.ts";

/**
 * Counts o200k_base tokens the way tiktoken encodes (seed § 13.1: `encode(text, [], [])`, so a special-token
 * look-alike such as `<|endoftext|>` is plain text): the text is split by o200k's pattern, each piece is UTF-8,
 * a piece that is a token counts 1, any other is merged byte pair by byte pair, lowest rank first (leftmost on a
 * tie), and counts its parts. Only the count is kept: no token ids are produced.
 */

/** o200k_base's split pattern, as tiktoken publishes it (its JavaScript flavour, as js-tiktoken uses it). */
const CONTRACTION = "(?:'s|'S|'t|'T|'re|'rE|'Re|'RE|'ve|'vE|'Ve|'VE|'m|'M|'ll|'lL|'Ll|'LL|'d|'D)?";
const O200K_PATTERN = [
  `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]*[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]+${CONTRACTION}`,
  `[^\\r\\n\\p{L}\\p{N}]?[\\p{Lu}\\p{Lt}\\p{Lm}\\p{Lo}\\p{M}]+[\\p{Ll}\\p{Lm}\\p{Lo}\\p{M}]*${CONTRACTION}`,
  "\\p{N}{1,3}",
  " ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*",
  "\\s*[\\r\\n]+",
  "\\s+(?!\\S)",
  "\\s+",
].join("|");

/** Pieces up to this many bytes are merged by scanning all pairs (fastest when short); longer ones with a heap. */
export const SCAN_LIMIT = 64;
/** Pieces up to this many characters have their count remembered: words and code recur. */
const CACHED_PIECE_LENGTH = 32;
const CACHE_SIZE = 16_384;

export type CountText = (text: string) => number;

export function createTokenCounter(table: RankTable, scanLimit = SCAN_LIMIT): CountText {
  const split = new RegExp(O200K_PATTERN, "gu");
  const encoder = new TextEncoder();
  const merger = new PieceMerger(table, scanLimit);
  const cache = new Map<string, number>();
  let buffer = new Uint8Array(256);

  const countPiece = (piece: string): number => {
    // At most 3 UTF-8 bytes per UTF-16 unit (a surrogate pair is 4 bytes for 2 units; a lone one becomes U+FFFD).
    if (buffer.length < piece.length * 3) buffer = new Uint8Array(piece.length * 3 * 2);
    const { written } = encoder.encodeInto(piece, buffer);
    return merger.count(buffer, written);
  };

  return (text) => {
    let total = 0;
    split.lastIndex = 0;
    for (let match = split.exec(text); match !== null; match = split.exec(text)) {
      const piece = match[0];
      if (piece.length > CACHED_PIECE_LENGTH) {
        total += countPiece(piece);
        continue;
      }
      let count = cache.get(piece);
      if (count === undefined) {
        count = countPiece(piece);
        if (cache.size >= CACHE_SIZE) cache.clear();
        cache.set(piece, count);
      }
      total += count;
    }
    return total;
  };
}

/**
 * Byte pair merging of one piece, on reusable typed arrays. A part is identified by the byte where it starts;
 * `pairRank[start]` is the rank of that part joined with the next one (NO_RANK when the join is not a token).
 */
class PieceMerger {
  private readonly table: RankTable;
  private readonly scanLimit: number;
  private bounds = new Int32Array(0);
  private ranks = new Int32Array(0);
  private next = new Int32Array(0);
  private previous = new Int32Array(0);
  private heap = new Float64Array(0);

  constructor(table: RankTable, scanLimit: number) {
    this.table = table;
    this.scanLimit = scanLimit;
  }

  count(bytes: Uint8Array, length: number): number {
    if (length <= 1) return length;
    if (rankOf(this.table, bytes, 0, length) !== NO_RANK) return 1;
    return length <= this.scanLimit ? this.countByScanning(bytes, length) : this.countWithHeap(bytes, length);
  }

  /** tiktoken's own loop: find the lowest-ranked pair, merge it, rank its two neighbours again. */
  private countByScanning(bytes: Uint8Array, length: number): number {
    if (this.bounds.length < length + 1) {
      this.bounds = new Int32Array(length + 1);
      this.ranks = new Int32Array(length + 1);
    }
    const { bounds, ranks, table } = this;
    for (let index = 0; index <= length; index += 1) bounds[index] = index;
    for (let index = 0; index + 2 <= length; index += 1) ranks[index] = rankOf(table, bytes, index, index + 2);
    let parts = length;
    while (parts > 1) {
      let best = NO_RANK;
      let at = -1;
      for (let index = 0; index + 1 < parts; index += 1) {
        const rank = ranks[index] ?? NO_RANK;
        if (rank < best) {
          best = rank;
          at = index;
        }
      }
      if (at < 0) break;
      // Part at+1 joins part at: drop its bound and its pair rank.
      bounds.copyWithin(at + 1, at + 2, parts + 1);
      ranks.copyWithin(at + 1, at + 2, parts);
      parts -= 1;
      ranks[at] = at + 1 < parts ? rankOf(table, bytes, bounds[at] ?? 0, bounds[at + 2] ?? 0) : NO_RANK;
      if (at > 0) ranks[at - 1] = rankOf(table, bytes, bounds[at - 1] ?? 0, bounds[at + 1] ?? 0);
    }
    return parts;
  }

  /**
   * The same merges in O(n log n) for long pieces (a 100 KB line of dashes is one piece): parts in a linked list,
   * candidate pairs in a binary heap keyed by rank then position, so that ties go to the leftmost pair as in the
   * scan. A heap entry is stale when its part is gone or its pair has grown: a rank names exactly one byte string,
   * so an entry is current exactly when the pair's rank now is the entry's rank.
   */
  private countWithHeap(bytes: Uint8Array, length: number): number {
    if (this.next.length < length + 1) {
      this.next = new Int32Array(length + 1);
      this.previous = new Int32Array(length + 1);
      this.ranks = new Int32Array(Math.max(this.ranks.length, length + 1));
      this.heap = new Float64Array(3 * length + 8);
    }
    const { next, previous, ranks, table } = this;
    const heap = new BinaryHeap(this.heap);
    for (let index = 0; index < length; index += 1) {
      next[index] = index + 1;
      previous[index] = index - 1;
    }
    const rankAt = (start: number): number => {
      const second = next[start] ?? length;
      if (second >= length) return NO_RANK;
      return rankOf(table, bytes, start, next[second] ?? length);
    };
    for (let index = 0; index + 1 < length; index += 1) {
      ranks[index] = rankAt(index);
      if ((ranks[index] ?? NO_RANK) !== NO_RANK) heap.push((ranks[index] ?? 0) * LENGTH_SCALE + index);
    }
    ranks[length - 1] = NO_RANK;
    let parts = length;
    while (heap.size > 0) {
      const key = heap.pop();
      const rank = Math.floor(key / LENGTH_SCALE);
      const start = key - rank * LENGTH_SCALE;
      if (ranks[start] !== rank) continue;
      // Merge `start` with the part after it.
      const removed = next[start] ?? length;
      const after = next[removed] ?? length;
      next[start] = after;
      if (after < length) previous[after] = start;
      ranks[removed] = NO_RANK;
      parts -= 1;
      ranks[start] = rankAt(start);
      if ((ranks[start] ?? NO_RANK) !== NO_RANK) heap.push((ranks[start] ?? 0) * LENGTH_SCALE + start);
      const before = previous[start] ?? -1;
      if (before >= 0) {
        ranks[before] = rankAt(before);
        if ((ranks[before] ?? NO_RANK) !== NO_RANK) heap.push((ranks[before] ?? 0) * LENGTH_SCALE + before);
      }
    }
    return parts;
  }
}

/** Heap keys are `rank * LENGTH_SCALE + position`: exact in a double for ranks below 2^21 and pieces below 2^31. */
const LENGTH_SCALE = 2 ** 31;

/** A min-heap of numbers on a caller's Float64Array (grown when full). */
class BinaryHeap {
  private items: Float64Array;
  size = 0;

  constructor(items: Float64Array) {
    this.items = items;
  }

  push(value: number): void {
    if (this.size === this.items.length) {
      const grown = new Float64Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    const items = this.items;
    let index = this.size;
    this.size += 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      const above = items[parent] ?? 0;
      if (above <= value) break;
      items[index] = above;
      index = parent;
    }
    items[index] = value;
  }

  pop(): number {
    const items = this.items;
    const top = items[0] ?? 0;
    this.size -= 1;
    const last = items[this.size] ?? 0;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= this.size) break;
      const right = left + 1;
      const child = right < this.size && (items[right] ?? 0) < (items[left] ?? 0) ? right : left;
      if ((items[child] ?? 0) >= last) break;
      items[index] = items[child] ?? 0;
      index = child;
    }
    items[index] = last;
    return top;
  }
}
