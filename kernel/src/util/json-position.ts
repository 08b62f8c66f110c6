/**
 * Where a JSON text stops being valid, found by a small scanner (RFC 8259 grammar) instead of from
 * `JSON.parse`'s message: V8's message sometimes has no position and quotes the text around the error,
 * which could show a secret. The reason quotes a character only when it is outside any string.
 */
export type JsonErrorReason = "unexpected_char" | "unexpected_end" | "control_char" | "bad_escape" | "trailing";

export interface JsonErrorLocation {
  /** Offset in UTF-16 code units. */
  offset: number;
  /** 1-based line and column (CRLF, LF and CR each end a line). */
  line: number;
  column: number;
  reason: JsonErrorReason;
  /** The offending character when it is safe to show (outside strings). */
  char?: string;
}

class ScanError extends Error {
  readonly offset: number;
  readonly reason: JsonErrorReason;
  readonly inString: boolean;
  constructor(offset: number, reason: JsonErrorReason, inString = false) {
    super(reason);
    this.offset = offset;
    this.reason = reason;
    this.inString = inString;
  }
}

/** Returns undefined when the text is valid JSON. */
export function locateJsonError(text: string): JsonErrorLocation | undefined {
  let i = 0;
  const n = text.length;

  const fail = (reason?: JsonErrorReason): never => {
    throw new ScanError(i, reason ?? (i >= n ? "unexpected_end" : "unexpected_char"));
  };
  const skipWs = (): void => {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) i++;
      else break;
    }
  };
  const literal = (word: string): void => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i++;
    }
  };
  const digits = (): void => {
    const start = i;
    while (i < n && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++;
    if (i === start) fail();
  };
  const number = (): void => {
    if (text[i] === "-") i++;
    if (text[i] === "0") i++;
    else digits();
    if (text[i] === ".") {
      i++;
      digits();
    }
    if (text[i] === "e" || text[i] === "E") {
      i++;
      if (text[i] === "+" || text[i] === "-") i++;
      digits();
    }
  };
  const string = (): void => {
    i++; // opening quote
    for (;;) {
      if (i >= n) throw new ScanError(i, "unexpected_end", true);
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        return;
      }
      if (c < 0x20) throw new ScanError(i, "control_char", true);
      if (c === 0x5c) {
        i++;
        const e = text[i];
        if (e === undefined) throw new ScanError(i, "unexpected_end", true);
        if (e === "u") {
          for (let k = 1; k <= 4; k++) {
            if (!/[0-9a-fA-F]/.test(text[i + k] ?? "")) throw new ScanError(i + k, "bad_escape", true);
          }
          i += 5;
        } else if ('"\\/bfnrt'.includes(e)) i++;
        else throw new ScanError(i, "bad_escape", true);
      } else i++;
    }
  };
  const value = (depth: number): void => {
    if (depth > 512) fail();
    skipWs();
    const c = text[i];
    if (c === "{") {
      i++;
      skipWs();
      if (text[i] === "}") {
        i++;
        return;
      }
      for (;;) {
        skipWs();
        if (text[i] !== '"') fail();
        string();
        skipWs();
        if (text[i] !== ":") fail();
        i++;
        value(depth + 1);
        skipWs();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") {
          i++;
          return;
        }
        fail();
      }
    }
    if (c === "[") {
      i++;
      skipWs();
      if (text[i] === "]") {
        i++;
        return;
      }
      for (;;) {
        value(depth + 1);
        skipWs();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") {
          i++;
          return;
        }
        fail();
      }
    }
    if (c === '"') return string();
    if (c === "t") return literal("true");
    if (c === "f") return literal("false");
    if (c === "n") return literal("null");
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return number();
    fail();
  };

  try {
    value(0);
    skipWs();
    if (i < n) fail("trailing");
    return undefined;
  } catch (error) {
    if (!(error instanceof ScanError)) throw error;
    const { line, column } = lineAndColumn(text, error.offset);
    const location: JsonErrorLocation = { offset: error.offset, line, column, reason: error.reason };
    const char = text[error.offset];
    if (!error.inString && char !== undefined) location.char = char;
    return location;
  }
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let k = 0; k < end; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(k + 1) !== 0x0a)) {
      line++;
      lineStart = k + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}
