import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import fc from "fast-check";
import picomatch from "picomatch";
import { describe, expect, it } from "vitest";
import { harness, harnessPerTest, tempFolder } from "./testing/harness.ts";

const h = harnessPerTest();

async function tree(root: string, files: string[]): Promise<void> {
  for (const name of files) {
    await mkdir(path.dirname(path.join(root, name)), { recursive: true });
    await writeFile(path.join(root, name), `content of ${name}\n`);
  }
}

describe("Glob", () => {
  it("matches recursively with ** and only in the folder itself without it", async () => {
    await tree(h.cwd, ["a.ts", "b.js", "src/c.ts", "src/deep/d.ts", "src/deep/e.tsx"]);
    expect((await h.run("Glob", { pattern: "**/*.ts" })).text).toBe("a.ts\nsrc/c.ts\nsrc/deep/d.ts");
    expect((await h.run("Glob", { pattern: "*.ts" })).text).toBe("a.ts");
    expect((await h.run("Glob", { pattern: "src/**/*.{ts,tsx}" })).text).toBe("src/c.ts\nsrc/deep/d.ts\nsrc/deep/e.tsx");
    expect((await h.run("Glob", { pattern: "*.ts", path: "src/deep" })).text).toBe("src/deep/d.ts");
  });

  it("returns at most 100 files and says there are more", async () => {
    await tree(h.cwd, Array.from({ length: 130 }, (_, index) => `many/f${String(index).padStart(3, "0")}.txt`));
    const { text } = await h.run("Glob", { pattern: "many/*.txt" });
    const [list, note] = text.split("\n\n");
    expect(list?.split("\n")).toHaveLength(100);
    expect(list?.split("\n")[99]).toBe("many/f099.txt");
    expect(note).toBe("[Only the first 100 files are shown: narrow the pattern or the path to see the others.]");
  });

  it("skips .git, node_modules and .gitignored files, unless the pattern names node_modules", async () => {
    await tree(h.cwd, ["keep.js", ".git/hooks/x.js", "node_modules/pkg/index.js", "dist/out.js", "logs/a.log", "src/gen/skip.js", "src/gen/keep.js"]);
    await writeFile(path.join(h.cwd, ".gitignore"), "dist/\n*.log\n");
    await writeFile(path.join(h.cwd, "src/.gitignore"), "gen/*\n!gen/keep.js\n");
    expect((await h.run("Glob", { pattern: "**/*.js" })).text).toBe("keep.js\nsrc/gen/keep.js");
    expect((await h.run("Glob", { pattern: "node_modules/**/*.js" })).text).toBe("node_modules/pkg/index.js");
    expect((await h.run("Glob", { pattern: "**/*.log" })).text).toContain("No files match");
  });

  it("searches a folder named explicitly even when .gitignore excludes it", async () => {
    await tree(h.cwd, ["dist/out.js"]);
    await writeFile(path.join(h.cwd, ".gitignore"), "dist/\n");
    expect((await h.run("Glob", { pattern: "*.js", path: "dist" })).text).toBe("dist/out.js");
  });

  it("includes dot files and follows links to files, not to folders", async () => {
    await tree(h.cwd, [".github/workflows/ci.yml", "real/r.yml"]);
    await symlink(path.join(h.cwd, "real/r.yml"), path.join(h.cwd, "link.yml"));
    await symlink(path.join(h.cwd, "real"), path.join(h.cwd, "loop"));
    expect((await h.run("Glob", { pattern: "**/*.yml" })).text).toBe("link.yml\n.github/workflows/ci.yml\nreal/r.yml");
  });

  it("gives absolute paths outside the launch folder, and a literal path when it exists", async () => {
    const other = await tempFolder();
    await tree(other, ["x/y.md"]);
    expect((await h.run("Glob", { pattern: `${other}/**/*.md` })).text).toBe(path.join(other, "x/y.md"));
    expect((await h.run("Glob", { pattern: "x/y.md", path: other })).text).toBe(path.join(other, "x/y.md"));
  });

  it("explains a missing search folder and a pattern that matches nothing", async () => {
    const missing = await h.run("Glob", { pattern: "*.ts", path: "nowhere" });
    expect(missing).toEqual({ text: 'Path not found: nowhere. Parameters received: pattern="*.ts", path="nowhere".', isError: true });
    await tree(h.cwd, ["src/a.ts"]);
    expect((await h.run("Glob", { pattern: "*.ts" })).text).toBe(
      "No files match *.ts in the launch folder. A pattern without / only matches in that folder itself; to search sub-folders too, use **/*.ts.",
    );
  });

  it("stops when the turn is interrupted", async () => {
    await tree(h.cwd, ["a.ts"]);
    const controller = new AbortController();
    controller.abort();
    await expect(h.run("Glob", { pattern: "**/*" }, { signal: controller.signal })).rejects.toMatchObject({ name: "AbortError" });
  });

  it("finds what a plain filter over every file finds (walk pruning and depth limits lose nothing)", async () => {
    const names = fc.constantFrom("a", "b", "c.ts", "d.js", "e.ts");
    const paths = fc.uniqueArray(fc.array(names, { minLength: 1, maxLength: 4 }).map((parts) => parts.join("/")), { maxLength: 12 });
    const patterns = fc.constantFrom("*.ts", "**/*.ts", "a/*.ts", "a/**/*.js", "*/c.ts", "*/*/*.ts", "b/**", "{a,b}/*.js", "**/a/*.ts");
    await fc.assert(
      fc.asyncProperty(paths, patterns, async (files, pattern) => {
        const root = await tempFolder();
        // Keep only paths where no file is also used as a folder.
        const usable = files.filter((file) => !files.some((other) => other !== file && other.startsWith(`${file}/`)));
        await tree(root, usable);
        const local = await harness({ cwd: root });
        const { text } = await local.run("Glob", { pattern });
        const found = text.startsWith("No files match") ? [] : text.split("\n");
        const isMatch = picomatch(pattern, { dot: true });
        expect([...found].sort()).toEqual(usable.filter((file) => isMatch(file)).sort());
      }),
      { numRuns: 40 },
    );
  });
});
