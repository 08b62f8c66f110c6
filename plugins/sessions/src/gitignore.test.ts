import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import { ensureGitignored, ensureGitignoredSync } from "./gitignore.ts";

async function repo() {
  const root = await tempFolder("maia-git-");
  await mkdir(join(root, ".git"));
  return root;
}

describe("ensureGitignored", () => {
  for (const [label, ensure] of [
    ["async", ensureGitignored],
    ["sync", async (cwd: string) => ensureGitignoredSync(cwd)],
  ] as const) {
    it(`(${label}) ignores .maia/ through .maia/.gitignore and leaves the repository's .gitignore alone`, async () => {
      const root = await repo();
      await writeFile(join(root, ".gitignore"), "node_modules\ndist");
      expect(await ensure(root)).toBe(join(root, ".maia", ".gitignore"));
      expect(await readFile(join(root, ".maia", ".gitignore"), "utf8")).toBe("*\n");
      expect(await readFile(join(root, ".gitignore"), "utf8")).toBe("node_modules\ndist");
      expect(await ensure(root)).toBeUndefined();
    });

    it(`(${label}) writes nothing in a folder that is not a git repository`, async () => {
      const folder = await tempFolder("maia-nogit-");
      expect(await ensure(folder)).toBeUndefined();
      expect(existsSync(join(folder, ".gitignore"))).toBe(false);
      expect(existsSync(join(folder, ".maia"))).toBe(false);
    });

    it(`(${label}) never replaces a .maia/.gitignore the user wrote`, async () => {
      const root = await repo();
      await mkdir(join(root, ".maia"));
      await writeFile(join(root, ".maia", ".gitignore"), ".sessions/\n");
      expect(await ensure(root)).toBeUndefined();
      expect(await readFile(join(root, ".maia", ".gitignore"), "utf8")).toBe(".sessions/\n");
    });

    it(`(${label}) works in a subfolder of a repository, in that folder's .maia/`, async () => {
      const root = await repo();
      const sub = join(root, "packages", "app");
      await mkdir(sub, { recursive: true });
      expect(await ensure(sub)).toBe(join(sub, ".maia", ".gitignore"));
      expect(existsSync(join(root, ".gitignore"))).toBe(false);
    });
  }
});
