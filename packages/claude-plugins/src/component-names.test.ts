import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { componentNames } from "./component-names.ts";
import type { PluginRead } from "./plugin-reader.ts";

async function put(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

describe("componentNames (what maia plugins add and list say a plugin brings)", () => {
  it("names agents by their name, in sub-folders too, and leaves out a file without one, as the subagents plugin loads them", async () => {
    const root = await tempFolder("plugin-");
    await put(path.join(root, "agents", "reviewer.md"), "---\nname: code-reviewer\ndescription: Reviews\n---\nReview.\n");
    await put(path.join(root, "agents", "team", "helper.md"), "---\nname: helper\ndescription: Use when: stuck\n---\nHelp.\n");
    await put(path.join(root, "agents", "README.md"), "# Our agents\n");
    await put(path.join(root, "commands", "git", "sync.md"), "Sync.\n");
    const plugin: PluginRead = {
      root,
      name: "formatter",
      components: { commands: [{ path: path.join(root, "commands"), single: false }], agents: [{ path: path.join(root, "agents"), single: false }], skills: [], hookFiles: [], mcpServers: [] },
      warnings: [],
      notes: [],
    };
    const names = await componentNames(plugin);
    expect(names.agents).toEqual(["formatter:code-reviewer", "formatter:helper"]);
    expect(names.commands).toEqual(["/formatter:git:sync"]);
  });
});
