import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { setActiveLocale } from "@maia/kernel";
import { tempFolder } from "@maia/testing-maia";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILTIN_PLUGINS } from "./builtin-plugins.ts";
import { unknownPluginKeyWarnings } from "./unknown-plugin-keys.ts";

const BUILTINS = BUILTIN_PLUGINS.map((builtin) => builtin.name);
const FILE = "/p/.maia/config.json";
beforeEach(() => setActiveLocale("en"));
afterEach(() => setActiveLocale(undefined));

async function installed(root: string, name: string): Promise<void> {
  const folder = path.join(root, "node_modules", ...name.split("/"));
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, "package.json"), JSON.stringify({ name, main: "index.js" }));
}

describe("plugins keys that name nothing", () => {
  it("names the file, the key and the first-party plugin meant, for a disabled or an enabled typo", async () => {
    const cwd = await tempFolder();
    const home = await tempFolder();
    const warnings = await unknownPluginKeyWarnings(
      [
        { name: "sesions", enabled: false, file: FILE },
        { name: "Compactoin", enabled: true, file: FILE },
      ],
      BUILTINS,
      cwd,
      home,
    );
    expect(warnings).toEqual([
      `${FILE}: "plugins.sesions" is neither a first-party plugin nor an installed package — did you mean "sessions"? This setting has no effect; nothing was installed.`,
      `${FILE}: "plugins.Compactoin" is neither a first-party plugin nor an installed package — did you mean "compaction"? This setting has no effect; nothing was installed.`,
    ]);
  });

  it("is silent for first-party names, paths, installed packages (either root) and enabled packages the loader reports", async () => {
    const cwd = await tempFolder();
    const home = await tempFolder();
    await installed(cwd, "sessionz");
    await installed(path.join(home, ".maia", "plugins"), "@acme/memoryx");
    const keys = [
      { name: "sessions", enabled: false, file: FILE },
      { name: "./local-plugin", enabled: false, file: FILE },
      { name: "sessionz", enabled: false, file: FILE },
      { name: "@acme/memoryx", enabled: false, file: FILE },
      { name: "maia-plugin-jira", enabled: true, file: FILE },
    ];
    expect(await unknownPluginKeyWarnings(keys, BUILTINS, cwd, home)).toEqual([]);
  });

  it("says a disabled key that is no plugin at all has no effect, without a guess", async () => {
    const cwd = await tempFolder();
    const warnings = await unknownPluginKeyWarnings([{ name: "maia-plugin-jira", enabled: false, file: FILE }], BUILTINS, cwd, cwd);
    expect(warnings).toEqual([
      `${FILE}: "plugins.maia-plugin-jira" is neither a first-party plugin nor an installed package — this setting has no effect; nothing was installed (install it with: maia plugins add maia-plugin-jira).`,
    ]);
  });
});
