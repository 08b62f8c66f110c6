import { createScanner, parseTree, type Node, type ParseError } from "jsonc-parser";
import { MAX_JSON_DEPTH } from "./json-depth.ts";
/**
 * MAIA's one JSON reader for files people write by hand (TOOL.json, mcp.json, settings), strict RFC 8259: it
 * remembers where every key and value starts, so that a problem found after parsing (by a JSON Schema or a rule)
 * names its line, and says where a broken text stops being JSON. The parsing is jsonc-parser's — the same parser
 * the hub reads hub.json (JSON with comments) with — told to allow no comment and (unless asked) no trailing
 * comma; this file only reads its tree and places errors where a reader going left to right first sees them.
 * It does not use `JSON.parse`'s message: V8's message sometimes has no position and quotes the text around the
 * error, which could show a secret. The reason quotes a character only when it is outside any string. Never throws.
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

/** Hostile nesting (`[[[[…`) becomes a message, not a stack overflow (jsonc-parser's parser is recursive). */
// The same limit as `tooDeepAt` (json-depth.ts): past it, JSON.stringify and recursive walks overflow the stack.
const MAX_DEPTH = MAX_JSON_DEPTH;

/** Reads a file's JSON text; a byte order mark (what editors on Windows write) is accepted. */
export function readJsonWithPositions(text: string, options: JsonReadOptions = {}): JsonRead {
  return read(text, { trailingCommas: options.trailingCommas ?? false, byteOrderMark: true });
}

/** Where a text that `JSON.parse` refuses stops being valid; undefined when it is valid JSON (strict, as JSON.parse). */
export function locateJsonError(text: string): JsonErrorLocation | undefined {
  const result = read(text, { trailingCommas: false, byteOrderMark: false });
  return result.ok ? undefined : result.error;
}

