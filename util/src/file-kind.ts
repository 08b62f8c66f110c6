/**
 * What a file is, from its first bytes, so that Read can say "a PNG image, 640×480" instead of pouring bytes
 * into the conversation, and Grep can skip binaries.
 */
export type FileKind =
  | { kind: "text" }
  | { kind: "image"; format: string; width?: number; height?: number }
  | { kind: "binary"; format?: string };

/** How many leading bytes `classifyBytes` looks at (enough for JPEG dimensions in most files). */
export const SNIFF_BYTES = 64 * 1024;

/** The text-detection window: git and ripgrep also decide on the first few kilobytes. */
const TEXT_WINDOW = 8192;

function startsWith(bytes: Uint8Array, signature: ReadonlyArray<number>, offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(bytes: Uint8Array, offset: number, text: string): boolean {
  return startsWith(bytes, [...text].map((char) => char.charCodeAt(0)), offset);
}

function u16be(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset] ?? 0) << 8) | (bytes[offset + 1] ?? 0);
}

function u16le(bytes: Uint8Array, offset: number): number {
  return (bytes[offset] ?? 0) | ((bytes[offset + 1] ?? 0) << 8);
}

function u24le(bytes: Uint8Array, offset: number): number {
  return u16le(bytes, offset) | ((bytes[offset + 2] ?? 0) << 16);
}

function u32be(bytes: Uint8Array, offset: number): number {
  return ((u16be(bytes, offset) << 16) >>> 0) + u16be(bytes, offset + 2);
}

function i32le(bytes: Uint8Array, offset: number): number {
  return (u16le(bytes, offset) | (u16le(bytes, offset + 2) << 16)) | 0;
}

type Size = { width: number; height: number } | undefined;

function jpegSize(bytes: Uint8Array): Size {
  let offset = 2;
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return undefined;
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    const length = u16be(bytes, offset + 2);
    // SOF0–SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: u16be(bytes, offset + 5), width: u16be(bytes, offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}

function webpSize(bytes: Uint8Array): Size {
  if (ascii(bytes, 12, "VP8X") && bytes.length >= 30) return { width: u24le(bytes, 24) + 1, height: u24le(bytes, 27) + 1 };
  if (ascii(bytes, 12, "VP8L") && bytes.length >= 25) {
    const bits = (bytes[21] ?? 0) | ((bytes[22] ?? 0) << 8) | ((bytes[23] ?? 0) << 16) | ((bytes[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (ascii(bytes, 12, "VP8 ") && bytes.length >= 30) return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  return undefined;
}

function image(format: string, size: Size): FileKind {
  return size ? { kind: "image", format, width: size.width, height: size.height } : { kind: "image", format };
}

function imageKind(bytes: Uint8Array): FileKind | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return image("PNG", bytes.length >= 24 ? { width: u32be(bytes, 16), height: u32be(bytes, 20) } : undefined);
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return image("JPEG", jpegSize(bytes));
  if (ascii(bytes, 0, "GIF87a") || ascii(bytes, 0, "GIF89a")) {
    return image("GIF", bytes.length >= 10 ? { width: u16le(bytes, 6), height: u16le(bytes, 8) } : undefined);
  }
  if (ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) return image("WebP", webpSize(bytes));
  if (ascii(bytes, 0, "BM") && bytes.length >= 26) {
    return image("BMP", { width: Math.abs(i32le(bytes, 18)), height: Math.abs(i32le(bytes, 22)) });
  }
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return image("ICO", undefined);
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return image("TIFF", undefined);
  if (ascii(bytes, 4, "ftypavif")) return image("AVIF", undefined);
  if (ascii(bytes, 4, "ftypheic") || ascii(bytes, 4, "ftypmif1")) return image("HEIC", undefined);
  return undefined;
}

const BINARY_SIGNATURES: ReadonlyArray<{ format: string; at?: number; bytes: ReadonlyArray<number> | string }> = [
  { format: "PDF document", bytes: "%PDF-" },
  { format: "ZIP archive", bytes: [0x50, 0x4b, 0x03, 0x04] },
  { format: "gzip archive", bytes: [0x1f, 0x8b] },
  { format: "xz archive", bytes: [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00] },
  { format: "bzip2 archive", bytes: "BZh" },
  { format: "7-Zip archive", bytes: [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c] },
  { format: "tar archive", at: 257, bytes: "ustar" },
  { format: "ELF executable", bytes: [0x7f, 0x45, 0x4c, 0x46] },
  { format: "Mach-O executable", bytes: [0xcf, 0xfa, 0xed, 0xfe] },
  { format: "WebAssembly module", bytes: [0x00, 0x61, 0x73, 0x6d] },
  { format: "SQLite database", bytes: "SQLite format 3\u0000" },
  { format: "Java class file", bytes: [0xca, 0xfe, 0xba, 0xbe] },
  { format: "Windows executable", bytes: "MZ" },
];

function knownBinary(bytes: Uint8Array): string | undefined {
  for (const signature of BINARY_SIGNATURES) {
    const at = signature.at ?? 0;
    const matches = typeof signature.bytes === "string" ? ascii(bytes, at, signature.bytes) : startsWith(bytes, signature.bytes, at);
    if (matches) return signature.format;
  }
  return undefined;
}

/** True when the bytes hold a NUL or mostly control characters: not something to show as text. */
export function looksBinary(bytes: Uint8Array): boolean {
  const window = bytes.subarray(0, TEXT_WINDOW);
  if (window.indexOf(0) !== -1) return true;
  let control = 0;
  for (const byte of window) {
    // Tab, LF, VT, FF, CR and ESC (colours in logs) are normal in text files.
    if (byte < 32 && byte !== 9 && byte !== 10 && byte !== 11 && byte !== 12 && byte !== 13 && byte !== 27) control += 1;
  }
  return window.length > 0 && control / window.length > 0.1;
}

export function classifyBytes(bytes: Uint8Array): FileKind {
  // A byte order mark means text, even UTF-16 text full of NUL bytes.
  if (startsWith(bytes, [0xef, 0xbb, 0xbf]) || startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    return { kind: "text" };
  }
  const picture = imageKind(bytes);
  if (picture) return picture;
  // "MZ" and "BZh" are also how some text files start: only trust them when the bytes are not text.
  const format = knownBinary(bytes);
  if (format && (looksBinary(bytes) || !["Windows executable", "bzip2 archive"].includes(format))) return { kind: "binary", format };
  return looksBinary(bytes) ? { kind: "binary" } : { kind: "text" };
}
