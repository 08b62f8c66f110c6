// PNG files made for tests, by hand with node:zlib: no image library, so that what the code under test decodes
// was not produced by the same library.
import { crc32, deflateSync } from "node:zlib";

export interface PngOptions {
  /** The colour of a pixel, RGB 0–255 (default: a pattern of stripes and a gradient, like a screenshot). */
  pixel?: (x: number, y: number) => readonly [number, number, number];
  /** zlib level: 0 stores the pixels uncompressed (a file of width × height × 3 bytes). */
  level?: number;
}

/** A true-colour PNG of the given size. */
export function makePng(width: number, height: number, options: PngOptions = {}): Buffer {
  const pixel = options.pixel ?? ((x: number, y: number) => [(x * 7) & 255, (y * 3) & 255, (x + y) % 2 === 0 ? 200 : 40] as const);
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    raw[y * row] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      const at = y * row + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: options.level ?? 6 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A PNG of random pixels, stored uncompressed: about `megabytes` MB, which no encoding brings under the cap as is. */
export function noisyPng(width: number, height: number, seed = 1): Buffer {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) & 255;
  };
  return makePng(width, height, { pixel: () => [next(), next(), next()], level: 0 });
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0, 0);
  return Buffer.concat([length, body, crc]);
}
