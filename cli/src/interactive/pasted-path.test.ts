import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import fc from "fast-check";
import { tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { pastedImagePath, pathOf } from "./pasted-path.ts";

describe("pastedImagePath (issue 38)", () => {
  it("reads a path the ways terminals paste one: plain, quoted, escaped, file://, ~/, relative", async () => {
    const cwd = await tempFolder("maia-paste-");
    const home = await tempFolder("maia-paste-home-");
    await mkdir(path.join(cwd, "shots"));
    await writeFile(path.join(cwd, "shots", "My Shot.png"), "x");
    await writeFile(path.join(home, "pic.JPG"), "x");
    const inside = { absolute: path.join(cwd, "shots", "My Shot.png"), shown: "shots/My Shot.png" };
    expect(pastedImagePath(path.join(cwd, "shots", "My Shot.png"), cwd, home)).toEqual(inside);
    expect(pastedImagePath(`  '${path.join(cwd, "shots", "My Shot.png")}'\n`, cwd, home)).toEqual(inside);
    expect(pastedImagePath(path.join(cwd, "shots", "My\\ Shot.png"), cwd, home)).toEqual(inside);
    expect(pastedImagePath(pathToFileURL(path.join(cwd, "shots", "My Shot.png")).href, cwd, home)).toEqual(inside);
    expect(pastedImagePath('"shots/My Shot.png"', cwd, home)).toEqual(inside);
    expect(pastedImagePath("~/pic.JPG", cwd, home)).toEqual({ absolute: path.join(home, "pic.JPG"), shown: path.join(home, "pic.JPG") });
  });

  it("takes only an image file that exists", async () => {
    const cwd = await tempFolder("maia-paste-");
    await writeFile(path.join(cwd, "notes.txt"), "x");
    await mkdir(path.join(cwd, "folder.png"));
    expect(pastedImagePath("notes.txt", cwd, cwd)).toBeUndefined();
    expect(pastedImagePath("missing.png", cwd, cwd)).toBeUndefined();
    expect(pastedImagePath("folder.png", cwd, cwd)).toBeUndefined();
    expect(pastedImagePath("a.png\nb.png", cwd, cwd)).toBeUndefined();
  });

  it("never throws, and never reads a multi-line paste as a path (property)", async () => {
    const cwd = await tempFolder("maia-paste-");
    fc.assert(
      fc.property(fc.string(), (text) => {
        const found = pastedImagePath(text, cwd, cwd);
        if (/[\r\n]/.test(text.trim())) expect(found).toBeUndefined();
        expect(() => pathOf(text)).not.toThrow();
      }),
    );
  });
});
