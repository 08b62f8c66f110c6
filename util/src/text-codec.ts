/**
 * Text files as the model sees them and as they go back to disk. Edit and Write must give a file back in its
 * own encoding: a UTF-8 file with a byte order mark keeps it, a UTF-16 file stays UTF-16 (Windows tools still
 * write those), everything else is UTF-8.
 */
export type TextEncoding = "utf8" | "utf8-bom" | "utf16le" | "utf16be";

export interface DecodedText {
  text: string;
  encoding: TextEncoding;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/** The encoding announced by a byte order mark, UTF-8 when there is none. */
export function detectEncoding(bytes: Uint8Array): TextEncoding {
  if (bytes[0] === UTF8_BOM[0] && bytes[1] === UTF8_BOM[1] && bytes[2] === UTF8_BOM[2]) return "utf8-bom";
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf16be";
  return "utf8";
}

/** Bytes of the mark itself, skipped when decoding and written back when encoding. */
export function bomLength(encoding: TextEncoding): number {
  if (encoding === "utf8-bom") return 3;
  if (encoding === "utf16le" || encoding === "utf16be") return 2;
  return 0;
}

function decoderLabel(encoding: TextEncoding): string {
  return encoding === "utf16le" ? "utf-16le" : encoding === "utf16be" ? "utf-16be" : "utf-8";
}

/** A streaming decoder for the encoding (chunks may split a character). */
export function createDecoder(encoding: TextEncoding): InstanceType<typeof TextDecoder> {
  return new TextDecoder(decoderLabel(encoding), { ignoreBOM: true });
}

export function decodeText(bytes: Uint8Array): DecodedText {
  const encoding = detectEncoding(bytes);
  const body = bytes.subarray(bomLength(encoding));
  const text =
    encoding === "utf8" || encoding === "utf8-bom"
      ? Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString("utf8")
      : createDecoder(encoding).decode(body);
  return { text, encoding };
}

export function encodeText(text: string, encoding: TextEncoding): Buffer {
  switch (encoding) {
    case "utf8":
      return Buffer.from(text, "utf8");
    case "utf8-bom":
      return Buffer.concat([Buffer.from(UTF8_BOM), Buffer.from(text, "utf8")]);
    case "utf16le":
      return Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, "utf16le")]);
    case "utf16be": {
      const body = Buffer.from(text, "utf16le");
      body.swap16();
      return Buffer.concat([Buffer.from([0xfe, 0xff]), body]);
    }
  }
}

/** The line ending most of the file uses (a file without any counts as LF). */
export function dominantEol(text: string): "\n" | "\r\n" {
  let crlf = 0;
  let lf = 0;
  for (let index = text.indexOf("\n"); index !== -1; index = text.indexOf("\n", index + 1)) {
    if (index > 0 && text.charCodeAt(index - 1) === 13) crlf += 1;
    else lf += 1;
  }
  return crlf > lf ? "\r\n" : "\n";
}
