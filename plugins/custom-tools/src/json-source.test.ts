import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { childPointer, readJson } from "./json-source.ts";

/** Puts a comma before every closing `]` / `}` that follows a value, outside strings: the tolerated mistake. */
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

const json = fc.jsonValue({ maxDepth: 4 });

describe("readJson", () => {
  it("reads whatever JSON.stringify writes, compact or indented, exactly as JSON.parse does", () => {
    fc.assert(
      fc.property(json, fc.constantFrom(undefined, 2, "\t"), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const read = readJson(text);
        expect(read.ok).toBe(true);
        if (read.ok) expect(read.value).toEqual(JSON.parse(text));
      }),
    );
  });

  it("tolerates a trailing comma before every ] and }", () => {
    fc.assert(
      fc.property(json, (value) => {
        const text = addTrailingCommas(JSON.stringify(value, null, 2));
        const read = readJson(text);
        expect(read.ok).toBe(true);
        if (read.ok) expect(read.value).toEqual(JSON.parse(JSON.stringify(value)));
      }),
    );
  });

  it("locates every value: the text at its offset parses back to that value", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), json, { maxKeys: 5 }), (value) => {
        const text = JSON.stringify(value, null, 2);
        const read = readJson(text);
        if (!read.ok) throw new Error("valid JSON refused");
        for (const [key, member] of Object.entries(value)) {
          const offset = read.locations.values.get(childPointer("", key));
          expect(offset).toBeDefined();
          expect(text.slice(offset).startsWith(JSON.stringify(member, null, 2).split("\n")[0] ?? "")).toBe(true);
          const keyOffset = read.locations.keys.get(childPointer("", key)) ?? -1;
          expect(text.slice(keyOffset).startsWith(JSON.stringify(key))).toBe(true);
        }
      }),
    );
  });

  it("never throws on arbitrary text, and refuses what JSON.parse refuses (bar trailing commas)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (text) => {
        const read = readJson(text);
        let parsed = true;
        try {
          JSON.parse(text);
        } catch {
          parsed = false;
        }
        if (parsed) expect(read.ok).toBe(true);
        if (!read.ok) {
          expect(read.line).toBeGreaterThanOrEqual(1);
          expect(read.column).toBeGreaterThanOrEqual(1);
        }
      }),
    );
  });

  it("gives the line and column of a syntax error", () => {
    const read = readJson('{\n  "name": "x"\n  "description": "y"\n}');
    expect(read).toMatchObject({ ok: false, line: 3, column: 3, problem: { kind: "unexpectedChar", char: '"' } });
    expect(readJson('{ "a": [1, 2')).toMatchObject({ ok: false, problem: { kind: "unexpectedEnd" } });
    expect(readJson('{ "a": "line\nbreak" }')).toMatchObject({ ok: false, line: 1, problem: { kind: "controlChar" } });
    expect(readJson("[1,,]")).toMatchObject({ ok: false, problem: { kind: "unexpectedChar", char: "," } });
  });

  it("keeps a key named __proto__ as data and survives hostile nesting", () => {
    const read = readJson('{"__proto__": {"polluted": true}}');
    expect(read.ok && Object.keys(read.value as object)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(readJson("[".repeat(100_000))).toMatchObject({ ok: false, problem: { kind: "tooDeep" } });
  });
});
