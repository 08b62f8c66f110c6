import { afterAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { identifyImage } from "./identify-image.ts";
import { IMAGE_LIMITS } from "./limits.ts";
import { prepareImage } from "./prepare-image.ts";
import { stopImageWorker } from "./scale-in-worker.ts";
import { makePng, noisyPng } from "./testing/make-png.ts";

afterAll(() => stopImageWorker());

describe("identifyImage", () => {
  it("names the four formats MAIA sends, with their size", () => {
    expect(identifyImage(makePng(64, 32))).toEqual({ kind: "image", mediaType: "image/png", format: "PNG", width: 64, height: 32 });
    const gif = Buffer.from("GIF89a\x20\x01\x10\x00", "latin1");
    expect(identifyImage(gif)).toMatchObject({ kind: "image", mediaType: "image/gif", width: 288, height: 16 });
  });

  it("tells an image it cannot send from what is not an image", () => {
    const bmp = Buffer.alloc(30);
    bmp.write("BM", 0, "ascii");
    bmp.writeInt32LE(10, 18);
    bmp.writeInt32LE(20, 22);
    expect(identifyImage(bmp)).toEqual({ kind: "unsupported", format: "BMP" });
    expect(identifyImage(Buffer.from("hello"))).toEqual({ kind: "not_image" });
    expect(identifyImage(makePng(10, 10).subarray(0, 12))).toEqual({ kind: "no_dimensions", format: "PNG" });
  });

  it("never throws, whatever the bytes (property)", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.constantFrom("", "\x89PNG\r\n\x1a\n", "\xff\xd8\xff", "GIF89a", "RIFF\0\0\0\0WEBPVP8 "), (tail, head) => {
        const found = identifyImage(Buffer.concat([Buffer.from(head, "latin1"), tail]));
        expect(["image", "unsupported", "no_dimensions", "not_image"]).toContain(found.kind);
        if (found.kind === "image") expect(found.width > 0 && found.height > 0).toBe(true);
      }),
    );
  });
});

describe("prepareImage", () => {
  it("sends an image within the limits as it is", async () => {
    const png = makePng(1280, 720);
    const prepared = await prepareImage(png, "shot.png");
    expect(prepared.ok).toBe(true);
    if (!prepared.ok) return;
    expect(prepared.scaledFrom).toBeUndefined();
    expect(prepared.image).toMatchObject({ type: "image", mediaType: "image/png", name: "shot.png", width: 1280, height: 720, size: png.byteLength });
    expect(Buffer.from(prepared.image.data, "base64").equals(png)).toBe(true);
    expect(prepared.image.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("scales a 10 MB PNG down under the cap, in the worker", async () => {
    const big = noisyPng(1900, 1800);
    expect(big.byteLength).toBeGreaterThan(10_000_000);
    const prepared = await prepareImage(big, "noise.png");
    expect(prepared.ok).toBe(true);
    if (!prepared.ok) return;
    const { image } = prepared;
    expect(image.size).toBeLessThanOrEqual(IMAGE_LIMITS.maxBytes);
    expect(Buffer.from(image.data, "base64").byteLength).toBe(image.size);
    expect(prepared.scaledFrom).toEqual({ width: 1900, height: 1800, size: big.byteLength });
    // What was sent is a real image of the size it claims.
    expect(identifyImage(Buffer.from(image.data, "base64"))).toMatchObject({ kind: "image", mediaType: image.mediaType, width: image.width, height: image.height });
    expect(image.width / image.height).toBeCloseTo(1900 / 1800, 1);
  });

  it("fits a 4K screenshot within 2,048 pixels and keeps it a PNG", async () => {
    const prepared = await prepareImage(makePng(3840, 2160), "screen.png");
    expect(prepared.ok && prepared.image).toMatchObject({ mediaType: "image/png", width: 2048, height: 1152, name: "screen.png" });
  });

  it("says why an image cannot be sent", async () => {
    expect(await prepareImage(Buffer.from("not an image"), "notes.png")).toEqual({ ok: false, message: expect.stringContaining("notes.png is not an image") });
    const limits = { ...IMAGE_LIMITS, maxSide: 100, maxPixels: 40_000 };
    expect(await prepareImage(makePng(300, 200), "huge.png", limits)).toEqual({ ok: false, message: expect.stringContaining("300×200") });
  });
});
