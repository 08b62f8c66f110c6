import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { readSettingsLayers, settingsFiles, settingValue } from "./settings-files.ts";
import { settingsEnv } from "./settings-env.ts";
import { modelAliasesOf, resolveModelAlias } from "./model-aliases.ts";

async function write(file: string, value: unknown) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, typeof value === "string" ? value : JSON.stringify(value, null, 2));
}

describe("the settings files, MAIA's and Claude Code's", () => {
  it("lists them lowest precedence first, with their format, scope and the anchor of a /path rule", async () => {
    const home = await tempFolder("cc-home-");
    const cwd = await tempFolder("cc-proj-");
    expect(settingsFiles(cwd, home).map((file) => [path.relative(file.format === "claude" && file.scope === "user" ? home : file.scope === "user" ? home : cwd, file.path), file.format, file.scope, file.personal])).toEqual([
      [".claude/settings.json", "claude", "user", true],
      [".maia/settings.json", "maia", "user", true],
      [".claude/settings.json", "claude", "project", false],
      [".claude/settings.local.json", "claude", "local", false],
      [".maia/settings.json", "maia", "project", false],
    ]);
    expect(settingsFiles(cwd, home).map((file) => file.anchor)).toEqual([path.join(home, ".claude"), path.join(home, ".maia"), cwd, cwd, path.join(cwd, ".maia")]);
  });

  it("reads a file once when the launch folder is the home folder (a link to it too)", async () => {
    const home = await tempFolder("cc-home-");
    await mkdir(path.join(home, ".claude"));
    const link = path.join(await tempFolder("cc-link-"), "home");
    await symlink(home, link);
    expect(settingsFiles(link, home).map((file) => file.scope)).toEqual(["user", "user", "local"]);
  });

  it("gives the value of the file of highest precedence, and says what is wrong with a broken file", async () => {
    const home = await tempFolder("cc-home-");
    const cwd = await tempFolder("cc-proj-");
    await write(path.join(home, ".claude", "settings.json"), { permissions: { defaultMode: "plan" }, env: { A: "user", B: "user" } });
    await write(path.join(cwd, ".claude", "settings.json"), { permissions: { defaultMode: "acceptEdits" }, env: { A: "project", NODE_OPTIONS: "--require ./x.js" } });
    await write(path.join(cwd, ".claude", "settings.local.json"), '{ "env": { "B": 1 }\n  "oops": 2 }');
    const layers = await readSettingsLayers(settingsFiles(cwd, home));
    expect(settingValue(layers, ["permissions", "defaultMode"])?.value).toBe("acceptEdits");
    const local = layers.find((layer) => layer.scope === "local");
    expect(local?.problem).toMatch(/settings\.local\.json is not valid JSON \(line 2, column 3/);
    const env = settingsEnv(layers);
    expect(env.env).toEqual({ A: "project", B: "user" });
    expect(env.ignored).toEqual([{ name: "NODE_OPTIONS", file: path.join(cwd, ".claude", "settings.json"), line: 7, reason: "projectLoader" }]);
  });

  it("resolves Claude Code's model aliases through modelAliases, inherit and unknown aliases to the parent", async () => {
    const home = await tempFolder("cc-home-");
    const cwd = await tempFolder("cc-proj-");
    await write(path.join(home, ".maia", "settings.json"), { modelAliases: { sonnet: "litellm:claude-sonnet", opus: 3 } });
    await write(path.join(cwd, ".maia", "settings.json"), { modelAliases: { sonnet: "litellm:local-sonnet" } });
    const table = modelAliasesOf(await readSettingsLayers(settingsFiles(cwd, home)));
    expect(table.aliases).toEqual({ sonnet: "litellm:local-sonnet" });
    expect(table.problems).toEqual([{ file: path.join(home, ".maia", "settings.json"), alias: "opus", line: 4 }]);
    expect(resolveModelAlias("Sonnet", table.aliases)).toEqual({ kind: "model", model: "litellm:local-sonnet", alias: "Sonnet" });
    expect(resolveModelAlias("opus", table.aliases)).toEqual({ kind: "noAlias", alias: "opus" });
    expect(resolveModelAlias("inherit", table.aliases)).toEqual({ kind: "inherit" });
    expect(resolveModelAlias(undefined, table.aliases)).toEqual({ kind: "inherit" });
    expect(resolveModelAlias("gpt-4.1", table.aliases)).toEqual({ kind: "model", model: "gpt-4.1" });
  });
});
