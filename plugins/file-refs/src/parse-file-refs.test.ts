import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { looksLikePath, parseFileReferences, quoteReference, type FileReference } from "./parse-file-refs.ts";

const paths = (text: string) => parseFileReferences(text).references.map((reference) => reference.path);

describe("parseFileReferences: the forms of seed § 11.4", () => {
  it("reads @path", () => {
    expect(paths("explain @src/app.ts please")).toEqual(["src/app.ts"]);
  });

  it("reads @ path (with a space)", () => {
    expect(paths("explain @ src/app.ts please")).toEqual(["src/app.ts"]);
  });

  it("reads @'path with spaces', \\' being a literal quote", () => {
    expect(paths("read @'my notes/l\\'ami.md' now")).toEqual(["my notes/l'ami.md"]);
    expect(parseFileReferences("@'a b'").references[0]).toMatchObject({ quoted: true, start: 0, end: 6 });
  });

  it("reads @~/… and @/absolute/path", () => {
    expect(paths("compare @~/.bashrc with @/etc/hosts")).toEqual(["~/.bashrc", "/etc/hosts"]);
  });

  it("finds several references, in order, with their offsets", () => {
    const text = "@a.ts and @b.ts";
    expect(parseFileReferences(text).references.map((r) => [r.path, text.slice(r.start, r.end)])).toEqual([
      ["a.ts", "@a.ts"],
      ["b.ts", "@b.ts"],
    ]);
  });

  it("offers the path without trailing punctuation as a second choice", () => {
    expect(parseFileReferences("see @README.md.").references[0]?.alternatives).toEqual(["README.md.", "README.md"]);
    expect(parseFileReferences("(@src/a.ts)").references[0]?.alternatives).toEqual(["src/a.ts)", "src/a.ts"]);
    expect(parseFileReferences("@a.ts, @b.ts").references.map((r) => r.alternatives.at(-1))).toEqual(["a.ts", "b.ts"]);
  });

  it("never reads an e-mail address or an @ inside a word as a reference", () => {
    expect(paths("write to jean@exemple.fr or user@host:/tmp/x")).toEqual([]);
  });

  it("ignores an @ alone, at the end, before a line break, or doubled", () => {
    expect(paths("a @ \nb @")).toEqual([]);
    expect(paths("@@decorator")).toEqual([]);
  });

  it("reports an unclosed quote with its line and column, and takes no path from it", () => {
    expect(parseFileReferences("first line\nsee @'my file")).toEqual({ references: [], unclosed: [{ start: 15, line: 2, column: 5 }] });
  });
});

describe("looksLikePath: when a reference that names nothing deserves a warning", () => {
  const reference = (text: string): FileReference => parseFileReferences(text).references[0] as FileReference;

  it("warns for paths, extensions, home paths and quoted references", () => {
    for (const text of ["@src/x", "@notes.md", "@.env", "@~/x", "@'any thing'", "@exemple.fr"]) expect(looksLikePath(reference(text))).toBe(true);
  });

  it("stays quiet for mentions and version numbers", () => {
    for (const text of ["@mention", "@jean", "@v1.2", "@team!"]) expect(looksLikePath(reference(text))).toBe(false);
  });

  it("stays quiet for MCP resources (@server:scheme://…), which the mcp plugin attaches", () => {
    for (const text of ["@everything:demo://resource/1", "@docs:file:///notes.md", "@db:urn:x:y"]) expect(looksLikePath(reference(text))).toBe(false);
  });

  it("stays quiet for decorators and annotations in pasted code", () => {
    for (const text of ['@app.route("/users")', "@Component({selector:'x/y'})", "@pytest.mark.parametrize(x)"]) {
      expect(looksLikePath(reference(text))).toBe(false);
    }
  });
});

/** Words of prose: no whitespace, no @, no quote at the start (that would open a quoted form). */
const word = fc.string({ minLength: 1, maxLength: 12 }).filter((text) => !/[\s@]/.test(text));
const pathToken = word.filter((text) => !text.startsWith("'"));
const quotedPath = fc.string({ minLength: 1, maxLength: 30 }).filter((text) => !text.endsWith("\\"));

type Piece = { kind: "word"; text: string } | { kind: "ref"; path: string } | { kind: "quoted"; path: string } | { kind: "spaced"; path: string };

const piece: fc.Arbitrary<Piece> = fc.oneof(
  word.map((text): Piece => ({ kind: "word", text })),
  pathToken.map((path): Piece => ({ kind: "ref", path })),
  pathToken.map((path): Piece => ({ kind: "spaced", path })),
  quotedPath.map((path): Piece => ({ kind: "quoted", path })),
);

function render(value: Piece): string {
  switch (value.kind) {
    case "word":
      return value.text;
    case "ref":
      return `@${value.path}`;
    case "spaced":
      return `@ ${value.path}`;
    case "quoted":
      return quoteReference(value.path);
  }
}

describe("parseFileReferences: properties", () => {
  it("never throws; references are in order, apart, and their offsets cover what was typed", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const { references } = parseFileReferences(text);
        let previous = 0;
        for (const reference of references) {
          expect(reference.start).toBeGreaterThanOrEqual(previous);
          expect(reference.end).toBeGreaterThan(reference.start);
          expect(text[reference.start]).toBe("@");
          expect(reference.alternatives[0]).toBe(reference.path);
          previous = reference.end;
        }
      }),
    );
  });

  it("finds exactly the references written among words, whatever their form", () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), fc.constantFrom(" ", "\n", "  ", "\t"), (pieces, separator) => {
        const text = pieces.map(render).join(separator);
        const expected = pieces.filter((value) => value.kind !== "word").map((value) => ("path" in value ? value.path : ""));
        expect(paths(text)).toEqual(expected);
        expect(parseFileReferences(text).unclosed).toEqual([]);
      }),
    );
  });

  it("gives back any quoted path, spaces and quotes included", () => {
    fc.assert(
      fc.property(quotedPath, word, (path, after) => {
        expect(paths(`look at ${quoteReference(path)} ${after}`)).toEqual([path]);
      }),
    );
  });

  it("never takes an @ that follows a letter or a digit (e-mail addresses)", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9._-]*[A-Za-z0-9]$/), pathToken, (user, domain) => {
        expect(paths(`${user}@${domain}`)).toEqual([]);
      }),
    );
  });
});
