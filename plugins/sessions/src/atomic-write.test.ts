import { readdir, readFile, readlink, stat, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import { createFileExclusive, createFileExclusiveSync, writeFileAtomicSync } from "./atomic-write.ts";

async function folder() {
  return tempFolder("maia-atomic-sync-");
}

describe("the synchronous writers of a save on exit", () => {
  it("writeFileAtomicSync replaces a file's content, keeps its mode and leaves no temporary file behind", async () => {
    const dir = await folder();
    const file = join(dir, "a.json");
    await writeFile(file, "old", { mode: 0o640 });
    writeFileAtomicSync(file, "new");
    expect(await readFile(file, "utf8")).toBe("new");
    expect((await stat(file)).mode & 0o777).toBe(0o640);
    expect(await readdir(dir)).toEqual(["a.json"]);
  });

  it("writeFileAtomicSync writes through a symbolic link and creates missing folders", async () => {
    const dir = await folder();
    await writeFile(join(dir, "real.json"), "old");
    await symlink(join(dir, "real.json"), join(dir, "link.json"));
    writeFileAtomicSync(join(dir, "link.json"), "new");
    expect(await readFile(join(dir, "real.json"), "utf8")).toBe("new");
    expect(await readlink(join(dir, "link.json"))).toBe(join(dir, "real.json"));
    writeFileAtomicSync(join(dir, "a", "b", "c.json"), "deep");
    expect(await readFile(join(dir, "a", "b", "c.json"), "utf8")).toBe("deep");
  });

  it("createFileExclusiveSync claims a free name only, even one just taken by the asynchronous claim", async () => {
    const dir = await folder();
    const file = join(dir, "b.json");
    expect(createFileExclusiveSync(file, "first")).toBe(true);
    expect(createFileExclusiveSync(file, "second")).toBe(false);
    expect(await createFileExclusive(file, "third")).toBe(false);
    const other = join(dir, "c.json");
    expect(await createFileExclusive(other, "async")).toBe(true);
    expect(createFileExclusiveSync(other, "sync")).toBe(false);
    expect([await readFile(file, "utf8"), await readFile(other, "utf8")]).toEqual(["first", "async"]);
    expect((await readdir(dir)).sort()).toEqual(["b.json", "c.json"]);
  });
});
