import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { maiaStore, setEnabledPlugin, setInstalledPlugin } from "@maia/claude-plugins";
import { setActiveLocale } from "@maia/kernel";
import { tempFolder } from "@maia/testing-maia";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claudePluginsDoctor } from "./doctor-report.ts";
import { loadEnabledPlugins } from "./load-enabled.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

async function put(file: string, text: string): Promise<string> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

describe("what maia doctor says of Claude Code plugins", () => {
  it("names each plugin (on and where, off and why), each enabledPlugins entry (overridden, installed nowhere), the marketplaces declared, the store", async () => {
    const home = await tempFolder("maia-home-");
    const cwd = await tempFolder("maia-proj-");
    const store = maiaStore(home);
    const fmt = path.join(home, "fmt");
    const manifest = await put(path.join(fmt, ".claude-plugin", "plugin.json"), `${JSON.stringify({ name: "fmt", version: "1.0.0", outputStyles: "./styles" }, null, 2)}\n`);
    await put(path.join(fmt, "commands", "go.md"), "Go.");
    const off = path.join(home, "off");
    await put(path.join(off, ".claude-plugin", "plugin.json"), JSON.stringify({ name: "off" }));
    await setInstalledPlugin(store, "fmt@one", { installPath: fmt, version: "1.0.0" });
    await setInstalledPlugin(store, "off@one", { installPath: off, version: "2.0.0" });
    const claudeSettings = await put(
      path.join(home, ".claude", "settings.json"),
      `${JSON.stringify({ enabledPlugins: { "fmt@one": false, "ghost@one": true }, extraKnownMarketplaces: { acme: { source: { source: "github", repo: "acme/plugins" } }, odd: { source: 3 } } }, null, 2)}\n`,
    );
    const maiaSettings = path.join(home, ".maia", "settings.json");
    await setEnabledPlugin(maiaSettings, "fmt@one", true);
    await setEnabledPlugin(maiaSettings, "off@one", false);

    const entries = claudePluginsDoctor(await loadEnabledPlugins(cwd, home, { createDataFolders: false }), home);
    const of = (file: string) => entries.find((entry) => entry.path === file);

    expect(of(manifest)).toEqual({
      path: manifest,
      format: "claude-plugin",
      kind: "plugin",
      became: ["plugin fmt@one 1.0.0 (marketplace one)", `enabled in ${maiaSettings}`],
      ignored: [{ item: "left out", reason: "MAIA has nothing for outputStyles: the plugin works without them" }],
    });
    expect(of(path.join(off, ".claude-plugin", "plugin.json"))?.ignored).toEqual([{ item: "plugin off@one 2.0.0 (marketplace one)", reason: `turned off in ${maiaSettings}` }]);
    expect(of(claudeSettings)).toMatchObject({ format: "claude", kind: "plugins", keys: ["enabledPlugins", "extraKnownMarketplaces"] });
    expect(of(claudeSettings)?.became).toEqual(["extraKnownMarketplaces acme (acme/plugins): named when a plugin of it is not installed, never fetched"]);
    expect(of(claudeSettings)?.ignored).toEqual([
      { item: "enabledPlugins fmt@one", reason: `${maiaSettings} decides it (a later settings file wins)`, line: 3 },
      { item: "enabledPlugins ghost@one", reason: "installed nowhere: maia plugins add ghost@one (nothing is fetched while MAIA starts)", line: 4 },
      { item: "extraKnownMarketplaces odd", reason: "no source MAIA can read (github, git, url, a folder)", line: 13 },
    ]);
    expect(of(maiaSettings)?.became).toEqual(["enabledPlugins fmt@one: on", "enabledPlugins off@one: off"]);
    expect(of(path.join(store.folder, "installed_plugins.json"))?.became).toEqual(["installed fmt@one 1.0.0", "installed off@one 2.0.0"]);
    // Read for the doctor only: no data folder made.
    expect(entries.some((entry) => entry.path.includes(path.join("plugins", "data")))).toBe(false);
  });
});
