import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { tempFolder } from "@maia/testing-maia";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveBoundary } from "./boundary.ts";
import { Sandbox } from "./sandbox.ts";
import { readSandboxSettings } from "./settings.ts";
import { escapeScript, READ_WAYS, WRITE_WAYS, type ReadWall, type WriteWall } from "./testing/escape-corpus.ts";
import { availableSandbox, runSandboxed, writeTree } from "./testing/run-sandboxed.ts";

// The real sandbox (bubblewrap, as CI installs it), walls × ways generated: every attempt runs in one sandboxed
// command, then the disk and the output are checked from outside.
describe.runIf(process.platform === "linux")("the escape corpus: every wall × every way, in one sandboxed command", () => {
  let home: string;
  let project: string;
  let outside: string;
  let sandbox: Sandbox;
  const secrets: Record<string, string> = {};
  const before: Record<string, string> = {};

  beforeAll(async () => {
    home = await tempFolder("maia-sbx-home-");
    project = await tempFolder("maia-sbx-project-");
    outside = await tempFolder("maia-sbx-outside-");
    const secretFiles = [".ssh/id_rsa", ".netrc", ".npmrc", ".aws/credentials", ".maia/settings.json", ".maia/mcp-auth/tokens.json", ".claude/.credentials.json", ".config/gcloud/credentials.db"];
    for (const [index, file] of secretFiles.entries()) secrets[path.join(home, file)] = `SECRET-${index}-${file.replace(/\W/g, "")}`;
    secrets[path.join(project, "private", "key")] = "SECRET-user-denied";
    for (const [file, text] of Object.entries(secrets)) await writeTree("/", { [file.slice(1)]: text });
    await writeTree(project, { ".git/config": "[core]\n", ".git/hooks/README": "hooks\n", ".maia/settings.json": "{}\n", ".mcp.json": '{"mcpServers":{}}\n', "package.json": "{}\n" });
    for (const file of [".git/config", ".maia/settings.json", ".mcp.json"]) before[file] = readFileSync(path.join(project, file), "utf8");
    const { settings } = readSandboxSettings([{ file: "project", base: project, value: { filesystem: { denyRead: ["./private"] } } }], home);
    sandbox = new Sandbox(resolveBoundary(settings, { launchFolder: project, homeDir: home }), await availableSandbox());
  });
  afterAll(async () => sandbox?.close());

  it("writes nothing outside the launch folder nor in its protected paths, and reads no secret", async () => {
    const writeWalls: WriteWall[] = [
      { name: "outside", target: path.join(outside, "escaped") },
      { name: "home", target: path.join(home, ".bashrc") },
      { name: "git hook", target: path.join(project, ".git/hooks/pre-commit") },
      { name: "git config", target: path.join(project, ".git/config") },
      { name: "project settings", target: path.join(project, ".maia/settings.json") },
      { name: "claude settings (absent)", target: path.join(project, ".claude/settings.json") },
      { name: "mcp.json", target: path.join(project, ".mcp.json") },
    ];
    const readWalls: ReadWall[] = Object.keys(secrets).map((target) => ({ name: target, target }));
    const { output } = await runSandboxed(sandbox, escapeScript(writeWalls, readWalls, path.join(project, "scratch")), project);

    expect(output).toContain("corpus-done");
    for (const text of Object.values(secrets)) expect(output).not.toContain(text);
    expect(existsSync(path.join(outside, "escaped"))).toBe(false);
    expect(readdirSync(outside)).toEqual([]);
    expect(existsSync(path.join(home, ".bashrc"))).toBe(false);
    expect(existsSync(path.join(project, ".git/hooks/pre-commit"))).toBe(false);
    expect(readdirSync(path.join(project, ".git/hooks"))).toEqual(["README"]);
    for (const [file, text] of Object.entries(before)) expect(readFileSync(path.join(project, file), "utf8")).toBe(text);
    // The missing .claude got an empty read-only placeholder: still empty on the disk.
    expect(readdirSync(path.join(project, ".claude"))).toEqual([]);
    // The attempts did run: the ways' own helpers were written in the launch folder.
    expect(readdirSync(path.join(project, "scratch")).length).toBe(writeWalls.length * Object.keys(WRITE_WAYS).length + readWalls.length * Object.keys(READ_WAYS).length);
    // The secrets are still there for MAIA itself.
    for (const [file, text] of Object.entries(secrets)) expect(readFileSync(file, "utf8")).toBe(text);
  });

  it("keeps .git in place: renaming it or the launch folder fails, so a new .git/hooks cannot be made", async () => {
    const { output } = await runSandboxed(
      sandbox,
      [
        "mv .git .git-moved 2>&1 || echo mv-git-refused",
        "mkdir -p .git-new/hooks && echo evil > .git-new/hooks/pre-commit && mv .git-new .git 2>&1 || echo replace-refused",
        `mv ${project} ${project}-moved 2>&1 || echo mv-launch-refused`,
        "rm -rf .maia 2>&1 || echo rm-refused",
        "git config core.hooksPath /tmp 2>&1 || echo git-config-refused",
      ].join("\n"),
      project,
    );
    expect(output).toContain("mv-git-refused");
    expect(output).toContain("mv-launch-refused");
    expect(output).toContain("rm-refused");
    expect(existsSync(path.join(project, ".git-moved"))).toBe(false);
    expect(existsSync(`${project}-moved`)).toBe(false);
    expect(readFileSync(path.join(project, ".git/config"), "utf8")).toBe(before[".git/config"]);
    expect(existsSync(path.join(project, ".git/hooks/pre-commit"))).toBe(false);
    expect(readFileSync(path.join(project, ".maia/settings.json"), "utf8")).toBe(before[".maia/settings.json"]);
  });
});
