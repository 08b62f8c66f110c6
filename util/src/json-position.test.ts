import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonPointer, lineAndColumn, locateJsonError, readJsonWithPositions } from "./json-position.ts";

const parses = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

const linesOf = (text: string) => text.split(/\r\n|\r|\n/);

/** Puts a comma before every closing `]` / `}` that follows a value, outside strings: the tolerated slip. */
function addTrailingCommas(json: string): string {
  let out = "";
  let inString = false;
  for (let index = 0; index < json.length; index += 1) {
    const char = json[index] as string;
    if (inString) {
      out += char;
      if (char === "\\") {
        out += json[index + 1] ?? "";
        index += 1;
      } else if (char === '"') inString = false;
      continue;
    }
    if (char === '"') inString = true;
    if ((char === "]" || char === "}") && !/[[{]\s*$/.test(out)) out += ",";
    out += char;
  }
  return out;
}

/** Text that is JSON but for one character put somewhere: the mistakes people make. */
const nearlyJson = fc
  .tuple(fc.json(), fc.nat(), fc.constantFrom(",", "}", "]", '"', "\\", "\n", "\r", "x", "-", "0", ".", "e", "{", "[", ":", "\u0001"))
  .map(([text, at, inserted]) => `${text.slice(0, at % (text.length + 1))}${inserted}${text.slice(at % (text.length + 1))}`);

describe("readJsonWithPositions", () => {
  it("gives the line of every key and value, by key list or JSON Pointer", () => {
    const text = '{\n  "mcpServers": {\n    "github": {\n      "url": "https://x",\n      "args": [\n        "a"\n      ]\n    }\n  }\n}\n';
    const read = readJsonWithPositions(text);
    if (!read.ok) throw new Error("valid JSON refused");
    expect(read.value).toEqual(JSON.parse(text));
    expect(read.positions.keyLine(["mcpServers"])).toBe(2);
    expect(read.positions.keyLine(["mcpServers", "github"])).toBe(3);
    expect(read.positions.keyLine("/mcpServers/github/url")).toBe(4);
    expect(read.positions.valueLine(["mcpServers", "github", "args"])).toBe(5);
    expect(read.positions.keyLine(["mcpServers", "github", "args", 0])).toBe(6);
    expect(read.positions.keyLine(["mcpServers", "nothing"])).toBeUndefined();
    expect(read.positions.valueLine("")).toBe(1);
  });

  it("escapes / and ~ in pointers (RFC 6901)", () => {
    expect(jsonPointer(["a/b", "c~d", 0])).toBe("/a~1b/c~0d/0");
    const read = readJsonWithPositions('{"a/b":\n {"c~d": 1}}');
    expect(read.ok && read.positions.keyLine(["a/b", "c~d"])).toBe(2);
  });

  it("says where a syntax error is and why, quoting a character only outside strings", () => {
    expect(readJsonWithPositions('{\r\n  "a": 1,\n  "b": }')).toMatchObject({ ok: false, error: { line: 3, column: 8, reason: "unexpected_char", char: "}" } });
    expect(readJsonWithPositions('{\n  "name": "x"\n  "description": "y"\n}')).toMatchObject({ ok: false, error: { line: 3, column: 3, char: '"' } });
    expect(readJsonWithPositions('{"headers": {"Authorization": "Bearer secret"')).toMatchObject({ ok: false, error: { reason: "unexpected_end", line: 1 } });
    expect(readJsonWithPositions('{"a": "x\ny"}')).toEqual({ ok: false, error: { offset: 8, line: 1, column: 9, reason: "control_char" } });
    expect(readJsonWithPositions('{"a": "\\q"}')).toMatchObject({ ok: false, error: { reason: "bad_escape", column: 9 } });
    expect(readJsonWithPositions("{} x")).toMatchObject({ ok: false, error: { reason: "trailing", char: "x" } });
    expect(readJsonWithPositions("")).toMatchObject({ ok: false, error: { reason: "unexpected_end", line: 1, column: 1 } });
    expect(readJsonWithPositions("[".repeat(100_000))).toMatchObject({ ok: false, error: { reason: "too_deep" } });
  });

  it("is strict where jsonc-parser, which reads it, is lenient when asked: no comment, no word that is not a literal", () => {
    expect(readJsonWithPositions('{"a": 1 // why\n}')).toMatchObject({ ok: false, error: { line: 1, column: 9, reason: "unexpected_char", char: "/" } });
    expect(readJsonWithPositions('{"a": 1}\n/* end */')).toMatchObject({ ok: false, error: { line: 2, column: 1, reason: "trailing", char: "/" } });
    expect(readJsonWithPositions('{"a": tru}')).toMatchObject({ ok: false, error: { column: 10, reason: "unexpected_char", char: "}" } });
    expect(readJsonWithPositions("truex")).toMatchObject({ ok: false, error: { column: 5, reason: "trailing", char: "x" } });
    expect(readJsonWithPositions('{tru: 1}')).toMatchObject({ ok: false, error: { column: 2, char: "t" } });
    expect(readJsonWithPositions("[1.]")).toMatchObject({ ok: false, error: { column: 4, reason: "unexpected_char", char: "]" } });
    expect(readJsonWithPositions("[1,\uFEFF2]")).toMatchObject({ ok: false, error: { column: 4, reason: "unexpected_char" } });
  });

  it("accepts a byte order mark and, when asked, trailing commas", () => {
    expect(readJsonWithPositions('\uFEFF{"a": 1}')).toMatchObject({ ok: true, value: { a: 1 } });
    expect(readJsonWithPositions('{"a": [1, 2,],}')).toMatchObject({ ok: false, error: { reason: "unexpected_char", char: "]" } });
    expect(readJsonWithPositions('{"a": [1, 2,],}', { trailingCommas: true })).toMatchObject({ ok: true, value: { a: [1, 2] } });
    expect(readJsonWithPositions("[1,,]", { trailingCommas: true })).toMatchObject({ ok: false, error: { char: "," } });
  });

  it("keeps a key named __proto__ as data, as JSON.parse does", () => {
    const read = readJsonWithPositions('{"__proto__": {"polluted": true}}');
    expect(read.ok && Object.keys(read.value as object)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("property: reads what JSON.stringify writes, compact or indented, as JSON.parse does, and places every member", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 5 }), fc.constantFrom(undefined, 2, "\t"), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const read = readJsonWithPositions(text);
        if (!read.ok) throw new Error("valid JSON refused");
        expect(read.value).toEqual(JSON.parse(text));
        const lines = linesOf(text);
        for (const [key, member] of Object.entries(value)) {
          const keyLine = read.positions.keyLine([key]) ?? 0;
          expect(lines[keyLine - 1]).toContain(JSON.stringify(key));
          const valueLine = read.positions.valueLine([key]) ?? 0;
          expect(lines[valueLine - 1]).toContain((JSON.stringify(member, null, indent).split("\n")[0] ?? "").trim());
        }
      }),
    );
  });

  it("property: with trailing commas allowed, a comma before every ] and } changes nothing", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const read = readJsonWithPositions(addTrailingCommas(JSON.stringify(value, null, 2)), { trailingCommas: true });
        expect(read.ok && read.value).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("property: never throws; refuses exactly what JSON.parse refuses, at a line and column of the text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), nearlyJson, fc.json()), (text) => {
        const read = readJsonWithPositions(text);
        expect(read.ok).toBe(parses(text));
        expect(locateJsonError(text)).toEqual(read.ok ? undefined : read.error);
        if (read.ok) return;
        const lines = linesOf(text);
        expect(read.error.line).toBeLessThanOrEqual(lines.length);
        expect(read.error.column).toBeGreaterThanOrEqual(1);
        expect(read.error.column).toBeLessThanOrEqual((lines[read.error.line - 1]?.length ?? 0) + 1);
        expect(lineAndColumn(text, read.error.offset)).toEqual({ line: read.error.line, column: read.error.column });
      }),
      { numRuns: 1000 },
    );
  });
});

describe("lineAndColumn", () => {
  it("counts CRLF, LF and CR each as one line end", () => {
    expect(lineAndColumn("a\rb\r\nc", 5)).toEqual({ line: 3, column: 1 });
    expect(lineAndColumn("a\r\nb", 2)).toEqual({ line: 1, column: 3 });
    expect(lineAndColumn("ab\n", 3)).toEqual({ line: 2, column: 1 });
  });
});
