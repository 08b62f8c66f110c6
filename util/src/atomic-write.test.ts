import { existsSync } from "node:fs";
import { readFile, readdir, readlink, stat, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import { createFileExclusive, writeFileAtomic } from "./atomic-write.ts";

async function folder(): Promise<string> {
  return tempFolder("maia-atomic-");
}

describe("writeFileAtomic", () => {
  it("creates parent folders and leaves no temporary file behind", async () => {
    const root = await folder();
    const target = path.join(root, "a", "b", "file.json");
    await writeFileAtomic(target, "{}\n");
    expect(await readFile(target, "utf8")).toBe("{}\n");
    expect(await readdir(path.dirname(target))).toEqual(["file.json"]);
  });

  it("keeps an existing file's permissions and gives a new one the mode asked for", async () => {
    const root = await folder();
    const existing = path.join(root, "script.sh");
    await writeFile(existing, "old", { mode: 0o755 });
    await writeFileAtomic(existing, "new", { mode: 0o600 });
    expect((await stat(existing)).mode & 0o777).toBe(0o755);
    const secret = path.join(root, "secret.json");
    await writeFileAtomic(secret, "{}", { mode: 0o600 });
    expect((await stat(secret)).mode & 0o777).toBe(0o600);
  });

  it("writes through a symbolic link instead of replacing it", async () => {
    const root = await folder();
    const real = path.join(root, "real.txt");
    const link = path.join(root, "link.txt");
    await writeFile(real, "old");
    await symlink(real, link);
    await writeFileAtomic(link, "new");
    expect(await readFile(real, "utf8")).toBe("new");
    expect(await readlink(link)).toBe(real);
  });
});

describe("createFileExclusive", () => {
  it("creates a file only when the name is free, and never touches a taken one", async () => {
    const root = await folder();
    const file = path.join(root, "b.json");
    expect(await createFileExclusive(file, "first")).toBe(true);
    expect(await createFileExclusive(file, "second")).toBe(false);
    expect(await readFile(file, "utf8")).toBe("first");
    expect(await readdir(root)).toEqual(["b.json"]);
  });

  it("lets exactly one of many simultaneous claims of one name win, with its whole content", async () => {
    const root = await folder();
    const file = path.join(root, "c.json");
    const contents = Array.from({ length: 20 }, (_, index) => `writer ${index} `.repeat(10_000));
    const results = await Promise.all(contents.map((content) => createFileExclusive(file, content)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await readFile(file, "utf8")).toBe(contents[results.indexOf(true)]);
    expect(await readdir(root)).toEqual(["c.json"]);
  });

  it("with a guard: abandons when told to, and records a claim in the same step as the file appears", async () => {
    const root = await folder();
    const file = path.join(root, "d.json");
    expect(await createFileExclusive(file, "x", { proceed: () => false, claimed: () => undefined })).toBe("abandoned");
    expect(await readdir(root)).toEqual([]);
    const seen: boolean[] = [];
    expect(await createFileExclusive(file, "y", { proceed: () => true, claimed: () => seen.push(existsSync(file)) })).toBe(true);
    expect(seen).toEqual([true]);
    expect(await createFileExclusive(file, "z", { proceed: () => true, claimed: () => seen.push(false) })).toBe(false);
    expect(seen).toEqual([true]);
    expect(await readFile(file, "utf8")).toBe("y");
  });
});
