import path from "node:path";
import { describe, expect, it } from "vitest";
import { installedPlugins } from "./installed-plugins.ts";
import { maiaStore, readInstalledPlugins, setInstalledPlugin } from "./stores.ts";
import { files, scratch } from "./testing/files.ts";

describe("installed plugins", () => {
  it("MAIA's record wins over Claude Code's; Claude Code's version 1 and 2 files are read; each is on only by enabledPlugins", async () => {
    const home = await scratch("home");
    const cwd = await scratch("project");
    const claude = path.join(home, ".claude", "plugins");
    await files(home, {
      ".claude/plugins/installed_plugins.json": {
        version: 2,
        plugins: {
          "shared@m": [{ scope: "user", installPath: path.join(claude, "cache", "m", "shared", "1.0.0"), version: "1.0.0" }],
          "theirs@m": [
            { scope: "project", projectPath: "/elsewhere", installPath: path.join(claude, "cache", "m", "theirs", "0.1.0") },
            { scope: "project", projectPath: cwd, installPath: path.join(claude, "cache", "m", "theirs", "0.2.0") },
          ],
          "relative@m": [{ installPath: "../../somewhere" }],
        },
      },
      ".claude/settings.json": { enabledPlugins: { "shared@m": true, "theirs@m": true } },
    });
    await setInstalledPlugin(maiaStore(home), "shared@m", { installPath: path.join(home, ".maia", "plugins", "cache", "m", "shared", "2.0.0"), version: "2.0.0" });
    const view = await installedPlugins(cwd, home);
    expect(view.plugins.map((plugin) => [plugin.record.id, plugin.record.store, plugin.record.version, plugin.enabled])).toEqual([
      ["shared@m", "maia", "2.0.0", true],
      ["theirs@m", "claude", undefined, true],
    ]);
    expect(view.plugins[1]?.record.installPath).toBe(path.join(claude, "cache", "m", "theirs", "0.2.0"));

    const version1 = await files(await scratch("v1"), { ".maia/plugins/installed_plugins.json": { version: 1, plugins: { "old@m": { version: "0.9.0", installPath: "/opt/old" } } } });
    expect((await readInstalledPlugins(maiaStore(version1))).items.map((record) => [record.id, record.installPath])).toEqual([["old@m", "/opt/old"]]);
  });

  it("an id enabled but installed nowhere is a warning that says how to install it", async () => {
    const home = await files(await scratch("home"), {
      ".maia/plugins/known_marketplaces.json": { known: { source: { source: "directory", path: "/srv/known" }, installLocation: "/srv/known" } },
      ".maia/settings.json": { enabledPlugins: { "a@known": true, "b@declared": true, "c@nowhere": true, "d@nowhere": false } },
    });
    const cwd = await files(await scratch("project"), { ".claude/settings.json": { extraKnownMarketplaces: { declared: { source: { source: "git", url: "https://git.example.com/p.git" } } } } });
    const settings = path.join(home, ".maia", "settings.json");
    expect((await installedPlugins(cwd, home)).warnings).toEqual([
      `a@known is enabled in ${settings} but not installed: install it with \`maia plugins add a@known\``,
      `b@declared is enabled in ${settings} but not installed: add its marketplace with \`maia plugins marketplace add https://git.example.com/p.git\` (declared in ${path.join(cwd, ".claude", "settings.json")}), then \`maia plugins add b@declared\``,
      `c@nowhere is enabled in ${settings} but not installed: add the marketplace "nowhere" with \`maia plugins marketplace add <folder | git URL | owner/repo>\`, then \`maia plugins add c@nowhere\``,
    ]);
  });
});
