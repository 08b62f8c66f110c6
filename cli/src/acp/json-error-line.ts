/**
 * The line where a JSON text stops being valid, by a small RFC 8259 scanner. V8's own message is not shown:
 * it often has no position, and it quotes the text around the error — in a settings file, maybe an API key.
 * Returns undefined when the text is valid JSON.
 */
export function jsonErrorLine(text: string): number | undefined {
  const offset = firstErrorOffset(text);
  return offset === undefined ? undefined : text.slice(0, offset).split(/\r\n|\r|\n/).length;
}

class Stop extends Error {
  readonly offset: number;
  constructor(offset: number) {
    super("invalid JSON");
    this.offset = offset;
  }
}

const LITERALS = ["true", "false", "null"];
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const MAX_DEPTH = 1_000;

function firstErrorOffset(text: string): number | undefined {
  let i = 0;
  const fail = (at = i): never => {
    throw new Stop(at);
  };
  const blank = () => {
    while (i < text.length && " \t\n\r".includes(text.charAt(i))) i += 1;
  };
  const string = () => {
    i += 1;
    for (;;) {
      if (i >= text.length) fail();
      const code = text.charCodeAt(i);
      if (code === 0x22) return void (i += 1);
      if (code < 0x20) fail();
      if (code !== 0x5c) {
        i += 1;
        continue;
      }
      const escape = text.charAt(i + 1);
      if (escape === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
      else if (escape !== "" && '"\\/bfnrt'.includes(escape)) i += 2;
      else fail();
    }
  };
  const value = (depth: number): void => {
    if (depth > MAX_DEPTH) fail();
    blank();
    const c = text.charAt(i);
    if (c === "{" || c === "[") {
      const close = c === "{" ? "}" : "]";
      i += 1;
      blank();
      if (text.charAt(i) === close) return void (i += 1);
      for (;;) {
        if (c === "{") {
          blank();
          if (text.charAt(i) !== '"') fail();
          string();
          blank();
          if (text.charAt(i) !== ":") fail();
          i += 1;
        }
        value(depth + 1);
        blank();
        if (text.charAt(i) === ",") {
          i += 1;
          continue;
        }
        if (text.charAt(i) === close) return void (i += 1);
        fail();
      }
    }
    if (c === '"') return string();
    const literal = LITERALS.find((word) => text.startsWith(word, i));
    if (literal) return void (i += literal.length);
    NUMBER.lastIndex = i;
    if (NUMBER.test(text)) return void (i = NUMBER.lastIndex);
    fail();
  };
  try {
    value(0);
    blank();
    if (i < text.length) fail();
    return undefined;
  } catch (error) {
    if (error instanceof Stop) return error.offset;
    throw error;
  }
}
