import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileMatcher, parseHooksText } from "./load-hooks.ts";

describe("parseHooksText", () => {
  it("reads Claude Code's block: event, matcher, command, timeout (60 s by default), line", () => {
    const text = JSON.stringify(
      { hooks: { PreToolUse: [{ matcher: "Edit|Write", hooks: [{ type: "command", command: "fmt", timeout: 5 }, { type: "command", command: "lint" }] }] } },
      null,
      2,
    );
    const parsed = parseHooksText(text, "/s.json");
    expect(parsed.warnings).toEqual([]);
    expect(parsed.commands.map(({ event, matcher, command, timeoutSeconds, entry }) => ({ event, matcher, command, timeoutSeconds, entry }))).toEqual([
      { event: "PreToolUse", matcher: "Edit|Write", command: "fmt", timeoutSeconds: 5, entry: "hooks.PreToolUse[0].hooks[0]" },
      { event: "PreToolUse", matcher: "Edit|Write", command: "lint", timeoutSeconds: 60, entry: "hooks.PreToolUse[0].hooks[1]" },
    ]);
    expect(parsed.commands[0]?.line).toBe(text.split("\n").findIndex((line) => line.includes('"fmt"')) + 1);
  });

  it("names the file and line of broken JSON, and ignores a file without hooks", () => {
    expect(parseHooksText('{\n  "hooks": {,\n}', "/s.json").warnings[0]).toMatch(/^Hooks: \/s\.json:2:/);
    expect(parseHooksText('{"permissions": {}}', "/s.json")).toMatchObject({ found: false, warnings: [] });
  });

  it("skips what it cannot run, each with a warning: other types, bad matchers, missing commands", () => {
    const parsed = parseHooksText(
      JSON.stringify({
        hooks: {
          Stop: [{ hooks: [{ type: "prompt", prompt: "x" }, { type: "command" }, { type: "command", command: "ok" }] }],
          PostToolUse: [{ matcher: "(", hooks: [{ type: "command", command: "never" }] }],
        },
      }),
      "/s.json",
    );
    expect(parsed.commands.map((command) => command.command)).toEqual(["ok"]);
    expect(parsed.warnings).toHaveLength(3);
  });

  it("the hash follows the hooks block only", () => {
    const a = parseHooksText(JSON.stringify({ model: "a", hooks: { Stop: [] } }), "/s");
    const b = parseHooksText(JSON.stringify({ model: "b", hooks: { Stop: [] } }), "/s");
    const c = parseHooksText(JSON.stringify({ model: "a", hooks: { Stop: [{ hooks: [] }] } }), "/s");
    expect(a.hash).toBe(b.hash);
    expect(a.hash).not.toBe(c.hash);
  });

  it("never throws, whatever the text or the JSON value", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue().map((value) => JSON.stringify({ hooks: value }))), (text) => {
        const parsed = parseHooksText(text, "/s.json");
        for (const command of parsed.commands) expect(typeof command.command).toBe("string");
      }),
    );
  });
});

describe("compileMatcher", () => {
  it("empty and * match everything; anything else must match the whole name", () => {
    expect(compileMatcher("")?.("Anything")).toBe(true);
    expect(compileMatcher("*")?.("Bash")).toBe(true);
    expect(compileMatcher("Bash")?.("Bash")).toBe(true);
    expect(compileMatcher("Bash")?.("BashOutput")).toBe(false);
    expect(compileMatcher("Edit|Write")?.("Write")).toBe(true);
    expect(compileMatcher("mcp__github__.*")?.("mcp__github__create_issue")).toBe(true);
    expect(compileMatcher("(")).toBeUndefined();
  });

  it("never throws on any matcher", () => {
    fc.assert(fc.property(fc.string(), fc.string(), (matcher, name) => void compileMatcher(matcher)?.(name)));
  });
});

describe("Claude Code's hook files and events (issue 36)", () => {
  it("reads every settings file, the user's Claude Code file trusted, the project's local file waiting for an approval", async () => {
    const { mkdir, writeFile } = await import("node:fs/promises");
    const path = await import("node:path");
    const { tempFolder } = await import("@maia/testing-maia");
    const { defaultSources, loadHooks } = await import("./load-hooks.ts");
    const home = await tempFolder("hooks-home-");
    const cwd = await tempFolder("hooks-cwd-");
    const block = (command: string) => JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: "command", command }] }] } });
    for (const [file, command] of [
      [path.join(home, ".claude", "settings.json"), "user-claude"],
      [path.join(cwd, ".claude", "settings.local.json"), "local-claude"],
      [path.join(cwd, ".claude", "settings.json"), "project-claude"],
    ] as const) {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, block(command));
    }
    const loaded = await loadHooks(defaultSources(cwd, home), home);
    expect(loaded.files.map((file) => [path.basename(path.dirname(path.dirname(file.path))) === path.basename(home) ? "home" : "project", path.basename(file.path), file.trusted, file.commands[0]?.command])).toEqual([
      ["home", "settings.json", true, "user-claude"],
      ["project", "settings.json", false, "project-claude"],
      ["project", "settings.local.json", false, "local-claude"],
    ]);
  });

  it("reads the newer events MAIA runs, and names in one warning those it has no moment for", () => {
    const hook = [{ hooks: [{ type: "command", command: "x" }] }];
    const parsed = parseHooksText(JSON.stringify({ hooks: { PermissionRequest: hook, PostToolUseFailure: hook, SubagentStart: hook, PostCompact: hook, StopFailure: hook, Setup: hook, CwdChanged: hook, FileChanged: hook } }), "/s.json");
    expect(parsed.commands.map((command) => command.event)).toEqual(["PermissionRequest", "PostToolUseFailure", "SubagentStart", "PostCompact", "StopFailure"]);
    expect(parsed.warnings).toEqual(["Hooks: /s.json: Claude Code events MAIA has no moment for: Setup, CwdChanged, FileChanged; their hooks do not run."]);
  });
});

describe("a Claude Code plugin's hooks file", () => {
  it("gets its variables replaced in each command and given to its environment; the hash is of the block as written", () => {
    const text = JSON.stringify({ description: "fmt", hooks: { PostToolUse: [{ matcher: "Edit", hooks: [{ type: "command", command: "${CLAUDE_PLUGIN_ROOT}/fmt.sh ${OTHER}" }] }] } });
    const variables = { CLAUDE_PLUGIN_ROOT: "/cache/fmt/1.0.0" };
    const parsed = parseHooksText(text, "/cache/fmt/1.0.0/hooks/hooks.json", variables);
    expect(parsed.commands.map(({ command, env }) => ({ command, env }))).toEqual([{ command: "/cache/fmt/1.0.0/fmt.sh ${OTHER}", env: variables }]);
    expect(parsed.hash).toBe(parseHooksText(text, "/elsewhere.json").hash);
  });
});
