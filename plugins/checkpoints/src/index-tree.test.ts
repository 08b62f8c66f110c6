import { execFileSync } from "node:child_process";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { tempFolder } from "@maia/testing-maia";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CheckpointStore } from "./checkpoint-store.ts";
import { rootTree, treeOfIndex } from "./index-tree.ts";

function treeExtension(path: string, entries: number, id: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(`${path}\0${entries} 0\n`, "latin1"), entries >= 0 ? id : Buffer.alloc(0)]);
  const header = Buffer.alloc(8);
  header.write("TREE", 0, "latin1");
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

describe("the tree of the shadow index", () => {
  it("is what git write-tree prints, and unknown once git add has invalidated it", async () => {
    const cwd = await tempFolder("maia-cp-tree-");
    const store = await CheckpointStore.open({ homeDir: await tempFolder("maia-cp-home-"), cwd, env: process.env });
    await writeFile(path.join(cwd, "a.txt"), "a\n");
    const tree = await store.repo.snapshot("first");
    const index = path.join(store.repo.gitDir, "index");
    expect(await treeOfIndex(index)).toBe(tree);
    expect((await store.repo.git(["write-tree"])).stdout.trim()).toBe(tree);
    await writeFile(path.join(cwd, "b.txt"), "b\n");
    await store.repo.git(["add", "b.txt"]);
    expect(await treeOfIndex(index)).toBeUndefined();
    expect(execFileSync("git", ["--git-dir", store.repo.gitDir, "cat-file", "-t", tree], { encoding: "utf8" }).trim()).toBe("tree");
  }, 120_000);

  it("is read from a TREE extension among others, and never guessed from bytes that are not one", () => {
    const id = Buffer.alloc(20, 0xab);
    const other = Buffer.concat([Buffer.from("UNTR\0\0\0\x03", "latin1"), Buffer.from("xyz")]);
    expect(rootTree(Buffer.concat([other, treeExtension("", 3, id)]))).toBe("ab".repeat(20));
    expect(rootTree(treeExtension("", -1, id))).toBeUndefined();
    expect(rootTree(treeExtension("sub", 3, id))).toBeUndefined();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const found = rootTree(Buffer.from(bytes));
        if (found !== undefined) expect(found).toMatch(/^[0-9a-f]{40}$/);
      }),
    );
  });

  it("is not taken from a file that is not an index", async () => {
    const folder = await tempFolder("maia-cp-tree-");
    await writeFile(path.join(folder, "index"), "not an index at all, but long enough to have a tail to read\n".repeat(4));
    expect(await treeOfIndex(path.join(folder, "index"))).toBeUndefined();
    expect(await treeOfIndex(path.join(folder, "missing"))).toBeUndefined();
  });
});
