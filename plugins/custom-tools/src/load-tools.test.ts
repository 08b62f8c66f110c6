import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { loadCustomTools } from "./load-tools.ts";
import { echoTool, tempFolder, writeTool } from "./testing/fixtures.ts";

let cwd: string;
let home: string;

beforeEach(async () => {
  cwd = await tempFolder("cwd");
  home = await tempFolder("home");
});

const names = (result: Awaited<ReturnType<typeof loadCustomTools>>) => result.tools.map((tool) => tool.definition.name);

describe("loadCustomTools", () => {
  it("loads the project's and the user's tools in alphabetical order", async () => {
    await writeTool(cwd, "zeta", echoTool("Zeta"));
    await writeTool(cwd, "alpha", echoTool("Alpha"));
    await writeTool(home, "middle", echoTool("Middle"));
    const result = await loadCustomTools({ cwd, homeDir: home });
    expect(names(result)).toEqual(["Alpha", "Middle", "Zeta"]);
    expect(result.tools.map((tool) => tool.source)).toEqual(["project", "user", "project"]);
    expect(result.warnings).toEqual([]);
  });

  it("keeps the project's tool when the user has one of the same name, without a warning", async () => {
    await writeTool(cwd, "deploy", { ...echoTool("Deploy"), description: "project" });
    await writeTool(home, "deploy-mine", { ...echoTool("deploy"), description: "user" });
    const result = await loadCustomTools({ cwd, homeDir: home });
    expect(result.tools.map((tool) => tool.definition.description)).toEqual(["project"]);
    expect(result.warnings).toEqual([]);
  });

  it("accepts tool.json in lower case", async () => {
    await writeTool(cwd, "lower", echoTool("Lower"), {}, "tool.json");
    expect(names(await loadCustomTools({ cwd, homeDir: home }))).toEqual(["Lower"]);
  });

  it("refuses builtin names (whatever their case) and names other plugins' tools have, and loads the rest", async () => {
    await writeTool(cwd, "a", echoTool("Read"));
    await writeTool(cwd, "b", echoTool("skill"));
    await writeTool(cwd, "c", echoTool("Hello"));
    await writeTool(cwd, "d", echoTool("Fine"));
    const result = await loadCustomTools({ cwd, homeDir: home, taken: ["Read", "Hello"] });
    expect(names(result)).toEqual(["Fine"]);
    const file = (folder: string) => path.join(cwd, ".maia", "tools", folder, "TOOL.json");
    expect(result.warnings).toEqual([
      `${file("a")} (line 2): "Read" is the name of a builtin tool (Read): choose another name — this tool is not loaded.`,
      `${file("b")} (line 2): "skill" is the name of a builtin tool (Skill): choose another name — this tool is not loaded.`,
      `${file("c")} (line 2): "Hello" is already the name of another tool (Hello): choose another name — this tool is not loaded.`,
    ]);
  });

  it("warns about two tools of one name at the same level, naming both files, and keeps the first", async () => {
    await writeTool(cwd, "one", { ...echoTool("Same"), description: "first" });
    await writeTool(cwd, "two", { ...echoTool("Same"), description: "second" });
    const result = await loadCustomTools({ cwd, homeDir: home });
    expect(result.tools.map((tool) => tool.definition.description)).toEqual(["first"]);
    expect(result.warnings).toHaveLength(1);
    expect(result.warnings[0]).toContain(path.join(cwd, ".maia", "tools", "two", "TOOL.json"));
    expect(result.warnings[0]).toContain(`already used by ${path.join(cwd, ".maia", "tools", "one", "TOOL.json")}`);
  });

  it("gives one warning per problem, with file and line, and still loads the valid tools", async () => {
    await writeTool(cwd, "broken", '{\n  "name": "Broken",\n  "command": { "run": "node {{x}}" }\n}');
    await writeTool(cwd, "good", echoTool("Good"));
    const result = await loadCustomTools({ cwd, homeDir: home });
    expect(names(result)).toEqual(["Good"]);
    const file = path.join(cwd, ".maia", "tools", "broken", "TOOL.json");
    expect(result.warnings).toEqual([
      `${file} (line 1): "description" is missing: describe what the tool does, for the model — this tool is not loaded.`,
    ]);
    // Once the description is there, the rules a schema cannot say are reported the same way.
    await writeTool(cwd, "broken", '{\n  "name": "Broken",\n  "description": "d",\n  "command": { "run": "node {{x}}" }\n}');
    const again = await loadCustomTools({ cwd, homeDir: home });
    expect(again.warnings).toEqual([
      `${file} (line 4): "run" uses {{x}}, which is not a declared parameter: declare it in "parameters" or remove it — this tool is not loaded.`,
    ]);
  });

  it("warns about a tool folder without TOOL.json and ignores loose files", async () => {
    await mkdir(path.join(cwd, ".maia", "tools", "empty"), { recursive: true });
    await writeFile(path.join(cwd, ".maia", "tools", "README.md"), "notes");
    const result = await loadCustomTools({ cwd, homeDir: home });
    expect(result.tools).toEqual([]);
    expect(result.warnings).toEqual([
      `${path.join(cwd, ".maia", "tools", "empty")}: no TOOL.json in this folder — add one (see examples/tools/addition in MAIA's repository) or remove the folder.`,
    ]);
  });

  it("never reads the parent folder's tools", async () => {
    await writeTool(cwd, "parent-tool", echoTool("Parent"));
    const child = path.join(cwd, "child");
    await mkdir(child);
    expect(names(await loadCustomTools({ cwd: child, homeDir: home }))).toEqual([]);
  });

  it("reads the folder once when MAIA starts in the home folder", async () => {
    await writeTool(home, "only", echoTool("Only"));
    const result = await loadCustomTools({ cwd: home, homeDir: home });
    expect(names(result)).toEqual(["Only"]);
    expect(result.warnings).toEqual([]);
  });
});
