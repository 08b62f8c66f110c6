import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readEnabledPlugins, setEnabledPlugin } from "./enabled-plugins.ts";
import { files, scratch } from "./testing/files.ts";

describe("enabledPlugins", () => {
  it("merges the five settings files key by key: project over user, MAIA's file over Claude Code's at each level", async () => {
    const home = await files(await scratch("home"), {
      ".claude/settings.json": { enabledPlugins: { "a@m": true, "b@m": true, "c@m": true, "d@m": true } },
      ".maia/settings.json": { enabledPlugins: { "b@m": false } },
    });
    const cwd = await files(await scratch("project"), {
      ".claude/settings.json": { enabledPlugins: { "c@m": false }, extraKnownMarketplaces: { m: { source: { source: "github", repo: "acme/m" } } } },
      ".claude/settings.local.json": { enabledPlugins: { "c@m": true, "d@m": false } },
      ".maia/settings.json": '{\n  "enabledPlugins": {\n    "d@m": true,\n    "bad id": true,\n    "e@m": "yes"\n  }\n}\n',
    });
    const read = await readEnabledPlugins(cwd, home);
    const decided = Object.fromEntries([...read.plugins].map(([id, setting]) => [id, [setting.enabled, setting.scope]]));
    expect(decided).toEqual({ "a@m": [true, "claude-user"], "b@m": [false, "user"], "c@m": [true, "claude-local"], "d@m": [true, "project"] });
    const maia = path.join(cwd, ".maia", "settings.json");
    expect(read.warnings).toEqual([
      `${maia}:4: "bad id" is not a plugin id: enabledPlugins keys are name@marketplace`,
      `${maia}:5: enabledPlugins "e@m" must be true or false`,
    ]);
    expect(read.marketplaces.get("m")).toEqual({ source: { source: "github", repo: "acme/m" }, file: path.join(cwd, ".claude", "settings.json") });
  });

  it("setEnabledPlugin keeps the file's other keys and indentation, takes a key out, and never overwrites a broken file", async () => {
    const root = await files(await scratch("edit"), { "settings.json": '{\n    "LiteLLM_URL": "http://x",\n    "enabledPlugins": { "old@m": true }\n}\n', "broken.json": "{ nope" });
    const file = path.join(root, "settings.json");
    expect(await setEnabledPlugin(file, "new@m", true)).toBe(true);
    expect(await setEnabledPlugin(file, "new@m", true)).toBe(false);
    expect(await setEnabledPlugin(file, "old@m", undefined)).toBe(true);
    expect(await readFile(file, "utf8")).toBe('{\n    "LiteLLM_URL": "http://x",\n    "enabledPlugins": {\n        "new@m": true\n    }\n}\n');
    await expect(setEnabledPlugin(path.join(root, "broken.json"), "x@m", true)).rejects.toThrow(`${path.join(root, "broken.json")}:1: the file is not valid JSON`);
    expect(await readFile(path.join(root, "broken.json"), "utf8")).toBe("{ nope");
    const fresh = path.join(root, "sub", "settings.json");
    await setEnabledPlugin(fresh, "x@m", false);
    expect(JSON.parse(await readFile(fresh, "utf8"))).toEqual({ enabledPlugins: { "x@m": false } });
  });
});
