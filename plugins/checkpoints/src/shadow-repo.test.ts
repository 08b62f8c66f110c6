import { execFileSync } from "node:child_process";
import { chmod, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { CheckpointStore } from "./checkpoint-store.ts";

async function folder() {
  const cwd = await tempFolder("maia-cp-snap-");
  const home = await tempFolder("maia-cp-home-");
  await mkdir(path.join(cwd, "src"));
  await writeFile(path.join(cwd, "src", "a.txt"), "a1\n");
  await writeFile(path.join(cwd, "b.txt"), "b1\n");
  return { cwd, home, store: await CheckpointStore.open({ homeDir: home, cwd, env: process.env }) };
}

/** Real git on a loaded machine: each snapshot is a few git processes. */
const SLOW = 120_000;

/** What a snapshot holds, path by path, as git reads it back from the shadow repository. */
function contents(gitDir: string, tree: string): Record<string, string> {
  const run = (...args: string[]) => execFileSync("git", ["--git-dir", gitDir, ...args], { encoding: "utf8" });
  const files = run("ls-tree", "-r", "-z", "--name-only", tree).split("\0").filter(Boolean);
  return Object.fromEntries(files.map((file) => [file, run("cat-file", "blob", `${tree}:${file}`)]));
}

describe("snapshots", () => {
  it("see every change made right after the previous snapshot, in the same second (the stat caches are not trusted blindly)", async () => {
    const { cwd, store } = await folder();
    await store.repo.snapshot("first");
    for (let round = 0; round < 5; round += 1) {
      await writeFile(path.join(cwd, "src", "a.txt"), `a${round}\n`); // same size each round
      await writeFile(path.join(cwd, "src", `new-${round}.txt`), "new\n"); // a new file in a known folder
      if (round > 0) await rm(path.join(cwd, "src", `new-${round - 1}.txt`));
      const tree = await store.repo.snapshot("after");
      const held = contents(store.repo.gitDir, tree);
      expect(held["src/a.txt"]).toBe(`a${round}\n`);
      expect(held[`src/new-${round}.txt`]).toBe("new\n");
      expect(Object.keys(held)).not.toContain(`src/new-${round - 1}.txt`);
    }
  }, SLOW);

  it("of an unchanged folder are the previous snapshot, kept by a ref", async () => {
    const { cwd, store } = await folder();
    const first = await store.repo.snapshot("before");
    expect(await store.repo.snapshot("before")).toBe(first);
    expect(await readFile(path.join(store.repo.gitDir, "refs", "maia", first), "utf8")).toBe(`${first}\n`);
    await writeFile(path.join(cwd, "b.txt"), "b2\n");
    const second = await store.repo.snapshot("after");
    expect(second).not.toBe(first);
    expect(await store.repo.changes(first, second)).toEqual([{ path: "b.txt", status: "M", added: 1, removed: 1 }]);
    const refs = execFileSync("git", ["--git-dir", store.repo.gitDir, "for-each-ref", "--format=%(refname)", "refs/maia/"], { encoding: "utf8" });
    expect(refs.split("\n").filter(Boolean).sort()).toEqual([`refs/maia/${first}`, `refs/maia/${second}`].sort());
  }, SLOW);

  it("at the end of a turn list what changed since the one before it, as diff-tree between the two would", async () => {
    const { cwd, store } = await folder();
    const before = await store.repo.snapshot("before");
    expect(await store.repo.snapshotSince(before, "after")).toEqual({ tree: before, changes: [] });
    await writeFile(path.join(cwd, "src", "a.txt"), "a1\na2\n");
    await rm(path.join(cwd, "b.txt"));
    await writeFile(path.join(cwd, "c.bin"), Buffer.from([0, 1, 2, 0]));
    await chmod(path.join(cwd, "c.bin"), 0o755);
    const after = await store.repo.snapshotSince(before, "after");
    const expected = [
      { path: "b.txt", status: "D", added: 0, removed: 1 },
      { path: "c.bin", status: "A" },
      { path: "src/a.txt", status: "M", added: 1, removed: 0 },
    ];
    expect(after.changes).toEqual(expected);
    expect(await store.repo.changes(before, after.tree)).toEqual(expected);
  }, SLOW);

  it("taken by another MAIA in the same folder are seen, not replaced by the tree this one remembers", async () => {
    const { cwd, home, store } = await folder();
    await store.repo.snapshot("before");
    const other = await CheckpointStore.open({ homeDir: home, cwd, env: process.env });
    await writeFile(path.join(cwd, "c.txt"), "c\n");
    const theirs = await other.repo.snapshot("after");
    expect(await store.repo.snapshot("before")).toBe(theirs);
  }, SLOW);

  it("work in a shadow repository made by an earlier MAIA (index version 2, older configuration)", async () => {
    const { cwd, home, store } = await folder();
    const gitDir = store.repo.gitDir;
    await mkdir(gitDir, { recursive: true });
    const git = (...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8", env: { ...process.env, GIT_DIR: gitDir, GIT_WORK_TREE: cwd, GIT_CONFIG_GLOBAL: "/dev/null" } });
    git("init", "-q");
    git("config", "core.autocrlf", "false");
    git("add", "-A");
    const old = git("write-tree").trim();
    const reopened = await CheckpointStore.open({ homeDir: home, cwd, env: process.env });
    expect(await reopened.repo.snapshot("before")).toBe(old);
    await writeFile(path.join(cwd, "b.txt"), "b2\n");
    expect(contents(gitDir, await reopened.repo.snapshot("after"))["b.txt"]).toBe("b2\n");
    expect(git("config", "index.version").trim()).toBe("4");
  }, SLOW);
});
