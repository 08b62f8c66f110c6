import path from "node:path";
import { describe, expect, it } from "vitest";
import { commandName, loadCommands } from "./load-commands.ts";
import { tempFolder, writeCommand } from "./testing/commands.ts";

async function folders() {
  const cwd = await tempFolder("cwd");
  const home = await tempFolder("home");
  return { cwd, home, project: path.join(cwd, ".maia", "commands"), user: path.join(home, ".maia", "commands") };
}

describe("loadCommands (real files)", () => {
  it("reads the header keys, names sub-folders as namespaces, and sorts by name", async () => {
    const { cwd, home, project } = await folders();
    await writeCommand(
      project,
      "review.md",
      "---\ndescription: Review the staged changes\nargument-hint: <files>\nmodel: big-model\nallowed-tools: Bash(git diff *), Read\n---\nReview $ARGUMENTS.\n",
    );
    await writeCommand(project, "frontend/test.md", "# Run the frontend tests\n\nRun the tests of $1.\n");
    const { commands, warnings } = await loadCommands(cwd, home);
    expect(warnings).toEqual([]);
    expect(commands.map((command) => command.name)).toEqual(["frontend:test", "review"]);
    expect(commands[1]).toMatchObject({
      description: "Review the staged changes",
      argumentHint: "<files>",
      model: "big-model",
      allowedTools: ["Bash(git diff *)", "Read"],
      body: "Review $ARGUMENTS.",
      source: "project",
    });
    // No header: the whole file is the request and its first line describes it.
    expect(commands[0]).toMatchObject({ description: "Run the frontend tests", body: "# Run the frontend tests\n\nRun the tests of $1.", allowedTools: [] });
  });

  it("prefers the project over the user, and MAIA's folders over .claude's, at equal name", async () => {
    const { cwd, home, project, user } = await folders();
    await writeCommand(user, "deploy.md", "user deploy");
    await writeCommand(project, "deploy.md", "project deploy");
    await writeCommand(path.join(cwd, ".claude", "commands"), "deploy.md", "claude deploy");
    await writeCommand(path.join(home, ".claude", "commands"), "old.md", "claude user old");
    await writeCommand(user, "mine.md", "user mine");
    const { commands } = await loadCommands(cwd, home);
    expect(commands.map((command) => [command.name, command.body, command.source])).toEqual([
      ["deploy", "project deploy", "project"],
      ["mine", "user mine", "user"],
      ["old", "claude user old", "claude-user"],
    ]);
  });

  it("reports a broken file with its file and line, and loads the others", async () => {
    const { cwd, home, project } = await folders();
    const broken = await writeCommand(project, "broken.md", "---\ndescription: ok\nmodel: [unclosed\n---\nbody\n");
    const badTools = await writeCommand(project, "tools.md", "---\ndescription: x\nallowed-tools:\n  nested: true\n---\nbody\n");
    const empty = await writeCommand(project, "empty.md", "---\ndescription: nothing\n---\n\n");
    const spaced = await writeCommand(project, "two words.md", "body");
    await writeCommand(project, "good.md", "Say hello.");
    await writeCommand(project, "notes.txt", "not a command");
    const { commands, warnings } = await loadCommands(cwd, home);
    expect(commands.map((command) => command.name)).toEqual(["good"]);
    expect(warnings).toHaveLength(4);
    expect(warnings.find((warning) => warning.startsWith(broken))).toMatch(/\(line [34]\): invalid YAML header/);
    expect(warnings.find((warning) => warning.startsWith(badTools))).toContain("(line 3): allowed-tools must be rules");
    expect(warnings.find((warning) => warning.startsWith(empty))).toContain("no request after its header");
    expect(warnings.find((warning) => warning.startsWith(spaced))).toContain('"two words.md" cannot be a command name');
  });

  it("has no command and no warning when no folder exists", async () => {
    const { cwd, home } = await folders();
    expect(await loadCommands(cwd, home)).toEqual({ commands: [], warnings: [] });
  });
});

describe("commandName", () => {
  it("joins folders with ':' and refuses names that cannot follow '/'", () => {
    expect(commandName("/r", "/r/a/b/c.md")).toBe("a:b:c");
    expect(commandName("/r", "/r/Review.MD")).toBe("Review");
    expect(commandName("/r", "/r/a:b.md")).toBeUndefined();
    expect(commandName("/r", "/r/x y/c.md")).toBeUndefined();
  });
});
