import { MAX_JSON_DEPTH } from "./json-depth.ts";
/**
 * MAIA's one JSON reader for files people write by hand (TOOL.json, mcp.json, settings): an RFC 8259 scanner
 * that remembers where every key and value starts, so that a problem found after parsing (by a JSON Schema or a
 * rule) names its line, and that says where a broken text stops being JSON. It does not use `JSON.parse`'s
 * message: V8's message sometimes has no position and quotes the text around the error, which could show a
 * secret. The reason quotes a character only when it is outside any string. Never throws.
 */
export type JsonErrorReason = "unexpected_char" | "unexpected_end" | "control_char" | "bad_escape" | "trailing" | "too_deep";

export interface JsonErrorLocation {
  /** Offset in UTF-16 code units: the first character that cannot continue a valid JSON text. */
  offset: number;
  /** 1-based line and column (CRLF, LF and CR each end a line). */
  line: number;
  column: number;
  reason: JsonErrorReason;
  /** The offending character when it is safe to show (outside strings). */
  char?: string;
}

/** A member or item: a JSON Pointer (RFC 6901, as ajv's `instancePath`) or its keys, e.g. ["mcpServers", "x"]. */
export type JsonPath = string | readonly (string | number)[];

export interface JsonPositions {
  /** 1-based line of a member's key; for an array item (or the root), of its value. */
  keyLine(path: JsonPath): number | undefined;
  /** 1-based line where the value starts. */
  valueLine(path: JsonPath): number | undefined;
}

export interface JsonReadOptions {
  /** Accept one comma before a closing `]` or `}`, the usual slip in a hand-written file (seed § 10.2). */
  trailingCommas?: boolean;
}

export type JsonRead = { ok: true; value: unknown; positions: JsonPositions } | { ok: false; error: JsonErrorLocation };

/** Hostile nesting (`[[[[…`) becomes a message, not a stack overflow. */
// The same limit as `tooDeepAt` (json-depth.ts): past it, JSON.stringify and recursive walks overflow the stack.
const MAX_DEPTH = MAX_JSON_DEPTH;

/** Reads a file's JSON text; a byte order mark (what editors on Windows write) is accepted. */
export function readJsonWithPositions(text: string, options: JsonReadOptions = {}): JsonRead {
  return scan(text, { trailingCommas: options.trailingCommas ?? false, byteOrderMark: true });
}

/** Where a text that `JSON.parse` refuses stops being valid; undefined when it is valid JSON (strict, as JSON.parse). */
export function locateJsonError(text: string): JsonErrorLocation | undefined {
  const read = scan(text, { trailingCommas: false, byteOrderMark: false });
  return read.ok ? undefined : read.error;
}

/** The JSON Pointer of a list of keys (`~` → `~0`, `/` → `~1`). */
export function jsonPointer(path: readonly (string | number)[]): string {
  return path.map((part) => `/${String(part).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  return lineIndex(text)(offset);
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

interface Start {
  key?: number;
  value: number;
}

function scan(text: string, options: { trailingCommas: boolean; byteOrderMark: boolean }): JsonRead {
  let i = options.byteOrderMark && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const n = text.length;
  const starts = new Map<string, Start>();

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
  const digits = (): void => {
    const start = i;
    while (i < n && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++;
    if (i === start) fail();
  };
  const number = (): number => {
    const start = i;
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
    return Number(text.slice(start, i));
  };
  const literal = <T>(word: string, result: T): T => {
    for (const ch of word) {
      if (text[i] !== ch) fail();
      i++;
    }
    return result;
  };
  const string = (): string => {
    const start = i;
    i++; // opening quote
    for (;;) {
      if (i >= n) throw new ScanError(i, "unexpected_end", true);
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i++;
        // The scan has checked every escape: JSON.parse only decodes them.
        return JSON.parse(text.slice(start, i)) as string;
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
  /** An object or an array: members (or items) separated by commas, maybe one more before the end. */
  const container = (pointer: string, depth: number): Record<string, unknown> | unknown[] => {
    const isObject = text[i] === "{";
    const close = isObject ? "}" : "]";
    const members: Record<string, unknown> = {};
    const items: unknown[] = [];
    i++;
    skipWs();
    if (text[i] !== close) {
      for (;;) {
        if (isObject) {
          skipWs();
          if (text[i] !== '"') fail();
          const keyAt = i;
          const key = string();
          skipWs();
          if (text[i] !== ":") fail();
          i++;
          const item = value(`${pointer}${jsonPointer([key])}`, depth + 1, keyAt);
          // defineProperty, not assignment: a key named "__proto__" is data, never the prototype (as JSON.parse).
          Object.defineProperty(members, key, { value: item, enumerable: true, writable: true, configurable: true });
        } else {
          items.push(value(`${pointer}/${items.length}`, depth + 1));
        }
        skipWs();
        if (text[i] === close) break;
        if (text[i] !== ",") fail();
        i++;
        skipWs();
        if (options.trailingCommas && text[i] === close) break;
      }
    }
    i++;
    return isObject ? members : items;
  };
  const value = (pointer: string, depth: number, keyAt?: number): unknown => {
    skipWs();
    if (depth > MAX_DEPTH) fail("too_deep");
    starts.set(pointer, keyAt === undefined ? { value: i } : { key: keyAt, value: i });
    const c = text[i];
    if (c === "{" || c === "[") return container(pointer, depth);
    if (c === '"') return string();
    if (c === "t") return literal("true", true);
    if (c === "f") return literal("false", false);
    if (c === "n") return literal("null", null);
    if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return number();
    return fail();
  };

  try {
    const result = value("", 0);
    skipWs();
    if (i < n) fail("trailing");
    return { ok: true, value: result, positions: positionsOf(text, starts) };
  } catch (error) {
    if (!(error instanceof ScanError)) throw error;
    const { line, column } = lineAndColumn(text, error.offset);
    const location: JsonErrorLocation = { offset: error.offset, line, column, reason: error.reason };
    const char = text[error.offset];
    if (!error.inString && char !== undefined) location.char = char;
    return { ok: false, error: location };
  }
}

function positionsOf(text: string, starts: Map<string, Start>): JsonPositions {
  // Built on first use: most files are read without a problem to place.
  let locate: ((offset: number) => { line: number }) | undefined;
  const lineOf = (offset: number | undefined) => (offset === undefined ? undefined : (locate ??= lineIndex(text))(offset).line);
  const startOf = (path: JsonPath) => starts.get(typeof path === "string" ? path : jsonPointer(path));
  return {
    keyLine: (path) => {
      const start = startOf(path);
      return lineOf(start?.key ?? start?.value);
    },
    valueLine: (path) => lineOf(startOf(path)?.value),
  };
}

/** Offset → line and column, by binary search over the line starts (the text is read once, lookups are many). */
function lineIndex(text: string): (offset: number) => { line: number; column: number } {
  const lineStarts = [0];
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c === 0x0a || (c === 0x0d && text.charCodeAt(k + 1) !== 0x0a)) lineStarts.push(k + 1);
  }
  return (offset) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if ((lineStarts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return { line: low + 1, column: offset - (lineStarts[low] ?? 0) + 1 };
  };
}
