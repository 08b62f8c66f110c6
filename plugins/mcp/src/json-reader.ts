/**
 * A strict JSON reader (RFC 8259) that remembers the line of every member, so that a problem found after
 * parsing (an invalid server entry, an unknown field) can name its line in mcp.json. JSON.parse gives no
 * positions, and V8's syntax messages quote the text around the error, which may be a token from `headers`:
 * our messages carry a position and at most the one offending character. Never throws.
 */
export type JsonSyntaxProblem = "unexpectedChar" | "unexpectedEnd" | "controlChar" | "badEscape" | "trailing" | "tooDeep";

export type JsonReadResult =
  | { ok: true; value: unknown; /** JSON Pointer (RFC 6901) of a member → 1-based line of its key. */ lines: Map<string, number> }
  | { ok: false; problem: JsonSyntaxProblem; char: string; line: number; column: number };

/** Hostile nesting (`[[[[…`) becomes a message, not a stack overflow. */
const MAX_DEPTH = 256;

class Stop extends Error {
  readonly problem: JsonSyntaxProblem;
  readonly offset: number;
  constructor(problem: JsonSyntaxProblem, offset: number) {
    super(problem);
    this.problem = problem;
    this.offset = offset;
  }
}

export function readJson(source: string): JsonReadResult {
  // A byte-order mark is what editors on Windows write: accept it, keep offsets.
  const text = source.charCodeAt(0) === 0xfeff ? ` ${source.slice(1)}` : source;
  const lines = new Map<string, number>();
  const lineOf = lineIndex(text);
  let i = 0;
  const fail = (problem: JsonSyntaxProblem, at = i): never => {
    throw new Stop(i >= text.length && problem === "unexpectedChar" ? "unexpectedEnd" : problem, at);
  };
  const blank = () => {
    while (i < text.length && " \t\n\r".includes(text[i] as string)) i += 1;
  };
  const digits = () => {
    const start = i;
    while (i < text.length && (text[i] as string) >= "0" && (text[i] as string) <= "9") i += 1;
    if (i === start) fail("unexpectedChar");
  };
  const string = (): string => {
    const start = i;
    i += 1;
    for (;;) {
      if (i >= text.length) fail("unexpectedEnd");
      const code = text.charCodeAt(i);
      if (code === 0x22) {
        i += 1;
        return JSON.parse(text.slice(start, i)) as string;
      }
      if (code < 0x20) fail("controlChar");
      if (code === 0x5c) {
        const escape = text[i + 1];
        if (escape === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) i += 6;
        else if (escape !== undefined && '"\\/bfnrt'.includes(escape)) i += 2;
        else fail("badEscape");
      } else {
        i += 1;
      }
    }
  };
  const value = (pointer: string, depth: number): unknown => {
    if (depth > MAX_DEPTH) fail("tooDeep");
    blank();
    const c = text[i];
    if (c === "{") return object(pointer, depth);
    if (c === "[") return array(pointer, depth);
    if (c === '"') return string();
    for (const [word, result] of [["true", true], ["false", false], ["null", null]] as const) {
      if (c === word[0]) {
        for (const letter of word) {
          if (text[i] !== letter) fail("unexpectedChar");
          i += 1;
        }
        return result;
      }
    }
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) {
      const start = i;
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
      return Number(text.slice(start, i));
    }
    return fail("unexpectedChar");
  };
  const object = (pointer: string, depth: number): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    i += 1;
    blank();
    if (text[i] === "}") {
      i += 1;
      return result;
    }
    for (;;) {
      blank();
      if (text[i] !== '"') fail("unexpectedChar");
      const keyAt = i;
      const key = string();
      const member = `${pointer}/${key.replace(/~/g, "~0").replace(/\//g, "~1")}`;
      lines.set(member, lineOf(keyAt));
      blank();
      if (text[i] !== ":") fail("unexpectedChar");
      i += 1;
      const item = value(member, depth + 1);
      // Own property even for "__proto__", as JSON.parse does.
      Object.defineProperty(result, key, { value: item, enumerable: true, writable: true, configurable: true });
      blank();
      if (text[i] === ",") {
        i += 1;
        continue;
      }
      if (text[i] === "}") {
        i += 1;
        return result;
      }
      fail("unexpectedChar");
    }
  };
  const array = (pointer: string, depth: number): unknown[] => {
    const result: unknown[] = [];
    i += 1;
    blank();
    if (text[i] === "]") {
      i += 1;
      return result;
    }
    for (;;) {
      result.push(value(`${pointer}/${result.length}`, depth + 1));
      blank();
      if (text[i] === ",") {
        i += 1;
        continue;
      }
      if (text[i] === "]") {
        i += 1;
        return result;
      }
      fail("unexpectedChar");
    }
  };
  try {
    const result = value("", 0);
    blank();
    if (i < text.length) fail("trailing");
    return { ok: true, value: result, lines };
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    return { ok: false, problem: error.problem, char: text[error.offset] ?? "", ...lineAndColumn(text, error.offset) };
  }
}

/** Offset → 1-based line, by binary search over the line starts (keys are many, the text is read once). */
function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x0a || (code === 0x0d && text.charCodeAt(index + 1) !== 0x0a)) starts.push(index + 1);
  }
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

/** 1-based line and column of an offset; CRLF, LF and CR each end a line. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let index = 0; index < end; index += 1) {
    const code = text.charCodeAt(index);
    if (code === 0x0a || (code === 0x0d && text.charCodeAt(index + 1) !== 0x0a)) {
      line += 1;
      lineStart = index + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}