/** The JSON Pointer of a list of keys (`~` → `~0`, `/` → `~1`). */
export function jsonPointer(path: readonly (string | number)[]): string {
  return path.map((part) => `/${String(part).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  return lineIndex(text)(offset);
}

// jsonc-parser declares its token kinds as an ambient const enum, which `isolatedModules` cannot read.
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const COMMA = 5;
const COLON = 6;
const STRING = 10;
const NUMBER = 11;
const LINE_COMMENT = 12;
const BLOCK_COMMENT = 13;
const LINE_BREAK = 14;
const TRIVIA = 15;
const UNKNOWN = 16;
const EOF = 17;
/** ParseErrorCode.EndOfFileExpected: a value is complete and something follows it. */
const END_OF_FILE_EXPECTED = 9;
/** The parse errors about the order of tokens; the others are about a token itself, which `firstFault` places. */
const GRAMMAR_ERRORS = new Set([3, 4, 5, 6, 7, 8, 9]); // PropertyNameExpected … EndOfFileExpected

/** Where the text stops being JSON inside a token, or nests too deep. */
interface Fault {
  offset: number;
  reason: JsonErrorReason;
  inString: boolean;
  /** A value may be complete just before it (a word after `true`, a stray character): after the root, `trailing`. */
  boundary: boolean;
}

function read(text: string, options: { trailingCommas: boolean; byteOrderMark: boolean }): JsonRead {
  const start = options.byteOrderMark && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const body = start === 0 ? text : text.slice(start);
  const fail = (offset: number, reason: JsonErrorReason, inString: boolean): JsonRead => {
    const at = offset + start;
    const { line, column } = lineAndColumn(text, at);
    const location: JsonErrorLocation = { offset: at, line, column, reason: at >= text.length ? "unexpected_end" : reason };
    const char = text[at];
    if (!inString && char !== undefined) location.char = char;
    return { ok: false, error: location };
  };
  // jsonc-parser's parser is recursive: it reads only the text before the first fault, which nests at most
  // MAX_DEPTH deep; its own errors come first when they are before that fault.
  const fault = firstFault(body);
  const cut = fault?.offset ?? body.length;
  const errors: ParseError[] = [];
  const root = parseTree(fault ? body.slice(0, cut) : body, errors, { disallowComments: true, allowTrailingComma: options.trailingCommas, allowEmptyContent: false });
  const grammar = errors.filter((error) => GRAMMAR_ERRORS.has(error.error) && (fault === undefined || error.offset < cut));
  const first = grammar.reduce<ParseError | undefined>((earliest, error) => (earliest && earliest.offset <= error.offset ? earliest : error), undefined);
  if (first) return fail(first.offset, first.error === END_OF_FILE_EXPECTED ? "trailing" : "unexpected_char", false);
  if (fault) {
    const complete = root !== undefined && errors.every((error) => !GRAMMAR_ERRORS.has(error.error));
    return fail(fault.offset, fault.boundary && complete && fault.reason === "unexpected_char" ? "trailing" : fault.reason, fault.inString);
  }
  if (!root) return fail(body.length, "unexpected_end", false);
  const starts = new Map<string, Start>();
  const value = valueOf(root, "", start, starts);
  return { ok: true, value, positions: positionsOf(text, starts) };
}

interface Start {
  key?: number;
  value: number;
}

/** The value of a node (a key named "__proto__" is data, never the prototype, as in JSON.parse), noting where each starts. */
function valueOf(node: Node, pointer: string, shift: number, starts: Map<string, Start>, keyAt?: number): unknown {
  starts.set(pointer, keyAt === undefined ? { value: node.offset + shift } : { key: keyAt + shift, value: node.offset + shift });
  if (node.type === "array") return (node.children ?? []).map((child, index) => valueOf(child, `${pointer}/${index}`, shift, starts));
  if (node.type !== "object") return node.value;
  const members: Record<string, unknown> = {};
  for (const property of node.children ?? []) {
    const [key, child] = property.children ?? [];
    if (!key || !child) continue;
    const name = String(key.value);
    const item = valueOf(child, `${pointer}${jsonPointer([name])}`, shift, starts, key.offset);
    Object.defineProperty(members, name, { value: item, enumerable: true, writable: true, configurable: true });
  }
  return members;
}

/**
 * The first place, reading left to right, where a token is not JSON (a comment, a word that is not a literal, a
 * broken string or number) or a value nests deeper than MAX_DEPTH: one loop over jsonc-parser's scanner, so a
 * hostile depth costs no stack. Where in the token: as far as it is still JSON.
 */
function firstFault(text: string): Fault | undefined {
  const scanner = createScanner(text, false);
  /** The open containers: true for an object. */
  const open: boolean[] = [];
  /** What the grammar expects next: a value (at the start, after `[`, `:` or an array's `,`), a key, or neither. */
  let expect: "value" | "key" | "other" = "value";
  for (let token = scanner.scan() as number; token !== EOF; token = scanner.scan() as number) {
    if (token === TRIVIA || token === LINE_BREAK) continue;
    const offset = scanner.getTokenOffset();
    if (token === LINE_COMMENT || token === BLOCK_COMMENT) return { offset, reason: "unexpected_char", inString: false, boundary: true };
    const startsValue = expect === "value" && token !== CLOSE_BRACE && token !== CLOSE_BRACKET && token !== COMMA && token !== COLON;
    if (startsValue && open.length > MAX_DEPTH) return { offset, reason: "too_deep", inString: false, boundary: false };
    if (token === UNKNOWN) return expect === "value" ? wordFault(text, offset, scanner.getTokenLength()) : { offset, reason: "unexpected_char", inString: false, boundary: true };
    if (token === STRING && scanner.getTokenError() !== 0) return stringFault(text, offset);
    if (token === NUMBER && scanner.getTokenError() !== 0) return numberFault(text, offset);
    if (token === OPEN_BRACE || token === OPEN_BRACKET) {
      open.push(token === OPEN_BRACE);
      expect = token === OPEN_BRACE ? "key" : "value";
    } else if (token === CLOSE_BRACE || token === CLOSE_BRACKET) {
      open.pop();
      expect = "other";
    } else if (token === COMMA) {
      expect = open.at(-1) === true ? "key" : "value";
    } else {
      expect = token === COLON ? "value" : "other";
    }
  }
  return undefined;
}

const LITERALS: Record<string, string> = { t: "true", f: "false", n: "null" };

/** A word the scanner does not know: JSON as far as it spells a literal (`tru}`), or a minus sign with no digit. */
function wordFault(text: string, offset: number, length: number): Fault {
  const first = text[offset] ?? "";
  if (first === "-") return { offset: offset + 1, reason: "unexpected_char", inString: false, boundary: false };
  const literal = LITERALS[first];
  if (literal === undefined) return { offset, reason: "unexpected_char", inString: false, boundary: true };
  let same = 0;
  while (same < length && same < literal.length && text[offset + same] === literal[same]) same++;
  return { offset: offset + same, reason: "unexpected_char", inString: false, boundary: same === literal.length };
}

/** A string the scanner flagged: the control character, the bad escape, or the end of the text. */
function stringFault(text: string, offset: number): Fault {
  const inString = (at: number, reason: JsonErrorReason): Fault => ({ offset: at, reason, inString: true, boundary: false });
  for (let i = offset + 1; ; i++) {
    if (i >= text.length) return inString(i, "unexpected_end");
    const c = text.charCodeAt(i);
    if (c === 0x22) return inString(i, "unexpected_char"); // not reached: a closed string has no fault
    if (c < 0x20) return inString(i, "control_char");
    if (c !== 0x5c) continue;
    i++;
    const escape = text[i];
    if (escape === undefined) return inString(i, "unexpected_end");
    if (escape === "u") {
      for (let k = 1; k <= 4; k++) if (!/[0-9a-fA-F]/.test(text[i + k] ?? "")) return inString(i + k, "bad_escape");
      i += 4;
    } else if (!'"\\/bfnrt'.includes(escape)) return inString(i, "bad_escape");
  }
}

/** A number the scanner flagged (`1.`, `1e+`): where a digit was needed. */
function numberFault(text: string, offset: number): Fault {
  let i = offset;
  const digits = (): boolean => {
    const from = i;
    while (i < text.length && text.charCodeAt(i) >= 0x30 && text.charCodeAt(i) <= 0x39) i++;
    return i > from;
  };
  const at = (): Fault => ({ offset: i, reason: "unexpected_char", inString: false, boundary: false });
  if (text[i] === "-") i++;
  if (text[i] === "0") i++;
  else if (!digits()) return at();
  if (text[i] === ".") {
    i++;
    if (!digits()) return at();
  }
  if (text[i] === "e" || text[i] === "E") {
    i++;
    if (text[i] === "+" || text[i] === "-") i++;
    if (!digits()) return at();
  }
  return at();
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
