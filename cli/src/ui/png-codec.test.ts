import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskDataSource } from "./mask-source.ts";
import { decodePng, encodePng, PngError } from "./png-codec.ts";

const image = fc
  .record({ width: fc.integer({ min: 1, max: 12 }), height: fc.integer({ min: 1, max: 12 }) })
  .chain(({ width, height }) => fc.uint8Array({ minLength: width * height * 4, maxLength: width * height * 4 }).map((rgba) => ({ width, height, rgba })));

describe("PNG codec", () => {
  it("decodes what it encodes, pixel for pixel", () => {
    fc.assert(
      fc.property(image, (original) => {
        const decoded = decodePng(encodePng(original));
        expect(decoded.width).toBe(original.width);
        expect(decoded.height).toBe(original.height);
        expect(Buffer.from(decoded.rgba).equals(Buffer.from(original.rgba))).toBe(true);
      }),
    );
  });

  it("never fails with anything but a PngError on damaged files", () => {
    fc.assert(
      fc.property(image, fc.array(fc.record({ at: fc.nat(), value: fc.integer({ min: 0, max: 255 }) }), { maxLength: 6 }), fc.nat(), (original, flips, cut) => {
        const bytes = Buffer.from(encodePng(original));
        for (const flip of flips) bytes[flip.at % bytes.length] = flip.value;
        const damaged = bytes.subarray(0, bytes.length - (cut % 8));
        try {
          decodePng(damaged);
        } catch (error) {
          expect(error).toBeInstanceOf(PngError);
        }
      }),
    );
  });

  it("reads the filters other encoders use (Sub, Up, Average, Paeth)", () => {
    // 2×2 RGB, one row with Sub, one with Paeth, built by hand.
    const width = 2;
    const rows = [
      [1, 10, 20, 30, 5, 5, 5], // Sub: second pixel = first + (5,5,5)
      [4, 1, 1, 1, 0, 0, 0], // Paeth on the row above
    ];
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(2, 4);
    header.set([8, 2, 0, 0, 0], 8);
    const png = rebuild(encodePng({ width: 1, height: 1, rgba: new Uint8Array(4) }), header, deflateSync(Buffer.from(rows.flat())));
    // Paeth: the first pixel predicts from above (10 → 11); the second from above too, 15, since |p − up| is smallest.
    expect([...decodePng(png).rgba]).toEqual([10, 20, 30, 255, 15, 25, 35, 255, 11, 21, 31, 255, 15, 25, 35, 255]);
  });

  it("says why it refuses a file", () => {
    expect(() => decodePng(Buffer.from("GIF89a"))).toThrow("not a PNG file (bad signature)");
  });

  it("keeps cli/src/ui/mask-data.ts in step with cli/assets/mask.png", () => {
    const png = readFileSync(new URL("../../assets/mask.png", import.meta.url));
    const data = readFileSync(new URL("./mask-data.ts", import.meta.url), "utf8");
    const decoded = decodePng(png);
    expect({ width: decoded.width, height: decoded.height }).toEqual({ width: 32, height: 32 });
    expect(data).toBe(maskDataSource(decoded, "cli/assets/mask.png"));
  });
});

/** A PNG with the given IHDR and IDAT, reusing the CRC logic through a real encode of the chunk layout. */
function rebuild(template: Buffer, header: Buffer, idat: Buffer): Buffer {
  const chunks: Buffer[] = [template.subarray(0, 8)];
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length, 0);
    const typed = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed), 0);
    return Buffer.concat([length, typed, crc]);
  };
  chunks.push(chunk("IHDR", header), chunk("IDAT", idat), chunk("IEND", Buffer.alloc(0)));
  return Buffer.concat(chunks);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
