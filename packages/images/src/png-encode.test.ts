import * as photon from "@silvia-odwyer/photon-node";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { identifyImage } from "./identify-image.ts";
import { encodePng } from "./png-encode.ts";

describe("encodePng", () => {
  it("writes PNGs that a real decoder reads back pixel for pixel (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 24 }), fc.infiniteStream(fc.integer({ min: 0, max: 255 })), (width, height, values) => {
        const pixels = new Uint8Array(width * height * 4);
        const stream = values[Symbol.iterator]();
        for (let index = 0; index < pixels.length; index++) pixels[index] = index % 4 === 3 ? 255 : (stream.next().value as number);
        const png = encodePng(pixels, width, height);
        expect(identifyImage(png)).toMatchObject({ kind: "image", mediaType: "image/png", width, height });
        const decoded = photon.PhotonImage.new_from_byteslice(png);
        try {
          expect(Buffer.from(decoded.get_raw_pixels()).equals(Buffer.from(pixels))).toBe(true);
        } finally {
          decoded.free();
        }
      }),
      { numRuns: 40 },
    );
  });

  it("compresses a flat screenshot to a few KB", () => {
    const pixels = new Uint8Array(2048 * 1152 * 4).fill(40);
    expect(encodePng(pixels, 2048, 1152).byteLength).toBeLessThan(30_000);
  });
});
