import path from "node:path";
import { mkdir, writeFile } from "node:fs/promises";
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
    // Not YAML even once each value is read as plain text (Claude Code's fallback): an indented line under a value.
    const broken = await writeCommand(project, "broken.md", "---\ndescription: ok\n  model: [unclosed: x\n---\nbody\n");
    const badTools = await writeCommand(project, "tools.md", "---\ndescription: x\nallowed-tools:\n  nested: true\n---\nbody\n");
    const empty = await writeCommand(project, "empty.md", "---\ndescription: nothing\n---\n\n");
    const spaced = await writeCommand(project, "two words.md", "body");
    await writeCommand(project, "good.md", "Say hello.");
    await writeCommand(project, "notes.txt", "not a command");
    const { commands, warnings } = await loadCommands(cwd, home);
    expect(commands.map((command) => command.name)).toEqual(["good"]);
    expect(warnings).toHaveLength(4);
    expect(warnings.find((warning) => warning.startsWith(broken))).toMatch(/\(line 2\): invalid YAML header/);
    expect(warnings.find((warning) => warning.startsWith(badTools))).toContain("(line 3): allowed-tools must be rules");
    expect(warnings.find((warning) => warning.startsWith(empty))).toContain("no request after its header");
    expect(warnings.find((warning) => warning.startsWith(spaced))).toContain('"two words.md" cannot be a command name');
  });

  it("loads what Claude Code accepts: a YAML list where text is expected, a header that is not strict YAML", async () => {
    const { cwd, home } = await folders();
    const claude = path.join(cwd, ".claude", "commands");
    await writeCommand(claude, "commit.md", "---\nallowed-tools: Bash(git add:*), Bash(git status:*)\nargument-hint: [message] | --amend\ndescription: Create a git commit\n---\nCommit: $ARGUMENTS\n");
    await writeCommand(claude, "fix.md", "---\nargument-hint: [issue number]\ndescription: Fix an issue\n---\nFix #$1\n");
    const { commands, warnings } = await loadCommands(cwd, home);
    expect(warnings).toEqual([]);
    expect(commands.map((command) => [command.name, command.argumentHint, command.description, command.allowedTools, command.plainValues])).toEqual([
      ["commit", "[message] | --amend", "Create a git commit", ["Bash(git add:*)", "Bash(git status:*)"], ["allowed-tools", "argument-hint", "description"]],
      ["fix", "[issue number]", "Fix an issue", [], undefined],
    ]);
  });

  it("reads a Claude Code command's allowed-tools in Claude Code's syntax and its model through modelAliases", async () => {
    const { cwd, home } = await folders();
    const claude = path.join(cwd, ".claude", "commands");
    await mkdir(path.join(home, ".maia"), { recursive: true });
    await writeFile(path.join(home, ".maia", "settings.json"), JSON.stringify({ modelAliases: { haiku: "litellm:small" } }));
    await writeCommand(claude, "docs.md", "---\nallowed-tools: Edit(/docs/**), Write(x), WebSearch\nmodel: haiku\n---\nUpdate the docs\n");
    await writeCommand(claude, "big.md", "---\nmodel: opus\n---\nThink hard\n");
    const { commands, warnings } = await loadCommands(cwd, home);
    const docs = commands.find((command) => command.name === "docs");
    expect(docs?.model).toBe("litellm:small");
    // gitignore's docs/** is what is inside docs: the tools that open a path take docs/**/*, the searches docs/**.
    expect(docs?.allowedTools).toEqual(["Edit", "Write", "Redirect", "Read", "Glob", "Grep"].map((tool) => `${tool}(${cwd}/docs/**${["Glob", "Grep"].includes(tool) ? "" : "/*"})`));
    expect(commands.find((command) => command.name === "big")?.model).toBeUndefined();
    expect(warnings).toHaveLength(2);
    expect(warnings.find((warning) => warning.includes("docs.md"))).toContain('allowed-tools "Write(x)"');
    expect(warnings.find((warning) => warning.includes("big.md"))).toContain('model "opus" is a Claude Code alias without an entry in modelAliases');
  });

  it("has no command and no warning when no folder exists", async () => {
    const { cwd, home } = await folders();
    expect(await loadCommands(cwd, home)).toEqual({ commands: [], warnings: [], files: [] });
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

describe("commands of Claude Code plugins (contributed folders)", () => {
  it("are named /<plugin>:<name>, a sub-folder adding a level, a single file by its name; ${CLAUDE_PLUGIN_ROOT} replaced; a project command of the same name wins", async () => {
    const { cwd, home, project } = await folders();
    const root = await tempFolder("plugin");
    await writeCommand(path.join(root, "commands"), "check.md", "---\ndescription: Check\n---\nCheck with ${CLAUDE_PLUGIN_ROOT}/rules.txt and ${HOME}.\n");
    await writeCommand(path.join(root, "commands"), "git/sync.md", "Sync.\n");
    const special = await writeCommand(path.join(root, "extra"), "special.md", "Special.\n");
    await writeCommand(project, "fmt/check.md", "The project's own.\n");
    const origin = { id: "fmt@team", namespace: "fmt", variables: { CLAUDE_PLUGIN_ROOT: root } };
    const { commands, warnings } = await loadCommands(cwd, home, [
      { ...origin, path: path.join(root, "commands"), single: false },
      { ...origin, path: special, single: true },
    ]);
    expect(warnings).toEqual([]);
    expect(commands.map((command) => [command.name, command.source, command.plugin])).toEqual([
      ["fmt:check", "project", undefined],
      ["fmt:git:sync", "plugin", "fmt@team"],
      ["fmt:special", "plugin", "fmt@team"],
    ]);
    const again = await loadCommands(await tempFolder("empty"), home, [{ ...origin, path: path.join(root, "commands"), single: false }]);
    expect(again.commands.find((command) => command.name === "fmt:check")?.body).toBe(`Check with ${root}/rules.txt and \${HOME}.`);
  });

  it("are Claude Code files: allowed-tools in its syntax (each MAIA rule once), and maia doctor's report names them as the plugin's", async () => {
    const { cwd, home, project } = await folders();
    const root = await tempFolder("plugin");
    const check = await writeCommand(path.join(root, "commands"), "check.md", "---\nallowed-tools: Read, Grep, Bash(npm run lint:*)\n---\nCheck.\n");
    const shadowed = await writeCommand(path.join(root, "commands"), "dup.md", "Dup.\n");
    await writeCommand(project, "fmt/dup.md", "The project's own.\n");
    const { commands, files } = await loadCommands(cwd, home, [{ id: "fmt@team", namespace: "fmt", variables: {}, path: path.join(root, "commands"), single: false }]);
    expect(commands.find((command) => command.name === "fmt:check")?.allowedTools).toEqual(["Read", "Glob", "Grep", "Bash(npm run lint:*)"]);
    expect(files.find((file) => file.path === check)).toEqual({ path: check, format: "claude-plugin", became: ["/fmt:check (allowed-tools Read, Glob, Grep, Bash(npm run lint:*))"], ignored: [] });
    expect(files.find((file) => file.path === shadowed)?.ignored[0]?.item).toBe("/fmt:dup");
  });
});
