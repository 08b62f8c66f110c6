import { mkdtemp, readFile, readdir, readlink, stat, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { writeFileAtomic } from "./atomic-write.ts";

async function folder(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), "maia-atomic-"));
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
