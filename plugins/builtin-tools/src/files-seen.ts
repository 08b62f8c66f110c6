import { open, stat } from "node:fs/promises";
import { sha256Hex } from "@maia/util";

/**
 * The files the model has seen in this conversation, so that Edit and Write never change a file blind or
 * overwrite a change made since (Claude Code users expect this). The record lives in the session's `state`
 * map: a new conversation (/clear, /new, /load, a sub-agent) starts with an empty one, and the plugin empties
 * it on /compact, when the model's memory of the files goes away with the messages.
 */
const FILES_SEEN = "builtin-tools:files-seen";

/** Files larger than this are recognised by size and modification time only (hashing them costs too much). */
export const HASH_LIMIT_BYTES = 32 * 1024 * 1024;

export interface SeenFile {
  size: number;
  mtimeMs: number;
  /** sha256 of the whole file as it was seen; absent when the file was not read whole. */
  hash?: string;
}

export interface FileStamp {
  size: number;
  mtimeMs: number;
}

function records(state: Map<string, unknown>): Map<string, SeenFile> {
  let map = state.get(FILES_SEEN);
  if (!(map instanceof Map)) {
    map = new Map<string, SeenFile>();
    state.set(FILES_SEEN, map);
  }
  return map as Map<string, SeenFile>;
}

export function hashBytes(bytes: Uint8Array): string {
  return sha256Hex(bytes);
}

/**
 * Records that the model has seen `absolutePath` as it is now. `content`, when given, must be the file's
 * whole bytes as read (not a decoded or truncated text): it lets a later check tell a mere `touch` from a
 * real change.
 */
export function markFileSeen(
  state: Map<string, unknown>,
  absolutePath: string,
  stats: FileStamp,
  content?: Uint8Array,
): void {
  const record: SeenFile = { size: stats.size, mtimeMs: stats.mtimeMs };
  if (content !== undefined && content.byteLength === stats.size) record.hash = hashBytes(content);
  records(state).set(absolutePath, record);
}

/** The same, reading the file itself: for callers that only have a path (the `@` references plugin). */
export async function markFileSeenFromDisk(state: Map<string, unknown>, absolutePath: string): Promise<void> {
  const stats = await stat(absolutePath);
  if (!stats.isFile()) return;
  if (stats.size > HASH_LIMIT_BYTES) {
    markFileSeen(state, absolutePath, stats);
    return;
  }
  const handle = await open(absolutePath, "r");
  try {
    const content = await handle.readFile();
    const after = await handle.stat();
    markFileSeen(state, absolutePath, after, content);
  } finally {
    await handle.close();
  }
}

export function forgetFilesSeen(state: Map<string, unknown>): void {
  state.delete(FILES_SEEN);
}

export function seenRecord(state: Map<string, unknown>, absolutePath: string): SeenFile | undefined {
  return records(state).get(absolutePath);
}

export type Freshness = "fresh" | "unseen" | "changed";

/**
 * Whether the model's view of an existing file is current: same size and modification time, or else the same
 * content hash (a file rewritten with identical bytes, or touched, is still fresh). `readContent` is only
 * called when the stamp differs.
 */
export async function freshness(
  state: Map<string, unknown>,
  absolutePath: string,
  current: FileStamp,
  readContent: () => Promise<Uint8Array>,
): Promise<Freshness> {
  const record = seenRecord(state, absolutePath);
  if (!record) return "unseen";
  if (record.size === current.size && record.mtimeMs === current.mtimeMs) return "fresh";
  if (record.hash === undefined || record.size !== current.size) return "changed";
  const content = await readContent();
  if (hashBytes(content) !== record.hash) return "changed";
  record.mtimeMs = current.mtimeMs;
  return "fresh";
}
