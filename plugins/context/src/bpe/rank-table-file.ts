import type { RankTable } from "./rank-table.ts";

/**
 * The rank table as one binary file, written by the bundle's build and read back without parsing: a header, then
 * the token bytes, the starts and the hash slots, each at a 4-byte boundary so that typed arrays can view the
 * file in place. Reading `.tiktoken` text costs ~100 ms of every start that counts tokens (`maia -p` included);
 * this costs the read of 4 MB.
 *
 * Header: "MAIABPE1", then three little-endian uint32: token count, bytes length, slot count; a file whose size
 * does not match its header (cut short, or not one) is refused. No checksum: it cost more than the rest of the
 * load, for a file the build writes and nobody edits.
 */
const MAGIC = "MAIABPE1";
const HEADER = 8 + 3 * 4;

export function writeRankTable(table: RankTable): Uint8Array {
  const tokens = table.starts.length - 1;
  const bytesEnd = HEADER + align(table.bytes.length);
  const startsEnd = bytesEnd + table.starts.byteLength;
  const file = new Uint8Array(startsEnd + table.slots.byteLength);
  file.set(new TextEncoder().encode(MAGIC), 0);
  file.set(table.bytes, HEADER);
  file.set(new Uint8Array(table.starts.buffer, table.starts.byteOffset, table.starts.byteLength), bytesEnd);
  file.set(new Uint8Array(table.slots.buffer, table.slots.byteOffset, table.slots.byteLength), startsEnd);
  const header = new DataView(file.buffer, 8, 12);
  header.setUint32(0, tokens, true);
  header.setUint32(4, table.bytes.length, true);
  header.setUint32(8, table.slots.length, true);
  return file;
}

const LITTLE_ENDIAN_MACHINE = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/**
 * Views the file's arrays in place (a big-endian machine gets them decoded once instead); throws an Error saying
 * what is wrong with a file that is not one.
 */
export function readRankTable(file: Uint8Array, littleEndianMachine = LITTLE_ENDIAN_MACHINE): RankTable {
  if (file.length < HEADER || new TextDecoder().decode(file.subarray(0, 8)) !== MAGIC) throw new Error("not a MAIA rank table");
  const header = new DataView(file.buffer, file.byteOffset + 8, 12);
  const tokens = header.getUint32(0, true);
  const bytesLength = header.getUint32(4, true);
  const slotCount = header.getUint32(8, true);
  const bytesEnd = HEADER + align(bytesLength);
  const startsEnd = bytesEnd + 4 * (tokens + 1);
  if (file.length !== startsEnd + 4 * slotCount || slotCount === 0 || (slotCount & (slotCount - 1)) !== 0) {
    throw new Error("the rank table is truncated or its header is damaged");
  }
  if (!littleEndianMachine) {
    // The arrays are stored little-endian: in the machine's own order they must be read value by value.
    const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
    return {
      bytes: file.slice(HEADER, HEADER + bytesLength),
      starts: Uint32Array.from({ length: tokens + 1 }, (_, index) => view.getUint32(bytesEnd + 4 * index, true)),
      slots: Int32Array.from({ length: slotCount }, (_, index) => view.getInt32(startsEnd + 4 * index, true)),
    };
  }
  // A typed array needs its offset aligned on its element size: copy once if the caller's buffer is not.
  const data = (file.byteOffset & 3) === 0 ? file : file.slice();
  return {
    bytes: data.subarray(HEADER, HEADER + bytesLength),
    starts: new Uint32Array(data.buffer, data.byteOffset + bytesEnd, tokens + 1),
    slots: new Int32Array(data.buffer, data.byteOffset + startsEnd, slotCount),
  };
}

function align(length: number): number {
  return (length + 3) & ~3;
}
