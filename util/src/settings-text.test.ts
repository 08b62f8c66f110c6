import { mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The real file system, with `open` counted: what reaches the disk is what the test asserts.
const opened = vi.hoisted(() => ({ paths: [] as string[] }));
vi.mock("node:fs/promises", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs/promises")>();
  return {
    ...real,
    open: (file: string, ...rest: Parameters<typeof real.open> extends [unknown, ...infer R] ? R : never) => {
      opened.paths.push(file);
      return real.open(file, ...rest);
    },
  };
});

const { readSettingsText } = await import("./settings-text.ts");

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), "maia-settings-text-"));
  opened.paths.length = 0;
});
afterEach(() => rm(folder, { recursive: true, force: true }));

describe("readSettingsText", () => {
  it("reads an unchanged file from disk once, however often it is asked for", async () => {
    const file = path.join(folder, "settings.json");
    await writeFile(file, '{"a":1}');
    expect(await readSettingsText(file)).toBe('{"a":1}');
    expect(await readSettingsText(file)).toBe('{"a":1}');
    expect(await readSettingsText(path.join(folder, ".", "settings.json"))).toBe('{"a":1}');
    expect(opened.paths).toHaveLength(1);
  });

  it("reads the file again once it was edited in place or replaced by a rename", async () => {
    const file = path.join(folder, "settings.json");
    await writeFile(file, '{"a":1}');
    await readSettingsText(file);
    await writeFile(file, '{"a":22}');
    expect(await readSettingsText(file)).toBe('{"a":22}');
    const next = path.join(folder, "next.json");
    await writeFile(next, '{"a":33}');
    await rename(next, file);
    expect(await readSettingsText(file)).toBe('{"a":33}');
  });

  it("gives undefined for a missing file, also after it was read once", async () => {
    const file = path.join(folder, "settings.json");
    expect(await readSettingsText(file)).toBeUndefined();
    await writeFile(file, "{}");
    expect(await readSettingsText(file)).toBe("{}");
    await rm(file);
    expect(await readSettingsText(file)).toBeUndefined();
  });

  it("fails with EISDIR for a folder", async () => {
    await expect(readSettingsText(folder)).rejects.toMatchObject({ code: "EISDIR" });
  });
});
