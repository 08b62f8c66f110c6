import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { setActiveLocale } from "@maia/kernel";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { locateJsonError } from "@maia/util";
import { tempFolder } from "@maia/testing-maia";
import { defaultSources, loadRules, parseJson, projectSettingsPath, userSettingsPath } from "./settings-files.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

let home: string;
let project: string;

beforeEach(async () => {
  home = await tempFolder("maia-perm-home-");
  project = await tempFolder("maia-perm-cwd-");
});
afterEach(async () => {
  await rm(home, { recursive: true, force: true });
  await rm(project, { recursive: true, force: true });
});

async function write(file: string, content: unknown): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
}

describe("loadRules (seed § 9.1)", () => {
  it("adds up the user's and the launch folder's lists, and --allow", async () => {
    await write(userSettingsPath(home), {
      LiteLLM_URL: "http://localhost:4000",
      LiteLLM_API_Key: "sk-secret",
      permissions: { allow: ["Bash(git status)"], deny: ["Bash(rm *)"] },
    });
    await write(projectSettingsPath(project), { permissions: { allow: ["Bash(npm test *)"], ask: ["Bash(git push *)"] } });
    const loaded = await loadRules(defaultSources(project, home, ["Bash(ls *)"]));
    expect(loaded.warnings).toEqual([]);
    expect(loaded.rules.map((rule) => [rule.kind, rule.text, rule.source])).toEqual([
      ["deny", "Bash(rm *)", userSettingsPath(home)],
      ["allow", "Bash(git status)", userSettingsPath(home)],
      ["ask", "Bash(git push *)", projectSettingsPath(project)],
      ["allow", "Bash(npm test *)", projectSettingsPath(project)],
      ["allow", "Bash(ls *)", "--allow"],
    ]);
    expect(loaded.files.map((file) => [file.origin, file.found, file.rules.length])).toEqual([
      ["user", true, 2],
      ["project", true, 2],
      ["cli", true, 1],
    ]);
  });

  it("does not read the parent folder's settings", async () => {
    const child = path.join(project, "sub");
    await mkdir(child);
    await write(projectSettingsPath(project), { permissions: { allow: ["Bash(ls)"] } });
    const loaded = await loadRules(defaultSources(child, home, []));
    expect(loaded.rules).toEqual([]);
  });

  it("reads the file once when the launch folder is the home folder", async () => {
    await write(userSettingsPath(home), { permissions: { allow: ["Bash(ls)"] } });
    const loaded = await loadRules(defaultSources(home, home, []));
    expect(loaded.rules).toHaveLength(1);
  });

  it("is silent about absent files", async () => {
    const loaded = await loadRules(defaultSources(project, home, []));
    expect(loaded.warnings).toEqual([]);
    expect(loaded.files.every((file) => !file.found)).toBe(true);
  });

  it("warns about invalid JSON with the file, line and column, and loads the other file", async () => {
    await write(userSettingsPath(home), '{\n  "permissions": {\n    "allow": ["Bash(ls)",]\n  }\n}');
    await write(projectSettingsPath(project), { permissions: { allow: ["Bash(pwd)"] } });
    const loaded = await loadRules(defaultSources(project, home, []));
    expect(loaded.warnings).toEqual([`${userSettingsPath(home)}: invalid JSON at line 3, column 26; its permission rules are ignored`]);
    expect(loaded.rules.map((rule) => rule.text)).toEqual(["Bash(pwd)"]);
  });

  it("never quotes the file's content in a JSON error (the user file holds an API key)", async () => {
    await write(userSettingsPath(home), '{"LiteLLM_API_Key": "sk-secret-123" oops}');
    const loaded = await loadRules(defaultSources(project, home, []));
    expect(loaded.warnings).toHaveLength(1);
    expect(loaded.warnings[0]).not.toContain("sk-secret");
  });

  it("warns about each malformed part and keeps the rest", async () => {
    await write(projectSettingsPath(project), {
      permissions: { allow: ["Bash(ls *)", 42, "Read(src/**"], alow: ["Bash(x)"], deny: "Bash(rm *)" },
    });
    const loaded = await loadRules(defaultSources(project, home, []));
    const file = projectSettingsPath(project);
    expect(loaded.rules.map((rule) => rule.text)).toEqual(["Bash(ls *)"]);
    expect(loaded.warnings).toEqual([
      `${file}: unknown key "permissions.alow" (did you mean "allow"?); ignored`,
      `${file}: "permissions.deny" must be a list of rules (strings); ignored`,
      `${file}: permissions.allow[1] is not a rule written as a string (42); ignored`,
      `${file}: allow rule "Read(src/**" ignored: a rule is Tool or Tool(pattern); the closing parenthesis is missing`,
    ]);
  });

  it("warns when the file or its permissions are not objects", async () => {
    await write(userSettingsPath(home), "[1, 2]");
    await write(projectSettingsPath(project), { permissions: ["Bash(ls)"] });
    const loaded = await loadRules(defaultSources(project, home, []));
    expect(loaded.warnings).toEqual([
      `${userSettingsPath(home)}: the file must hold a JSON object; its permission rules are ignored`,
      `${projectSettingsPath(project)}: "permissions" must be an object { "allow": [...], "ask": [...], "deny": [...] }; ignored`,
    ]);
  });

  it("accepts a byte order mark", async () => {
    await write(projectSettingsPath(project), `\ufeff${JSON.stringify({ permissions: { allow: ["Bash(ls)"] } })}`);
    const loaded = await loadRules(defaultSources(project, home, []));
    expect(loaded.rules).toHaveLength(1);
  });

  it("warns about an unreadable file", async () => {
    await mkdir(userSettingsPath(home), { recursive: true });
    const loaded = await loadRules(defaultSources(project, home, []));
    expect(loaded.warnings).toEqual([`${userSettingsPath(home)}: cannot be read (EISDIR); its permission rules are ignored`]);
  });
});

