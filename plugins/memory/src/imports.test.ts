import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setActiveLocale } from "@maia/kernel";
import { tempFolder } from "@maia/testing-maia";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importsIn } from "./imports.ts";
import { findInstructions, MAX_INSTRUCTIONS_CHARS } from "./instructions-file.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

async function write(file: string, text: string) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

describe("@path imports and CLAUDE.local.md (Claude Code's memory page)", () => {
  it("finds imports outside code, with their lines", () => {
    expect(importsIn("See @README for the overview and @package.json.\n```\n@not/this\n```\n- git `@nor/this` @docs/git.md\nmail me at a@b.com\n(@~/x.md)")).toEqual([
      { path: "README", line: 1 },
      { path: "package.json.", line: 1 },
      { path: "docs/git.md", line: 5 },
      { path: "~/x.md", line: 7 },
    ]);
    fc.assert(fc.property(fc.string(), (text) => void importsIn(text)));
  });

  it("reads nested imports (relative to the importing file, ~/ and absolute), CLAUDE.local.md after, each file once", async () => {
    const cwd = await tempFolder("mem-cwd-");
    const home = await tempFolder("mem-home-");
    await write(path.join(cwd, "CLAUDE.md"), "Rules. See @docs/a.md and @~/mine.md.\n");
    await write(path.join(cwd, "docs", "a.md"), "A imports @b.md and @../docs/a.md\n");
    await write(path.join(cwd, "docs", "b.md"), "B\n");
    await write(path.join(home, "mine.md"), `Mine, and @${path.join(cwd, "docs", "b.md")}\n`);
    await write(path.join(cwd, "CLAUDE.local.md"), "Local notes @docs/b.md\n");
    const found = await findInstructions(cwd, home);
    expect(found.pieces.map((piece) => [path.relative(cwd, piece.file), piece.importedBy && path.relative(cwd, piece.importedBy)])).toEqual([
      ["CLAUDE.md", undefined],
      ["docs/a.md", "CLAUDE.md"],
      ["docs/b.md", "docs/a.md"],
      [path.relative(cwd, path.join(home, "mine.md")), "CLAUDE.md"],
      ["CLAUDE.local.md", undefined],
    ]);
    expect(found.warnings).toEqual([`${path.join(cwd, "docs", "a.md")}:1: @../docs/a.md imports a file that is already being read (CLAUDE.md → a.md → a.md); this import is left out.`]);
  });

  it("warns about a missing import and one more than four hops away, and keeps the rest", async () => {
    const cwd = await tempFolder("mem-cwd-");
    await write(path.join(cwd, "MAIA.md"), "x\n\n@missing.md\n@1.md\n");
    for (let hop = 1; hop <= 5; hop += 1) await write(path.join(cwd, `${hop}.md`), `hop ${hop} @${hop + 1}.md\n`);
    const found = await findInstructions(cwd, cwd);
    expect(found.pieces.map((piece) => path.basename(piece.file))).toEqual(["MAIA.md", "1.md", "2.md", "3.md", "4.md"]);
    expect(found.warnings).toEqual([
      `${path.join(cwd, "MAIA.md")}:3: @missing.md is not a file; this import is left out.`,
      `${path.join(cwd, "4.md")}:1: @5.md is more than 4 imports away from the instructions file; it is left out (Claude Code's limit too).`,
    ]);
  });

  it("counts imports toward the cap: the file that crosses it is cut, later ones left out, said", async () => {
    const cwd = await tempFolder("mem-cwd-");
    await write(path.join(cwd, "CLAUDE.md"), "@big.md @after.md\n");
    await write(path.join(cwd, "big.md"), "b".repeat(MAX_INSTRUCTIONS_CHARS));
    await write(path.join(cwd, "after.md"), "never read into the prompt");
    const found = await findInstructions(cwd, cwd);
    expect(found.pieces.map((piece) => path.basename(piece.file))).toEqual(["CLAUDE.md", "big.md"]);
    expect(found.pieces[1]?.text).toContain("[… instructions cut here:");
    expect(found.warnings[0]).toContain("is cut there");
    expect(found.warnings[1]).toBe(`${path.join(cwd, "after.md")} is not read: the instructions already reach the ${MAX_INSTRUCTIONS_CHARS} characters they may have.`);
  });
});
