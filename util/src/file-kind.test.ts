import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { classifyBytes } from "./file-kind.ts";

function jpeg(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof]);
}

describe("classifyBytes", () => {
  it("reads the size of common image formats", () => {
    expect(classifyBytes(jpeg(800, 600))).toEqual({ kind: "image", format: "JPEG", width: 800, height: 600 });
    const gif = Buffer.concat([Buffer.from("GIF89a"), Buffer.from([0x20, 0x01, 0x10, 0x00])]);
    expect(classifyBytes(gif)).toEqual({ kind: "image", format: "GIF", width: 288, height: 16 });
    const bmp = Buffer.alloc(30);
    bmp.write("BM", 0, "latin1");
    bmp.writeInt32LE(10, 18);
    bmp.writeInt32LE(-20, 22);
    expect(classifyBytes(bmp)).toEqual({ kind: "image", format: "BMP", width: 10, height: 20 });
    const webp = Buffer.alloc(30);
    webp.write("RIFF", 0, "latin1");
    webp.write("WEBPVP8X", 8, "latin1");
    webp.writeUIntLE(99, 24, 3);
    webp.writeUIntLE(49, 27, 3);
    expect(classifyBytes(webp)).toEqual({ kind: "image", format: "WebP", width: 100, height: 50 });
  });

  it("names well-known binary formats and treats text as text", () => {
    expect(classifyBytes(Buffer.from("%PDF-1.7\n%\xe2\xe3\n", "latin1"))).toEqual({ kind: "binary", format: "PDF document" });
    expect(classifyBytes(Buffer.from([0x1f, 0x8b, 8, 0, 0, 0]))).toEqual({ kind: "binary", format: "gzip archive" });
    expect(classifyBytes(Buffer.from("MZ is how this note starts\n"))).toEqual({ kind: "text" });
    expect(classifyBytes(Buffer.from("const é = '日本';\n"))).toEqual({ kind: "text" });
    expect(classifyBytes(Buffer.from("\u001b[31mred log\u001b[0m\n"))).toEqual({ kind: "text" });
    expect(classifyBytes(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toEqual({ kind: "text" });
  });

  it("never throws, whatever the bytes", () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      expect(["text", "image", "binary"]).toContain(classifyBytes(bytes).kind);
    }));
  });
});
