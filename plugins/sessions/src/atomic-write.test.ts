import { mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createFileExclusive, writeFileAtomic } from "./atomic-write.ts";

async function folder() {
  return mkdtemp(join(tmpdir(), "maia-atomic-"));
}

describe("atomic writes", () => {
  it("replaces a file's content and leaves no temporary file behind", async () => {
    const dir = await folder();
    const file = join(dir, "a.json");
    await writeFile(file, "old");
    await writeFileAtomic(file, "new");
    expect(await readFile(file, "utf8")).toBe("new");
    expect(await readdir(dir)).toEqual(["a.json"]);
  });

  it("creates a file only when the name is free, and never touches a taken one", async () => {
    const dir = await folder();
    const file = join(dir, "b.json");
    expect(await createFileExclusive(file, "first")).toBe(true);
    expect(await createFileExclusive(file, "second")).toBe(false);
    expect(await readFile(file, "utf8")).toBe("first");
    expect(await readdir(dir)).toEqual(["b.json"]);
  });

  it("lets exactly one of many simultaneous claims of one name win, with its whole content", async () => {
    const dir = await folder();
    const file = join(dir, "c.json");
    const contents = Array.from({ length: 20 }, (_, index) => `writer ${index} `.repeat(10_000));
    const results = await Promise.all(contents.map((content) => createFileExclusive(file, content)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await readFile(file, "utf8")).toBe(contents[results.indexOf(true)]);
    expect(await readdir(dir)).toEqual(["c.json"]);
  });
});
