import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readJson } from "./json-reader.ts";

describe("readJson (mcp.json with lines)", () => {
  it("reads valid JSON and remembers the line of every key", () => {
    const text = '{\n  "mcpServers": {\n    "github": {\n      "url": "https://x"\n    }\n  }\n}\n';
    const result = readJson(text);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.value).toEqual(JSON.parse(text));
    expect(result.lines.get("/mcpServers")).toBe(2);
    expect(result.lines.get("/mcpServers/github")).toBe(3);
    expect(result.lines.get("/mcpServers/github/url")).toBe(4);
  });

  it("escapes / and ~ in pointers (RFC 6901)", () => {
    const result = readJson('{"a/b": {"c~d": 1}}');
    expect(result.ok && result.lines.get("/a~1b/c~0d")).toBe(1);
  });

  it("says where a syntax error is, without quoting the text around it", () => {
    expect(readJson('{\n  "a": 1,\n}')).toMatchObject({ ok: false, problem: "unexpectedChar", char: "}", line: 3, column: 1 });
    expect(readJson('{"headers": {"Authorization": "Bearer secret"')).toMatchObject({ ok: false, problem: "unexpectedEnd", line: 1 });
    expect(readJson('{"a": "x\ny"}')).toMatchObject({ ok: false, problem: "controlChar" });
    expect(readJson('{"a": "\\q"}')).toMatchObject({ ok: false, problem: "badEscape" });
    expect(readJson("{} x")).toMatchObject({ ok: false, problem: "trailing", char: "x" });
    expect(readJson("[".repeat(10_000))).toMatchObject({ ok: false, problem: "tooDeep" });
  });

  it("accepts a byte-order mark", () => {
    expect(readJson('\uFEFF{"a": 1}')).toMatchObject({ ok: true, value: { a: 1 } });
  });

  it("keeps __proto__ as an own key, as JSON.parse does", () => {
    const result = readJson('{"__proto__": {"x": 1}}');
    expect(result.ok && Object.keys(result.value as object)).toEqual(["__proto__"]);
  });

  it("property: any JSON value, compact or indented, reads as JSON.parse reads it", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2, "\t"), (value, indent) => {
        const text = JSON.stringify(value, null, indent);
        const result = readJson(text);
        return result.ok && JSON.stringify(result.value) === JSON.stringify(JSON.parse(text));
      }),
    );
  });

  it("property: a text is refused exactly when JSON.parse refuses it, at a line that exists", () => {
    const alphabet = fc.constantFrom(..."{}[]:,\"\\ \n\tatrufenl0123456789-.eE".split(""));
    fc.assert(
      fc.property(fc.array(alphabet, { maxLength: 40 }).map((chars) => chars.join("")), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        const result = readJson(text);
        if (result.ok !== valid) return false;
        return result.ok || (result.line >= 1 && result.line <= text.split(/\r\n|\r|\n/).length);
      }),
      { numRuns: 2000 },
    );
  });
});
