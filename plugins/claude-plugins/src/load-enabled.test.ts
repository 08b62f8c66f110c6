import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { maiaStore, setEnabledPlugin, setInstalledPlugin } from "@maia/claude-plugins";
import { setActiveLocale } from "@maia/kernel";
import { tempFolder } from "@maia/testing-maia";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnabledPlugins } from "./load-enabled.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

async function plugin(folder: string, name: string): Promise<string> {
  await mkdir(path.join(folder, ".claude-plugin"), { recursive: true });
  await writeFile(path.join(folder, ".claude-plugin", "plugin.json"), JSON.stringify({ name, version: "1.0.0" }));
  await mkdir(path.join(folder, "commands"), { recursive: true });
  await writeFile(path.join(folder, "commands", "go.md"), "Go.");
  await writeFile(path.join(folder, ".mcp.json"), JSON.stringify({ mcpServers: { "db server": { command: "db" } } }));
  return folder;
}

describe("loadEnabledPlugins", () => {
  it("gives each enabled plugin's parts under its name and variables; a plugin gone, or a second of one name, is a warning and the others load", async () => {
    const home = await tempFolder("maia-home-");
    const cwd = await tempFolder("maia-proj-");
    const store = maiaStore(home);
    const settings = path.join(home, ".maia", "settings.json");
    const install = async (id: string, installPath: string, enabled: boolean) => {
      await setInstalledPlugin(store, id, { installPath, version: "1.0.0" });
      await setEnabledPlugin(settings, id, enabled);
    };
    const good = await plugin(path.join(home, "a"), "fmt");
    await install("fmt@one", good, true);
    await install("fmt@two", await plugin(path.join(home, "b"), "fmt"), true);
    await install("gone@one", path.join(home, "missing"), true);
    await install("off@one", await plugin(path.join(home, "c"), "off"), false);

    const loaded = await loadEnabledPlugins(cwd, home);
    expect(loaded.states.map((state) => [state.id, state.state])).toEqual([
      ["fmt@one", "active"],
      ["fmt@two", "failed"],
      ["gone@one", "failed"],
      ["off@one", "disabled"],
    ]);
    expect(loaded.warnings).toEqual([
      'Claude Code plugin fmt@two is not loaded: another plugin is named "fmt" (fmt@one) and keeps the namespace',
      `Claude Code plugin gone@one is not loaded: ${path.join(home, "missing")} is not a folder`,
    ]);
    expect(loaded.states[3]?.reason).toBe(`turned off in ${settings}`);
    const variables = { CLAUDE_PLUGIN_ROOT: good, CLAUDE_PLUGIN_DATA: path.join(home, ".maia", "plugins", "data", "fmt-one") };
    expect(loaded.folders.commands).toEqual([{ id: "fmt@one", namespace: "fmt", variables, path: path.join(good, "commands"), single: false }]);
    expect(loaded.mcpServers.map((server) => [server.key, server.name, server.id])).toEqual([["plugin_fmt_db_server", "db server", "fmt@one"]]);
  });
});
