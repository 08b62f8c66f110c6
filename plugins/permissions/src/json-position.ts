/**
 * Where a JSON text stops being valid, found by a small RFC 8259 scanner. V8's message is not used: it
 * sometimes has no position, and it quotes the text around the error, which may be an API key.
 */
export interface JsonErrorPosition {
  /** 1-based; CRLF, LF and CR each end a line. */
  line: number;
  column: number;
}

class Stop extends Error {
  readonly offset: number;
  constructor(offset: number) {
    super("stop");
    this.offset = offset;
  }
}

/** The position of the first error, or undefined when the text is valid JSON. */
export function locateJsonError(text: string): JsonErrorPosition | undefined {
  let i = 0;
  const fail = (): never => {
    throw new Stop(i);
  };
  const blank = () => {
    while (i < text.length && " \t\n\r".includes(text[i] as string)) i += 1;
  };
  const digits = () => {
    const start = i;
    while (i < text.length && /[0-9]/.test(text[i] as string)) i += 1;
    if (i === start) fail();
  };
  const string = () => {
    i += 1;
    for (;;) {
      if (i >= text.length) fail();
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i += 1;
        return;
      }
      if (c < 0x20) fail();
      if (c === 0x5c) {
        const e = text[i + 1];
        if (e === "u") {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) fail();
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) {
          i += 2;
        } else {
          i += 1;
          fail();
        }
      } else {
        i += 1;
      }
    }
  };
  const value = (depth: number): void => {
    if (depth > 512) fail();
    blank();
    const c = text[i];
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i += 1;
      blank();
      if (text[i] === close) {
        i += 1;
        return;
      }
      for (;;) {
        if (c === "{") {
          blank();
          if (text[i] !== '"') fail();
          string();
          blank();
          if (text[i] !== ":") fail();
          i += 1;
        }
        value(depth + 1);
        blank();
        if (text[i] === ",") {
          i += 1;
          continue;
        }
        if (text[i] === close) {
          i += 1;
          return;
        }
        fail();
      }
    }
    if (c === '"') return string();
    for (const word of ["true", "false", "null"]) {
      if (c === word[0]) {
        for (const letter of word) {
          if (text[i] !== letter) fail();
          i += 1;
        }
        return;
      }
    }
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) {
      if (text[i] === "-") i += 1;
      if (text[i] === "0") i += 1;
      else digits();
      if (text[i] === ".") {
        i += 1;
        digits();
      }
      if (text[i] === "e" || text[i] === "E") {
        i += 1;
        if (text[i] === "+" || text[i] === "-") i += 1;
        digits();
      }
      return;
    }
    fail();
  };
  try {
    value(0);
    blank();
    if (i < text.length) fail();
    return undefined;
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return lineAndColumn(text, error.offset);
  }
}

function lineAndColumn(text: string, offset: number): JsonErrorPosition {
  const before = text.slice(0, offset).split(/\r\n|\r|\n/);
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}
