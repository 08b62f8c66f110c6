import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import { definitionFolders, readDefinitionFile } from "./definition-folders.ts";

const words = { unreadable: (cause: string) => `unreadable: ${cause}`, tooLarge: (limit: number) => `larger than ${limit}` };

async function root(): Promise<string> {
  return tempFolder("maia-definitions-");
}

describe("definitionFolders", () => {
  it("lists the sub-folders alphabetically, a link to a folder included, hidden folders and loose files left out", async () => {
    const folder = await root();
    for (const name of ["zeta", "Alpha", ".git", "beta"]) await mkdir(path.join(folder, name));
    await writeFile(path.join(folder, "stray.md"), "not a folder");
    await symlink(path.join(folder, "beta"), path.join(folder, "gamma"));
    expect((await definitionFolders(folder)).map((entry) => path.basename(entry))).toEqual(["Alpha", "beta", "gamma", "zeta"]);
  });

  it("has none in a folder that does not exist", async () => {
    expect(await definitionFolders(path.join(await root(), "missing"))).toEqual([]);
  });
});

describe("readDefinitionFile", () => {
  it("reads the first of the names present, and says none when there is none", async () => {
    const folder = await root();
    expect(await readDefinitionFile(folder, ["AGENT.md", "agent.md"], 100, words)).toEqual({ kind: "none" });
    await writeFile(path.join(folder, "agent.md"), "lower");
    expect(await readDefinitionFile(folder, ["AGENT.md", "agent.md"], 100, words)).toEqual({ kind: "text", file: path.join(folder, "agent.md"), text: "lower" });
  });

  it("words a file it cannot use in the caller's words: a folder of that name, a file too large", async () => {
    const folder = await root();
    await mkdir(path.join(folder, "TOOL.json"));
    expect(await readDefinitionFile(folder, ["TOOL.json"], 100, words)).toEqual({
      kind: "unreadable",
      file: path.join(folder, "TOOL.json"),
      message: "unreadable: not a file",
    });
    await writeFile(path.join(folder, "SKILL.md"), "x".repeat(101));
    expect(await readDefinitionFile(folder, ["SKILL.md"], 100, words)).toMatchObject({ kind: "unreadable", message: "larger than 100" });
  });
});
