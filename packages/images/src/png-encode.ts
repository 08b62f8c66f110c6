// PNG encoding for the scaling worker (issue 38): photon's own PNG encoder wrote 1.9 MB for a 2048×1152
// screenshot that its source held in 70 KB (no row filters, fast compression). The pixels it scaled are instead
// filtered row by row (None, Sub or Up, whichever sums smallest: libpng's heuristic) and deflated by Node's zlib.
import { crc32, deflateSync } from "node:zlib";

/** A PNG of RGBA pixels (4 bytes a pixel, rows top to bottom). */
export function encodePng(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const stride = width * 4;
  const filtered = Buffer.alloc((stride + 1) * height);
  const candidates = [Buffer.alloc(stride), Buffer.alloc(stride), Buffer.alloc(stride)];
  for (let y = 0; y < height; y++) {
    const row = rgba.subarray(y * stride, (y + 1) * stride);
    const above = y > 0 ? rgba.subarray((y - 1) * stride, y * stride) : undefined;
    const [none, sub, up] = candidates as [Buffer, Buffer, Buffer];
    let sumNone = 0;
    let sumSub = 0;
    let sumUp = 0;
    for (let x = 0; x < stride; x++) {
      const value = row[x] ?? 0;
      const left = x >= 4 ? (row[x - 4] ?? 0) : 0;
      const top = above ? (above[x] ?? 0) : 0;
      const s = (value - left) & 255;
      const u = (value - top) & 255;
      none[x] = value;
      sub[x] = s;
      up[x] = u;
      // Bytes read as signed: a small difference either way is a small cost.
      sumNone += value < 128 ? value : 256 - value;
      sumSub += s < 128 ? s : 256 - s;
      sumUp += u < 128 ? u : 256 - u;
    }
    const best = sumSub <= sumNone && sumSub <= sumUp ? 1 : sumUp <= sumNone ? 2 : 0;
    filtered[y * (stride + 1)] = best;
    (candidates[best] as Buffer).copy(filtered, y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([SIGNATURE, chunk("IHDR", header), chunk("IDAT", deflateSync(filtered, { level: 6 })), chunk("IEND", Buffer.alloc(0))]);
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0, 0);
  return Buffer.concat([length, body, crc]);
}
