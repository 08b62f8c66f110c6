import { open } from "node:fs/promises";

const HASH_BYTES = 20;
/** "EOIE", its size (24), the offset where extensions start, and a hash of their headers. */
const EOIE_BYTES = 8 + 4 + HASH_BYTES;

/**
 * The tree a `git write-tree` would print, read from the index file's cache-tree (`TREE` extension) when its root
 * is valid, without starting git: a snapshot that finds nothing changed costs one `git status` instead of two
 * processes. The extensions are found through the "end of index entries" extension (`EOIE`, written because the
 * shadow repository sets `index.recordEndOfIndexEntries`). Anything unexpected (another hash, no EOIE, a root
 * invalidated by `git add`) answers undefined and the caller runs `write-tree`.
 */
export async function treeOfIndex(indexFile: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(indexFile, "r");
    const { size } = await handle.stat();
    if (size < 12 + EOIE_BYTES + HASH_BYTES) return undefined;
    const tail = Buffer.alloc(EOIE_BYTES);
    await handle.read(tail, 0, EOIE_BYTES, size - HASH_BYTES - EOIE_BYTES);
    if (tail.toString("latin1", 0, 4) !== "EOIE" || tail.readUInt32BE(4) !== 4 + HASH_BYTES) return undefined;
    const start = tail.readUInt32BE(8);
    const end = size - HASH_BYTES - EOIE_BYTES;
    if (start < 12 || start >= end) return undefined;
    const extensions = Buffer.alloc(end - start);
    await handle.read(extensions, 0, extensions.length, start);
    return rootTree(extensions);
  } catch {
    return undefined;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/** In the index's extensions (signature, 32-bit size, data, …), the root entry of `TREE` when it is valid. */
export function rootTree(extensions: Buffer): string | undefined {
  let offset = 0;
  while (offset + 8 <= extensions.length) {
    const signature = extensions.toString("latin1", offset, offset + 4);
    const length = extensions.readUInt32BE(offset + 4);
    const body = offset + 8;
    if (body + length > extensions.length) return undefined;
    if (signature === "TREE") {
      // The root comes first: an empty path, NUL, "<entries> <subtrees>\n", then its id when entries >= 0.
      if (extensions[body] !== 0) return undefined;
      const newline = extensions.indexOf(0x0a, body + 1);
      if (newline < 0 || newline >= body + length) return undefined;
      const counts = /^(-?\d+) (\d+)$/.exec(extensions.toString("latin1", body + 1, newline));
      if (!counts || Number(counts[1]) < 0 || newline + 1 + HASH_BYTES > body + length) return undefined;
      return extensions.toString("hex", newline + 1, newline + 1 + HASH_BYTES);
    }
    offset = body + length;
  }
  return undefined;
}
