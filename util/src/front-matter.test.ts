import fc from "fast-check";
import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { readFrontMatter } from "./front-matter.ts";

const lineCount = (text: string) => text.split("\n").length;

describe("readFrontMatter", () => {
  it("reads the YAML header, the line of each key and the body after it", () => {
    const result = readFrontMatter("---\nname: review\n# a comment\ndescription: Reviews the diff\n---\nRead the diff.\nThen comment.\n");
    expect(result).toEqual({
      ok: true,
      entries: [
        { key: "name", value: "review", line: 2, raw: "review" },
        { key: "description", value: "Reviews the diff", line: 4, raw: "Reviews the diff" },
      ],
      data: { name: "review", description: "Reviews the diff" },
      body: "Read the diff.\nThen comment.\n",
      bodyLine: 6,
    });
  });

  it("reads a header that is not strict YAML again with plain values, only when asked (Claude Code's fallback)", () => {
    const text = "---\nargument-hint: [message] | --amend\ntools:\n  - Read\ndescription: it's fine\n---\nbody";
    expect(readFrontMatter(text)).toMatchObject({ ok: false, problem: { kind: "yaml" }, line: 2 });
    expect(readFrontMatter(text, { plainValueRetry: true })).toMatchObject({
      ok: true,
      data: { "argument-hint": "[message] | --amend", tools: ["Read"], description: "it's fine" },
      plainValues: ["argument-hint", "description"],
    });
    expect(readFrontMatter("---\nhint: [user prompt]\n---\n").ok && readFrontMatter("---\nhint: [user prompt]\n---\n")).toMatchObject({ entries: [{ value: ["user prompt"], raw: "[user prompt]" }] });
    fc.assert(fc.property(fc.string(), (header) => void readFrontMatter(`---\n${header}\n---\n`, { plainValueRetry: true })));
  });

  it("accepts Windows line endings, a byte order mark, nested values and an empty header", () => {
    expect(readFrontMatter("\ufeff---\r\ndescription: x\r\n---\r\nbody")).toMatchObject({ ok: true, data: { description: "x" }, body: "body" });
    expect(readFrontMatter("---\n---\nbody")).toEqual({ ok: true, entries: [], data: {}, body: "body", bodyLine: 3 });
    expect(readFrontMatter("---\npermissions:\n  allow: [Read]\n---\n")).toMatchObject({ ok: true, data: { permissions: { allow: ["Read"] } } });
  });

  it("says what is wrong, and on which line of the file", () => {
    expect(readFrontMatter("# Just markdown")).toEqual({ ok: false, problem: { kind: "missing" }, line: 1 });
    expect(readFrontMatter("---\ndescription: x\nno end")).toEqual({ ok: false, problem: { kind: "unclosed" }, line: 1 });
    expect(readFrontMatter("---\n- a\n- b\n---\n")).toEqual({ ok: false, problem: { kind: "notMapping" }, line: 2 });
    expect(readFrontMatter("---\ndescription: ok\ntags: [a, b\nname: x\n---\n")).toMatchObject({ ok: false, problem: { kind: "yaml" }, line: 4 });
    expect(readFrontMatter("---\ndescription: a\ndescription: b\n---\n")).toEqual({
      ok: false,
      problem: { kind: "yaml", detail: "Map keys must be unique" },
      line: 3,
    });
  });

  it("refuses an alias bomb instead of expanding it, on the line of the key that holds it", () => {
    // Each level refers to the previous one ten times: 10^9 nodes once expanded.
    const lines = ["---", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"];
    for (let level = 1; level <= 9; level += 1) lines.push(`a${level}: &a${level} [${Array(10).fill(`*a${level - 1}`).join(", ")}]`);
    const result = readFrontMatter([...lines, "---", ""].join("\n"));
    expect(result).toMatchObject({ ok: false, problem: { kind: "yaml" } });
    expect(!result.ok && result.line).toBeGreaterThan(2);
  });

  it("keeps a key named __proto__ as data", () => {
    const result = readFrontMatter("---\n__proto__: {polluted: true}\n---\n");
    expect(result.ok && Object.keys(result.data)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("property: gives back any header a YAML library writes, with its lines, and the body byte for byte", () => {
    const key = fc.stringMatching(/^[a-z][a-zA-Z]{0,8}$/);
    fc.assert(
      fc.property(fc.dictionary(key, fc.string(), { maxKeys: 5 }), fc.string(), (data, body) => {
        const header = Object.keys(data).length === 0 ? "" : stringify(data);
        const text = `---\n${header}---\n${body}`;
        const result = readFrontMatter(text);
        if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
        expect(result.data).toEqual(data);
        expect(result.body).toBe(body);
        expect(text.split("\n").slice(result.bodyLine - 1).join("\n")).toBe(body);
        for (const entry of result.entries) expect(text.split("\n")[entry.line - 1]?.includes(entry.key)).toBe(true);
      }),
    );
  });

  it("property: never throws on arbitrary text; every line it gives is a line of the file", () => {
    const text = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.string({ maxLength: 200 }).map((rest) => `---\n${rest}`),
      fc.tuple(fc.string({ maxLength: 200 }), fc.string({ maxLength: 50 })).map(([header, body]) => `---\n${header}\n---\n${body}`),
      fc.array(fc.constantFrom("---", "a: 1", "b: [", "- x", "  c: d", "&x y", "*x", "? k", "\r", "", ":", "'"), { maxLength: 12 }).map((lines) => lines.join("\n")),
    );
    fc.assert(
      fc.property(text, (source) => {
        const result = readFrontMatter(source);
        // An empty body after a last line `---` starts past the end: it has no line to name.
        const bodyLine = result.ok && result.body !== "" ? [result.bodyLine] : [];
        const lines = result.ok ? [...result.entries.map((entry) => entry.line), ...bodyLine] : [result.line];
        for (const line of lines) {
          expect(line).toBeGreaterThanOrEqual(1);
          expect(line).toBeLessThanOrEqual(lineCount(source));
        }
      }),
      { numRuns: 500 },
    );
  });
});
