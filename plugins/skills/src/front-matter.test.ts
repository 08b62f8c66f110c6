import fc from "fast-check";
import { stringify } from "yaml";
import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "./front-matter.ts";

describe("parseFrontMatter", () => {
  it("reads the YAML header and the instructions after it", () => {
    const result = parseFrontMatter("---\nname: review\ndescription: Reviews the diff\n---\nRead the diff.\nThen comment.\n");
    expect(result).toEqual({ ok: true, data: { name: "review", description: "Reviews the diff" }, body: "Read the diff.\nThen comment.\n" });
  });

  it("accepts Windows line endings, a byte order mark and an empty header", () => {
    expect(parseFrontMatter("\ufeff---\r\ndescription: x\r\n---\r\nbody")).toMatchObject({ ok: true, data: { description: "x" } });
    expect(parseFrontMatter("---\n---\nbody")).toEqual({ ok: true, data: {}, body: "body" });
  });

  it("says what is wrong, and on which line of the file", () => {
    expect(parseFrontMatter("# Just markdown")).toEqual({ ok: false, problem: { kind: "missing" }, line: 1 });
    expect(parseFrontMatter("---\ndescription: x\nno end")).toEqual({ ok: false, problem: { kind: "unclosed" }, line: 1 });
    expect(parseFrontMatter("---\n- a\n- b\n---\n")).toEqual({ ok: false, problem: { kind: "notMapping" }, line: 2 });
    const broken = parseFrontMatter("---\ndescription: ok\ntags: [a, b\nname: x\n---\n");
    expect(broken).toMatchObject({ ok: false, problem: { kind: "yaml" }, line: 4 });
    const duplicate = parseFrontMatter("---\ndescription: a\ndescription: b\n---\n");
    expect(duplicate).toEqual({ ok: false, problem: { kind: "yaml", detail: "Map keys must be unique" }, line: 3 });
  });

  it("refuses an alias bomb instead of expanding it", () => {
    // Each level refers to the previous one ten times: 10^9 nodes once expanded.
    const lines = ["---", "a0: &a0 [x, x, x, x, x, x, x, x, x, x]"];
    for (let level = 1; level <= 9; level += 1) lines.push(`a${level}: &a${level} [${Array(10).fill(`*a${level - 1}`).join(", ")}]`);
    const bomb = [...lines, "---", ""].join("\n");
    expect(parseFrontMatter(bomb)).toMatchObject({ ok: false, problem: { kind: "yaml" } });
  });

  it("gives back any header written by a YAML library, and the body untouched", () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (description, name, body) => {
        const text = `---\n${stringify({ name, description })}---\n${body}`;
        const result = parseFrontMatter(text);
        expect(result).toEqual({ ok: true, data: { name, description }, body });
      }),
    );
  });

  it("never throws, whatever the file holds, and places problems on a line of the file", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }).map((rest) => `---\n${rest}`), fc.string({ maxLength: 200 }), (withFence, other) => {
        for (const text of [withFence, other, `${withFence}\n---\n`]) {
          const result = parseFrontMatter(text);
          if (!result.ok) {
            expect(result.line).toBeGreaterThanOrEqual(1);
            expect(result.line).toBeLessThanOrEqual(text.split("\n").length);
          }
        }
      }),
    );
  });
});
