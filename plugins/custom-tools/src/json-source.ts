/**
 * A JSON reader for hand-written definition files: it accepts one trailing comma before `]` or `}` (seed § 10.2)
 * and remembers where each value and each key starts, so that a problem found later (by the JSON Schema or by
 * a rule) can name its line. JSON.parse can do neither. Never throws: broken input is a syntax problem with
 * its line and column.
 */

export type JsonSyntaxProblem =
  | { kind: "unexpectedChar"; char: string }
  | { kind: "unexpectedEnd" }
  | { kind: "controlChar" }
  | { kind: "badEscape" }
  | { kind: "badNumber" }
  | { kind: "trailingContent"; char: string }
  | { kind: "tooDeep" };

export interface JsonLocations {
  /** JSON Pointer (RFC 6901, as ajv's `instancePath`) → offset where the value starts. */
  values: Map<string, number>;
  /** JSON Pointer of a member → offset of its key. */
  keys: Map<string, number>;
}

export type JsonReadResult =
  | { ok: true; value: unknown; locations: JsonLocations }
  | { ok: false; problem: JsonSyntaxProblem; line: number; column: number };

/** Hostile nesting (`[[[[…`) must become a message, not a stack overflow. */
const MAX_DEPTH = 256;

class SyntaxProblem extends Error {
  readonly problem: JsonSyntaxProblem;
  readonly offset: number;
  constructor(problem: JsonSyntaxProblem, offset: number) {
    super(problem.kind);
    this.problem = problem;
    this.offset = offset;
  }
}

export function readJson(text: string): JsonReadResult {
  const reader = new Reader(text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text);
  try {
    reader.skipSpace();
    const value = reader.value("", 0);
    reader.skipSpace();
    if (!reader.atEnd()) throw new SyntaxProblem({ kind: "trailingContent", char: reader.peek() }, reader.offset);
    return { ok: true, value, locations: { values: reader.values, keys: reader.keys } };
  } catch (error) {
    if (!(error instanceof SyntaxProblem)) throw error;
    return { ok: false, problem: error.problem, ...lineAndColumn(text, error.offset) };
  }
}

/** 1-based line and column of an offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let index = 0; index < end; index += 1) {
    if (text.charCodeAt(index) === 10) {
      line += 1;
      lineStart = index + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** The pointer of a member, escaped as RFC 6901 says (`~` → `~0`, `/` → `~1`). */
export function childPointer(parent: string, key: string | number): string {
  return `${parent}/${String(key).replace(/~/g, "~0").replace(/\//g, "~1")}`;
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

class Reader {
  readonly values = new Map<string, number>();
  readonly keys = new Map<string, number>();
  offset = 0;
  readonly #text: string;

  constructor(text: string) {
    this.#text = text;
  }

  atEnd(): boolean {
    return this.offset >= this.#text.length;
  }

  peek(): string {
    return this.#text[this.offset] ?? "";
  }

  skipSpace(): void {
    while (!this.atEnd() && " \t\n\r".includes(this.peek())) this.offset += 1;
  }

  #unexpected(): never {
    if (this.atEnd()) throw new SyntaxProblem({ kind: "unexpectedEnd" }, this.offset);
    throw new SyntaxProblem({ kind: "unexpectedChar", char: this.peek() }, this.offset);
  }

  value(pointer: string, depth: number): unknown {
    if (depth > MAX_DEPTH) throw new SyntaxProblem({ kind: "tooDeep" }, this.offset);
    this.values.set(pointer, this.offset);
    const char = this.peek();
    if (char === "{") return this.#object(pointer, depth);
    if (char === "[") return this.#array(pointer, depth);
    if (char === '"') return this.#string();
    if (char === "-" || (char >= "0" && char <= "9")) return this.#number();
    for (const [word, value] of [["true", true], ["false", false], ["null", null]] as const) {
      if (this.#text.startsWith(word, this.offset)) {
        this.offset += word.length;
        return value;
      }
    }
    return this.#unexpected();
  }

  #object(pointer: string, depth: number): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    this.offset += 1;
    this.skipSpace();
    if (this.peek() === "}") {
      this.offset += 1;
      return result;
    }
    for (;;) {
      if (this.peek() !== '"') this.#unexpected();
      const keyOffset = this.offset;
      const key = this.#string();
      const member = childPointer(pointer, key);
      this.keys.set(member, keyOffset);
      this.skipSpace();
      if (this.peek() !== ":") this.#unexpected();
      this.offset += 1;
      this.skipSpace();
      // defineProperty, not assignment: a key named "__proto__" is data, never the prototype.
      Object.defineProperty(result, key, { value: this.value(member, depth + 1), enumerable: true, writable: true, configurable: true });
      this.skipSpace();
      if (this.peek() === ",") {
        this.offset += 1;
        this.skipSpace();
        if (this.peek() === "}") {
          this.offset += 1; // The tolerated trailing comma.
          return result;
        }
        continue;
      }
      if (this.peek() === "}") {
        this.offset += 1;
        return result;
      }
      this.#unexpected();
    }
  }

  #array(pointer: string, depth: number): unknown[] {
    const result: unknown[] = [];
    this.offset += 1;
    this.skipSpace();
    if (this.peek() === "]") {
      this.offset += 1;
      return result;
    }
    for (;;) {
      result.push(this.value(childPointer(pointer, result.length), depth + 1));
      this.skipSpace();
      if (this.peek() === ",") {
        this.offset += 1;
        this.skipSpace();
        if (this.peek() === "]") {
          this.offset += 1;
          return result;
        }
        continue;
      }
      if (this.peek() === "]") {
        this.offset += 1;
        return result;
      }
      this.#unexpected();
    }
  }

  #string(): string {
    this.offset += 1;
    let result = "";
    for (;;) {
      if (this.atEnd()) throw new SyntaxProblem({ kind: "unexpectedEnd" }, this.offset);
      const char = this.#text[this.offset] as string;
      if (char === '"') {
        this.offset += 1;
        return result;
      }
      if (char.charCodeAt(0) < 0x20) throw new SyntaxProblem({ kind: "controlChar" }, this.offset);
      if (char !== "\\") {
        result += char;
        this.offset += 1;
        continue;
      }
      const escape = this.#text[this.offset + 1] ?? "";
      if (escape === "u") {
        const hex = this.#text.slice(this.offset + 2, this.offset + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new SyntaxProblem({ kind: "badEscape" }, this.offset);
        result += String.fromCharCode(Number.parseInt(hex, 16));
        this.offset += 6;
        continue;
      }
      const replacement = ESCAPES[escape];
      if (replacement === undefined) throw new SyntaxProblem({ kind: "badEscape" }, this.offset);
      result += replacement;
      this.offset += 2;
    }
  }

  #number(): number {
    NUMBER.lastIndex = this.offset;
    const match = NUMBER.exec(this.#text);
    if (!match || match[0] === "-") throw new SyntaxProblem({ kind: "badNumber" }, this.offset);
    this.offset += match[0].length;
    return Number(match[0]);
  }
}
