import path from "node:path";
import { describe, expect, it } from "vitest";
import { readMarketplaceFolder } from "./marketplace-reader.ts";
import { githubUrl } from "./sources.ts";
import { files, scratch } from "./testing/files.ts";

const FILE = ".claude-plugin/marketplace.json";

describe("readMarketplaceFolder", () => {
  it("reads each entry alone: a bad one is named with its line, the others stay installable", async () => {
    const root = await files(await scratch("entries"), {
      [FILE]: {
        name: "team-tools",
        owner: { name: "Team" },
        metadata: { pluginRoot: "./plugins" },
        plugins: [
          { name: "formatter", source: "./plugins/formatter", version: "1.0.0", description: "Formats", commands: ["./extra.md"] },
          { name: "bare", source: "bare" },
          { name: "remote", source: { source: "github", repo: "acme/remote" } },
          { name: "packaged", source: { source: "npm", package: "@acme/packaged" } },
          { name: "broken", source: { source: "github" } },
          { name: "formatter", source: "./again" },
          { name: "no source" },
          { name: "../evil", source: "./evil" },
        ],
      },
    });
    const read = await readMarketplaceFolder(root);
    if (!read.ok) throw new Error(read.problem);
    const file = path.join(root, FILE);
    const { entries, warnings } = read.marketplace;
    expect(read.marketplace.name).toBe("team-tools");
    expect(entries.map((entry) => [entry.name, entry.source, entry.problem])).toEqual([
      ["formatter", { kind: "relative", path: "./plugins/formatter" }, undefined],
      ["bare", { kind: "relative", path: "./plugins/bare" }, undefined],
      ["remote", { kind: "git", url: githubUrl("acme/remote"), shown: "github:acme/remote" }, undefined],
      ["packaged", { kind: "unsupported", source: "npm" }, undefined],
      ["broken", undefined, expect.stringContaining(`${file}:39: source must be a path starting with ./`)],
    ]);
    expect(entries[0]).toMatchObject({ version: "1.0.0", description: "Formats", components: { commands: ["./extra.md"] } });
    expect(warnings).toEqual([
      `${file}:43: "formatter" is listed twice; the first entry is kept`,
      expect.stringMatching(/marketplace\.json:47: the plugin entry "no source" cannot be used: \/: must have required property 'source'/),
      expect.stringContaining(`${file}:50: the plugin entry "../evil" cannot be used: its name must be`),
    ]);
  });

  it("refuses a folder without marketplace.json, and a file without a usable name, saying where", async () => {
    const empty = await scratch("none");
    expect(await readMarketplaceFolder(empty)).toEqual({ ok: false, problem: expect.stringContaining(`${path.join(empty, FILE)} not found`) });
    const unnamed = await files(await scratch("unnamed"), { [FILE]: { plugins: [] } });
    expect(await readMarketplaceFolder(unnamed)).toEqual({ ok: false, problem: expect.stringContaining("must have required property 'name'") });
    const badName = await files(await scratch("bad-name"), { [FILE]: '{\n  "name": "team tools",\n  "plugins": []\n}' });
    expect(await readMarketplaceFolder(badName)).toEqual({ ok: false, problem: expect.stringContaining(`${path.join(badName, FILE)}:2: "team tools" cannot be a marketplace name`) });
  });
});