describe("parseJson", () => {
  it("property: the reported line and column point at or before the end of the text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = parseJson(text);
        if (result.ok) return;
        const lines = text.replace(/^\ufeff/, "").split(/\r\n|\r|\n/);
        expect(result.line).toBeGreaterThanOrEqual(1);
        expect(result.line).toBeLessThanOrEqual(lines.length);
        expect(result.column).toBeLessThanOrEqual((lines[result.line - 1]?.length ?? 0) + 1);
      }),
    );
  });

  it("property: valid JSON parses to the same value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(parseJson(JSON.stringify(value))).toEqual({ ok: true, value: JSON.parse(JSON.stringify(value)) });
      }),
    );
  });
});

describe("locateJsonError", () => {
  it("points at the character where the text stops being JSON", () => {
    expect(parseJson('{"a": 1 oops}')).toEqual({ ok: false, line: 1, column: 9 });
    expect(parseJson('{"a":')).toEqual({ ok: false, line: 1, column: 6 });
    expect(parseJson('[1,\n2,\n]')).toEqual({ ok: false, line: 3, column: 1 });
    expect(parseJson('{"a": "x\ny"}')).toEqual({ ok: false, line: 1, column: 9 });
  });

  it("property: it agrees with JSON.parse on what is valid", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.jsonValue().map((value) => JSON.stringify(value)), fc.json().map((json) => json.slice(0, -1))), (text) => {
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        expect(locateJsonError(text) === undefined).toBe(valid);
      }),
    );
  });
});

describe("Claude Code's settings files (issue 36)", () => {
  it("reads .claude/settings.json's rules translated, with the line of each warning, its defaultMode and additionalDirectories", async () => {
    const { startingMode, additionalDirectories } = await import("./settings-files.ts");
    const file = path.join(project, ".claude", "settings.json");
    await write(
      file,
      JSON.stringify({ permissions: { allow: ["Read(./src/**)", "Write(x)"], deny: ["Bash(rm:*)"], defaultMode: "plan", additionalDirectories: ["../shared", "~/notes"] } }, null, 2),
    );
    await write(path.join(home, ".claude", "settings.json"), JSON.stringify({ permissions: { defaultMode: "bypassPermissions" } }, null, 2));
    const loaded = await loadRules(defaultSources(project, home, []), { cwd: project, homeDir: home });
    expect(loaded.rules.filter((rule) => rule.source === file).map((rule) => [rule.kind, rule.text, rule.written, rule.line])).toEqual([
      ["deny", "Bash(rm:*)", "Bash(rm:*)", 8],
      ["allow", "Read(src/**/*)", "Read(./src/**)", 4],
      ["allow", "Glob(src/**)", "Read(./src/**)", 4],
      ["allow", "Grep(src/**)", "Read(./src/**)", 4],
    ]);
    expect(loaded.warnings).toEqual([
      `${path.join(home, ".claude", "settings.json")}:3: defaultMode "bypassPermissions" is a Claude Code mode MAIA does not have; sessions start in default (every call asks what the rules do not allow)`,
      `${file}:5: allow rule "Write(x)": Claude Code checks paths against Read and Edit rules only and never reads a Write path rule; MAIA ignores it too (write Edit(…) instead)`,
    ]);
    expect(startingMode(loaded)).toEqual({ mode: "plan", file });
    expect(additionalDirectories(loaded)).toEqual([path.join(path.dirname(project), "shared"), path.join(home, "notes")]);
    // Absent Claude Code files are not listed (MAIA's own places are, to show where rules may go).
    expect(loaded.files.map((entry) => entry.origin)).toEqual(["claude-user", "user", "claude-project", "project"]);
  });

  it("acceptEdits lets Edit and Write run in an additional directory as in the launch folder, nowhere else", async () => {
    const { applyMode } = await import("./modes.ts");
    const ask = { decision: "ask" as const };
    const shared = path.join(path.dirname(project), "shared");
    expect(applyMode("acceptEdits", ask, "Write", { path: path.join(shared, "a.md") }, project, [shared]).decision).toBe("allow");
    expect(applyMode("acceptEdits", ask, "Write", { path: path.join(shared, "a.md") }, project, []).decision).toBe("ask");
    expect(applyMode("acceptEdits", ask, "Write", { path: "/etc/passwd" }, project, [shared]).decision).toBe("ask");
  });
});
