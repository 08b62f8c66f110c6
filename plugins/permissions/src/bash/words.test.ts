import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { analyseBash } from "./analyse.ts";
import { decodeAnsiC, shellQuote } from "./words.ts";

const context = { cwd: "/work/proj", homeDir: "/home/ada", env: {} };
const emptyFolder = mkdtempSync(path.join(tmpdir(), "maia-words-"));
afterAll(() => rmSync(emptyFolder, { recursive: true, force: true }));

async function argumentsOf(command: string) {
  const analysis = await analyseBash(command, context);
  return { analysis, words: analysis.commands[0]?.words ?? [] };
}

/** What real bash passes to a program for the words of `printf '%s\0' WORDS`. */
function bashWords(words: string): string[] {
  const out = execFileSync("bash", ["--norc", "--noprofile", "-c", `printf '%s\\0' ${words}`], { cwd: emptyFolder, env: { PATH: process.env.PATH } });
  return out.toString("utf8").split("\0").slice(0, -1);
}

describe("quote removal", () => {
  it("reads every way of writing rm as rm", async () => {
    for (const spelling of ["rm", "'r'm", "\\rm", '"rm"', "$'\\x72m'", "$'\\162m'", "r''m", 'r""m', "$'rm'"]) {
      const { words, analysis } = await argumentsOf(`${spelling} -rf x`);
      expect(analysis.uncertain).toEqual([]);
      expect(words[0]?.value).toBe("rm");
    }
  });

  it("marks expansions as unknown and glob, brace and tilde words as expanding", async () => {
    const { words } = await argumentsOf("echo $HOME ${x} $(id) `id` *.ts {a,b} ~/x '*.ts' \"{a,b}\" plain");
    expect(words.map((word) => [word.value, word.expands])).toEqual([
      ["echo", false],
      [undefined, true],
      [undefined, true],
      [undefined, true],
      [undefined, true],
      ["*.ts", true],
      ["{a,b}", true],
      ["~/x", true],
      ["*.ts", false],
      ["{a,b}", false],
      ["plain", false],
    ]);
  });

  it("decodes ANSI-C quoting like bash, stopping at a NUL", () => {
    expect(decodeAnsiC("a\\tb\\n")).toBe("a\tb\n");
    expect(decodeAnsiC("\\x41\\u00e9\\101\\cA")).toBe("Aé A\x01".replace(" ", ""));
    expect(decodeAnsiC("rm\\0 -rf")).toBe("rm");
    expect(decodeAnsiC("\\q\\'")).toBe("\\q'");
  });

  it("quotes back only what needs it", () => {
    expect(shellQuote("npm")).toBe("npm");
    expect(shellQuote("a b")).toBe("'a b'");
    expect(shellQuote("it's")).toBe("'it'\\''s'");
    expect(shellQuote("")).toBe("''");
  });

  const specials = [..."'\"\\$`!*?[](){};&|<>#~=%,.-_/@:+^ \t\n"];
  const character = fc.oneof(fc.constantFrom(...specials), fc.constantFrom(..."abcXYZ019é"));
  const chunk = fc.tuple(fc.array(character, { minLength: 1, maxLength: 6 }).map((chars) => chars.join("")), fc.constantFrom("single", "double", "backslash", "ansi"));
  const quote = ([text, style]: [string, string]): string => {
    if (style === "single") return `'${text.replace(/'/g, "'\\''")}'`;
    if (style === "double") return `"${text.replace(/[\\$`"]/g, "\\$&")}"`;
    if (style === "ansi") return `$'${[...text].map((c) => (c.charCodeAt(0) < 128 ? `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}` : c)).join("")}'`;
    return [...text].map((c) => (/[A-Za-z0-9é]/.test(c) ? c : c === "\n" ? "$'\\n'" : `\\${c}`)).join("");
  };

  it("property: a literal word's value is what bash passes to the program", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(chunk, { minLength: 1, maxLength: 4 }), async (chunks) => {
        const word = chunks.map(quote).join("");
        const { analysis, words } = await argumentsOf(`printf '%s\\0' ${word}`);
        if (analysis.uncertain.length > 0) return; // The analysis said it cannot be trusted: asked, never allowed.
        expect(words).toHaveLength(3);
        expect([words[2]?.value]).toEqual(bashWords(word));
      }),
      { numRuns: 80 },
    );
  });
});
