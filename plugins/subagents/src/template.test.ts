import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { readFrontMatter } from "@maia/util/front-matter";
import { describe, expect, it } from "vitest";
import { parseAgentFile } from "./agent-definition.ts";
import { applyAgentName, createAgentFromTemplate, findResource, resourceFolders } from "./template.ts";
import { tempFolder } from "./testing/agents.ts";

const TEMPLATE = fileURLToPath(new URL("../../../.ressources/AGENT.md", import.meta.url));

describe("the agent template (seed § 20.1b)", () => {
  it("is a valid AGENT.md as it is, every property explained", async () => {
    const text = await readFile(TEMPLATE, "utf8");
    const parsed = parseAgentFile(applyAgentName(text, "helper"), { folderName: "helper", file: TEMPLATE, level: "project" });
    expect(parsed.ok && parsed.warnings).toEqual([]);
    for (const key of ["name", "description", "effort", "omitMd", "trace"]) expect(text).toMatch(new RegExp(`^${key}:`, "m"));
    for (const key of ["model", "tools", "permissions", "skills"]) expect(text).toMatch(new RegExp(`^#${key}:`, "m"));
    for (const key of ["name", "description", "effort", "omitMd", "trace", "model", "tools", "permissions", "skills"]) {
      expect(text).toMatch(new RegExp(`^# ${key}[ :(]`, "m"));
    }
    expect(text.match(/<!--/g)?.length).toBe(4);
  });

  it("changes only the header's name line", () => {
    const template = "---\n# name: explained here\nname: x # old\nnested:\n  name: keep\n---\n# Missions\nname: body\n";
    expect(applyAgentName(template, "reviewer")).toBe("---\n# name: explained here\nname: reviewer\nnested:\n  name: keep\n---\n# Missions\nname: body\n");
    expect(applyAgentName("---\ndescription: d\n---\nbody", "a")).toBe("---\nname: a\ndescription: d\n---\nbody");
  });

  it("sets a name YAML reads back as that very text", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9_.-]{0,20}$/), (name) => {
        const header = readFrontMatter(applyAgentName("---\nname: old\ndescription: d\n---\n", name));
        expect(header.ok && header.entries.find((entry) => entry.key === "name")?.value).toBe(name);
      }),
    );
  });

  it("is looked for in MAIA_RESSOURCES, then at the install root, then next to the program", async () => {
    const custom = await tempFolder("res");
    const folders = resourceFolders({ MAIA_RESSOURCES: custom }, "file:///opt/maia/cli/dist/chunk.js", "/usr/local/bin/maia");
    expect(folders).toEqual([custom, "/opt/maia/cli/dist/.ressources", "/opt/maia/cli/.ressources", "/opt/maia/.ressources", "/opt/.ressources", "/.ressources", "/usr/local/bin/.ressources"]);
    expect(await findResource("AGENT.md", folders)).toEqual({ searched: folders });
    await writeFile(path.join(custom, "AGENT.md"), "x");
    expect(await findResource("AGENT.md", folders)).toEqual({ file: path.join(custom, "AGENT.md") });
    // From this source tree, the repository's .ressources is found.
    expect(await findResource("AGENT.md", resourceFolders({}))).toEqual({ file: TEMPLATE });
  });

  it("creates <root>/<name>/AGENT.md and never overwrites an agent", async () => {
    const root = await tempFolder("agents");
    const created = await createAgentFromTemplate(TEMPLATE, root, "helper");
    expect(created).toEqual({ kind: "created", file: path.join(root, "helper", "AGENT.md") });
    await writeFile(created.file, "mine");
    expect(await createAgentFromTemplate(TEMPLATE, root, "helper")).toEqual({ kind: "exists", file: created.file });
    expect(await readFile(created.file, "utf8")).toBe("mine");
    await mkdir(path.join(root, "lower"));
    await writeFile(path.join(root, "lower", "agent.md"), "mine too");
    expect((await createAgentFromTemplate(TEMPLATE, root, "lower")).kind).toBe("exists");
  });
});
