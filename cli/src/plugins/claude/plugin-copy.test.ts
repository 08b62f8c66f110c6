import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { MarketplaceEntry } from "@maia/claude-plugins";
import { tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { copyIntoCache, isInside } from "./plugin-copy.ts";

async function source(withManifest: boolean): Promise<string> {
  const folder = await tempFolder("maia-plugin-src-");
  await mkdir(path.join(folder, ".git"), { recursive: true });
  await writeFile(path.join(folder, ".git", "HEAD"), "ref: refs/heads/main\n");
  await mkdir(path.join(folder, "commands"), { recursive: true });
  await writeFile(path.join(folder, "commands", "go.md"), "Go.");
  if (withManifest) {
    await mkdir(path.join(folder, ".claude-plugin"), { recursive: true });
    await writeFile(path.join(folder, ".claude-plugin", "plugin.json"), JSON.stringify({ name: "own", commands: "./commands" }));
  }
  return folder;
}

const entry = (components: Record<string, unknown>): MarketplaceEntry => ({ name: "listed", version: "2.0.0", description: "From the entry", components });

describe("copyIntoCache", () => {
  it("copies without the repository's .git, replaces the same version, removes the others", async () => {
    const parent = path.join(await tempFolder("maia-cache-"), "m", "p");
    const first = await copyIntoCache(await source(true), parent, "1.0.0");
    expect(existsSync(path.join(first, "commands", "go.md"))).toBe(true);
    expect(existsSync(path.join(first, ".git"))).toBe(false);
    await copyIntoCache(await source(true), parent, "1.0.0");
    const second = await copyIntoCache(await source(true), parent, "2.0.0");
    expect(await readdir(parent)).toEqual(["2.0.0"]);
    expect(second).toBe(path.join(parent, "2.0.0"));
  });

  it("a marketplace entry's components join plugin.json where it has none; without plugin.json the entry makes it (strict: false)", async () => {
    const parent = path.join(await tempFolder("maia-cache-"), "m", "p");
    const kept = await copyIntoCache(await source(true), parent, "1.0.0", entry({ commands: "./other", skills: ["./skills"] }));
    expect(JSON.parse(await readFile(path.join(kept, ".claude-plugin", "plugin.json"), "utf8"))).toEqual({ name: "own", commands: "./commands", skills: ["./skills"] });
    const made = await copyIntoCache(await source(false), path.join(parent, "..", "q"), "2.0.0", entry({ agents: "./agents" }));
    expect(JSON.parse(await readFile(path.join(made, ".claude-plugin", "plugin.json"), "utf8"))).toEqual({
      name: "listed",
      version: "2.0.0",
      description: "From the entry",
      agents: "./agents",
    });
  });

  it("isInside: strictly below the folder", () => {
    expect(isInside("/a/b/c", "/a/b")).toBe(true);
    expect(isInside("/a/b", "/a/b")).toBe(false);
    expect(isInside("/a/bc", "/a/b")).toBe(false);
    expect(isInside("/a/b/../c", "/a/b")).toBe(false);
  });
});
