import { mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ensureGitignored } from "./gitignore.ts";

async function repo() {
  const root = await mkdtemp(join(tmpdir(), "maia-git-"));
  await mkdir(join(root, ".git"));
  return root;
}

describe("ensureGitignored", () => {
  it("creates the repository's .gitignore when absent", async () => {
    const root = await repo();
    await ensureGitignored(root);
    expect(await readFile(join(root, ".gitignore"), "utf8")).toBe(".maia/\n");
  });

  it("appends to an existing file without a final newline, and never twice", async () => {
    const root = await repo();
    await writeFile(join(root, ".gitignore"), "node_modules\ndist");
    expect(await ensureGitignored(root)).toBe(join(root, ".gitignore"));
    expect(await ensureGitignored(root)).toBeUndefined();
    expect(await readFile(join(root, ".gitignore"), "utf8")).toBe("node_modules\ndist\n.maia/\n");
  });

  it("recognises the usual spellings already there", async () => {
    for (const line of [".maia", "/.maia/", ".maia/*", "**/.maia"]) {
      const root = await repo();
      await writeFile(join(root, ".gitignore"), `# local\n${line}\n`);
      expect(await ensureGitignored(root)).toBeUndefined();
    }
  });

  it("anchors the launch folder's .maia/ in the root .gitignore when MAIA starts in a subfolder", async () => {
    const root = await repo();
    const sub = join(root, "packages", "app");
    await mkdir(sub, { recursive: true });
    await ensureGitignored(sub);
    expect(await readFile(join(root, ".gitignore"), "utf8")).toBe("/packages/app/.maia/\n");
    expect(await ensureGitignored(sub)).toBeUndefined();
  });
});
