import { symlink } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readPlugin } from "./plugin-reader.ts";
import { files, scratch } from "./testing/files.ts";

const MANIFEST = ".claude-plugin/plugin.json";

describe("readPlugin", () => {
  it("finds every default component, and the paths plugin.json adds beside them", async () => {
    const root = await files(await scratch("full"), {
      [MANIFEST]: { name: "formatter", version: "1.0.0", commands: ["./extra/special.md", "./commands"], agents: "./more-agents", skills: ["./extra/one-skill"] },
      "commands/check.md": "Check.",
      "extra/special.md": "Special.",
      "agents/reviewer.md": "---\nname: reviewer\ndescription: r\n---\nReview.",
      "more-agents/helper.md": "---\nname: helper\ndescription: h\n---\nHelp.",
      "skills/style/SKILL.md": "---\ndescription: s\n---\nStyle.",
      "extra/one-skill/SKILL.md": "---\ndescription: o\n---\nOne.",
      "hooks/hooks.json": { hooks: { Stop: [] } },
      ".mcp.json": { lint: { command: "lint" } },
    });
    const read = await readPlugin(root);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    const { components, warnings, name, version } = read.plugin;
    expect([name, version, warnings]).toEqual(["formatter", "1.0.0", []]);
    expect(components.commands).toEqual([
      { path: path.join(root, "commands"), single: false },
      { path: path.join(root, "extra", "special.md"), single: true },
    ]);
    expect(components.agents).toEqual([
      { path: path.join(root, "agents"), single: false },
      { path: path.join(root, "more-agents"), single: false },
    ]);
    expect(components.skills).toEqual([
      { path: path.join(root, "skills"), single: false },
      { path: path.join(root, "extra", "one-skill"), single: true },
    ]);
    expect(components.hookFiles).toEqual([path.join(root, "hooks", "hooks.json")]);
    // The flat shape of .mcp.json (servers at the top), as Claude Code reads it too.
    expect(components.mcpServers.map((server) => [server.name, server.entry, server.file, server.line])).toEqual([["lint", { command: "lint" }, path.join(root, ".mcp.json"), 2]]);
  });

  it("inline hooks and servers of plugin.json: plugin.json is their file", async () => {
    const root = await files(await scratch("inline"), {
      [MANIFEST]: { name: "inline", hooks: { hooks: { Stop: [] } }, mcpServers: { db: { command: "db" } } },
    });
    const read = await readPlugin(root);
    if (!read.ok) throw new Error(read.problem);
    const manifest = path.join(root, MANIFEST);
    expect(read.plugin.components.hookFiles).toEqual([manifest]);
    expect(read.plugin.components.mcpServers.map((server) => [server.name, server.file, server.fieldLine("command")])).toEqual([["db", manifest, 10]]);
  });

  it("paths must start with ./ and stay inside, links resolved: each other one is a warning naming plugin.json's line", async () => {
    const outside = await files(await scratch("outside"), { "secret/x.md": "x" });
    const root = await files(await scratch("paths"), {
      [MANIFEST]: '{\n  "name": "paths",\n  "commands": ["commands-a", "./../escape", "./linked", "./missing"]\n}\n',
    });
    await symlink(path.join(outside, "secret"), path.join(root, "linked"));
    // A default folder that is a link to elsewhere is not read either.
    await symlink(path.join(outside, "secret"), path.join(root, "agents"));
    const read = await readPlugin(root);
    if (!read.ok) throw new Error(read.problem);
    const manifest = path.join(root, MANIFEST);
    expect(read.plugin.components.commands).toEqual([]);
    expect(read.plugin.warnings).toEqual([
      `${manifest}:3: commands path "commands-a" is left out: paths start with ./ and stay inside the plugin`,
      `${manifest}:3: commands path "./../escape" does not exist in the plugin; it is left out`,
      `${manifest}:3: commands path "./linked" leads outside the plugin; it is left out`,
      `${manifest}:3: commands path "./missing" does not exist in the plugin; it is left out`,
      `${path.join(root, "agents")} is a link that leads outside the plugin; it is left out`,
    ]);
    expect(read.plugin.components.agents).toEqual([]);
  });

  it("refuses what cannot be a plugin, saying where: no plugin.json, broken JSON, a wrong type, a bad name", async () => {
    const empty = await scratch("empty");
    expect(await readPlugin(empty)).toEqual({ ok: false, problem: `${empty} is not a Claude Code plugin: it has no ${MANIFEST}` });
    // From a marketplace entry, plugin.json is optional: the entry's name is used.
    expect(await readPlugin(empty, { name: "from-entry" })).toMatchObject({ ok: true, plugin: { name: "from-entry" } });
    const broken = await files(await scratch("broken"), { [MANIFEST]: '{\n  "name": "x",\n}' });
    expect(await readPlugin(broken)).toEqual({ ok: false, problem: expect.stringMatching(/plugin\.json:3:1: invalid JSON/) });
    const typed = await files(await scratch("typed"), { [MANIFEST]: '{\n  "name": "x",\n  "agents": 3\n}' });
    expect(await readPlugin(typed)).toEqual({ ok: false, problem: expect.stringMatching(/plugin\.json:3: invalid plugin\.json: \/agents/) });
    const named = await files(await scratch("named"), { [MANIFEST]: { name: "../x" } });
    expect(await readPlugin(named)).toEqual({ ok: false, problem: expect.stringContaining('"../x" cannot be a plugin name') });
  });

  it("notes what MAIA ignores: unknown members (with a guess), components it lacks; and a hooks file without its wrapper", async () => {
    const root = await files(await scratch("notes"), {
      [MANIFEST]: { name: "notes", comands: "./x", lspServers: {}, userConfig: {} },
      ".lsp.json": {},
      "hooks/hooks.json": { PreToolUse: [] },
    });
    const read = await readPlugin(root);
    if (!read.ok) throw new Error(read.problem);
    const manifest = path.join(root, MANIFEST);
    expect(read.plugin.notes).toEqual([
      `${manifest}:3: unknown member "comands" (ignored, as Claude Code does); did you mean "commands"?`,
      `${manifest}: MAIA has nothing for lspServers, userConfig: the plugin works without them`,
      "MAIA has nothing for this plugin's .lsp.json: it works without them",
    ]);
    expect(read.plugin.warnings).toEqual([expect.stringContaining(`${path.join(root, "hooks", "hooks.json")}: a plugin's hooks file holds its events in a "hooks" member`)]);
    expect(read.plugin.components.hookFiles).toEqual([]);
  });
});
