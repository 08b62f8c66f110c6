import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { setActiveLocale } from "@maia/kernel";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "./load-config.ts";

async function folders(project?: string, user?: string) {
  const home = await mkdtemp(path.join(os.tmpdir(), "maia-config-home-"));
  const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-config-cwd-"));
  for (const [folder, text] of [
    [cwd, project],
    [home, user],
  ] as const) {
    if (text === undefined) continue;
    await mkdir(path.join(folder, ".maia"), { recursive: true });
    await writeFile(path.join(folder, ".maia", "config.json"), text);
  }
  return { home, cwd };
}

afterEach(() => setActiveLocale(undefined));

describe("loadConfig", () => {
  it("takes the project's file over the user's, key by key, and names where each plugin key came from", async () => {
    const { home, cwd } = await folders(JSON.stringify({ model: "project-model", plugins: { mcp: false } }), JSON.stringify({ model: "user-model", plugins: { hub: true, mcp: true } }));
    const config = await loadConfig(cwd, home);
    expect(config.model).toBe("project-model");
    expect(config.plugins).toEqual({ hub: { enabled: true }, mcp: { enabled: false } });
    expect(config.pluginFiles.mcp).toBe(path.join(cwd, ".maia", "config.json"));
    expect(config.pluginFiles.hub).toBe(path.join(home, ".maia", "config.json"));
    expect(config.warnings).toEqual([]);
  });

  it("configures nothing without files, or with empty ones", async () => {
    const none = await folders();
    expect(await loadConfig(none.cwd, none.home)).toEqual({ plugins: {}, pluginFiles: {}, files: {}, warnings: [] });
    const empty = await folders("  \n", "");
    expect(await loadConfig(empty.cwd, empty.home)).toEqual({ plugins: {}, pluginFiles: {}, files: {}, warnings: [] });
  });

  it("ignores a file that is not JSON with a warning naming it, its line and column, and keeps the other layer", async () => {
    setActiveLocale("en");
    const { home, cwd } = await folders('{\n  "model": "x",,\n}', JSON.stringify({ model: "user-model" }));
    const config = await loadConfig(cwd, home);
    expect(config.model).toBe("user-model");
    expect(config.warnings).toEqual([`${path.join(cwd, ".maia", "config.json")}: not valid JSON, line 2, column 16: unexpected character "," — the file is ignored`]);
    setActiveLocale("fr");
    expect((await loadConfig(cwd, home)).warnings[0]).toContain("JSON invalide, ligne 2, colonne 16");
  });

  it("warns about a config.json it cannot read (a folder of that name)", async () => {
    const { home, cwd } = await folders();
    await mkdir(path.join(cwd, ".maia", "config.json"), { recursive: true });
    const config = await loadConfig(cwd, home);
    expect(config.warnings).toHaveLength(1);
    expect(config.warnings[0]).toContain(path.join(cwd, ".maia", "config.json"));
  });
});
