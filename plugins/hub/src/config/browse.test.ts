import { setActiveLocale } from "@maia/kernel";
import { tempFolder } from "@maia/testing-maia";
import { chmod, mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { browseFolder } from "./browse.ts";
import { ConfigError } from "./config-error.ts";

let root: string;

beforeEach(async () => {
  setActiveLocale("en");
  root = await tempFolder("maia-hub-browse-");
});
afterEach(() => setActiveLocale(undefined));

describe("browseFolder", () => {
  it("lists folders, then .json and .jsonc files, by name, without hidden entries", async () => {
    for (const folder of ["zeta", "alpha", "folder10", "folder9", ".git"]) await mkdir(path.join(root, folder));
    for (const file of ["b.json", "a.JSONC", "notes.txt", ".hidden.json", "hub.json.tmp-1-ab", "c.jsonc"]) await writeFile(path.join(root, file), "{}");
    await symlink(path.join(root, "alpha"), path.join(root, "link-to-folder"));
    await symlink(path.join(root, "b.json"), path.join(root, "link.json"));
    await symlink(path.join(root, "nowhere"), path.join(root, "broken.json"));
    const result = browseFolder(root);
    expect(result.folder).toBe(root);
    expect(result.parent).toBe(path.dirname(root));
    expect(result.entries.map(({ name, kind }) => `${kind}:${name}`)).toEqual([
      "folder:alpha",
      "folder:folder9",
      "folder:folder10",
      "folder:link-to-folder",
      "folder:zeta",
      "file:a.JSONC",
      "file:b.json",
      "file:c.jsonc",
      "file:link.json",
    ]);
    expect(result.entries[0]?.path).toBe(path.join(root, "alpha"));
  });

  it("gives no parent at the root", () => {
    expect(browseFolder("/").parent).toBe("");
    expect(browseFolder(`${root}/alpha/..`).folder).toBe(root);
  });

  it("says clearly why a folder cannot be listed", async () => {
    await writeFile(path.join(root, "file.json"), "{}");
    expect(() => browseFolder(path.join(root, "missing"))).toThrow(new ConfigError(`cannot list ${path.join(root, "missing")}: no such folder`));
    expect(() => browseFolder(path.join(root, "file.json"))).toThrow(`cannot list ${path.join(root, "file.json")}: it is not a folder`);
    if (process.getuid?.() !== 0) {
      await mkdir(path.join(root, "locked"));
      await chmod(path.join(root, "locked"), 0o000);
      expect(() => browseFolder(path.join(root, "locked"))).toThrow("permission denied");
      await chmod(path.join(root, "locked"), 0o755);
    }
  });
});
