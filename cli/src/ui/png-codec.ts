import { deflateSync, inflateSync } from "node:zlib";

/**
 * The little PNG the banner needs, both ways, on node:zlib alone (no image library on these machines): encoding
 * for cli/assets/draw-mask.ts, decoding for cli/assets/make-mask-data.ts. Decoding takes 8-bit greyscale, RGB,
 * palette, grey+alpha and RGBA, non-interlaced; anything else is refused with the reason.
 */
export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, row by row. */
  rgba: Uint8Array;
}

export class PngError extends Error {
  override readonly name = "PngError";
}

const SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const typed = Buffer.concat([head.subarray(4), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed), 0);
  return Buffer.concat([head.subarray(0, 4), typed, crc]);
}

/** An RGBA image as PNG bytes (colour type 6, filter 0 on every row: small images, simplicity first). */
export function encodePng(image: RgbaImage): Buffer {
  const { width, height, rgba } = image;
  if (rgba.length !== width * height * 4) throw new PngError(`expected ${width * height * 4} bytes of RGBA, got ${rgba.length}`);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y += 1) {
    raw[y * (width * 4 + 1)] = 0;
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([Buffer.from(SIGNATURE), chunk("IHDR", header), chunk("IDAT", deflateSync(raw)), chunk("IEND", new Uint8Array())]);
}

/** PNG bytes as RGBA; a damaged or unsupported file is a PngError saying what is wrong. */
export function decodePng(bytes: Uint8Array): RgbaImage {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length < 8 || !SIGNATURE.every((byte, index) => data[index] === byte)) throw new PngError("not a PNG file (bad signature)");
  let offset = 8;
  let header: { width: number; height: number; depth: number; color: number; interlace: number } | undefined;
  let palette: Uint8Array | undefined;
  let transparency: Uint8Array | undefined;
  const idat: Buffer[] = [];
  let ended = false;
  while (offset < data.length && !ended) {
    if (offset + 12 > data.length) throw new PngError(`truncated chunk at byte ${offset}`);
    const length = data.readUInt32BE(offset);
    const type = data.toString("latin1", offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (length > 0x7fffffff || end > data.length) throw new PngError(`chunk ${type} at byte ${offset} runs past the end of the file`);
    const body = data.subarray(offset + 8, offset + 8 + length);
    if (crc32(data.subarray(offset + 4, offset + 8 + length)) !== data.readUInt32BE(offset + 8 + length)) {
      throw new PngError(`chunk ${type} at byte ${offset} has a bad CRC`);
    }
    if (type === "IHDR") {
      if (length !== 13) throw new PngError("IHDR must be 13 bytes long");
      header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8] ?? 0, color: body[9] ?? 0, interlace: body[12] ?? 0 };
    } else if (type === "PLTE") palette = body;
    else if (type === "tRNS") transparency = body;
    else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") ended = true;
    offset = end;
  }
  if (!header) throw new PngError("no IHDR chunk");
  const { width, height, depth, color, interlace } = header;
  const channels = CHANNELS[color];
  if (channels === undefined) throw new PngError(`unknown colour type ${color}`);
  if (depth !== 8) throw new PngError(`bit depth ${depth} is not supported (8 only)`);
  if (interlace !== 0) throw new PngError("interlaced images are not supported");
  if (width === 0 || height === 0 || width * height > 16_777_216) throw new PngError(`unreasonable size ${width}×${height}`);
  if (color === 3 && !palette) throw new PngError("palette image without a PLTE chunk");
  if (idat.length === 0) throw new PngError("no image data (IDAT)");
  let raw: Buffer;
  try {
    raw = inflateSync(Buffer.concat(idat));
  } catch (error) {
    throw new PngError(`image data cannot be decompressed: ${(error as Error).message}`);
  }
  const stride = width * channels;
  if (raw.length < height * (stride + 1)) throw new PngError(`image data too short: ${raw.length} bytes for ${width}×${height}`);
  const pixels = unfilter(raw, width, height, channels);
  return { width, height, rgba: toRgba(pixels, width * height, color, palette, transparency) };
}

function unfilter(raw: Buffer, width: number, height: number, channels: number): Uint8Array {
  const stride = width * channels;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y += 1) {
    const filter = raw[y * (stride + 1)];
    const source = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x += 1) {
      const value = raw[source + x] ?? 0;
      const left = x >= channels ? (out[row + x - channels] ?? 0) : 0;
      const up = y > 0 ? (out[row - stride + x] ?? 0) : 0;
      const upLeft = y > 0 && x >= channels ? (out[row - stride + x - channels] ?? 0) : 0;
      let predicted: number;
      switch (filter) {
        case 0:
          predicted = 0;
          break;
        case 1:
          predicted = left;
          break;
        case 2:
          predicted = up;
          break;
        case 3:
          predicted = (left + up) >> 1;
          break;
        case 4:
          predicted = paeth(left, up, upLeft);
          break;
        default:
          throw new PngError(`row ${y} has an unknown filter type ${filter}`);
      }
      out[row + x] = (value + predicted) & 0xff;
    }
  }
  return out;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  if (pa <= pb && pa <= pc) return a;
  return pb <= pc ? b : c;
}

function toRgba(pixels: Uint8Array, count: number, color: number, palette?: Uint8Array, transparency?: Uint8Array): Uint8Array {
  const rgba = new Uint8Array(count * 4);
  for (let i = 0; i < count; i += 1) {
    let r: number, g: number, b: number, a = 255;
    if (color === 0) {
      r = g = b = pixels[i] ?? 0;
    } else if (color === 2) {
      r = pixels[i * 3] ?? 0;
      g = pixels[i * 3 + 1] ?? 0;
      b = pixels[i * 3 + 2] ?? 0;
    } else if (color === 3) {
      const index = pixels[i] ?? 0;
      if (!palette || index * 3 + 2 >= palette.length) throw new PngError(`palette index ${index} out of range`);
      r = palette[index * 3] ?? 0;
      g = palette[index * 3 + 1] ?? 0;
      b = palette[index * 3 + 2] ?? 0;
      a = transparency?.[index] ?? 255;
    } else if (color === 4) {
      r = g = b = pixels[i * 2] ?? 0;
      a = pixels[i * 2 + 1] ?? 255;
    } else {
      r = pixels[i * 4] ?? 0;
      g = pixels[i * 4 + 1] ?? 0;
      b = pixels[i * 4 + 2] ?? 0;
      a = pixels[i * 4 + 3] ?? 255;
    }
    rgba.set([r, g, b, a], i * 4);
  }
  return rgba;
}
