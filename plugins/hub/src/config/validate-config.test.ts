import { setActiveLocale } from "@maia/kernel";
import { tempFolder } from "@maia/testing-maia";
import { chmod, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Problem } from "../protocol.ts";
import { defaultConfigText } from "./default-config.ts";
import { DEFAULT_LIMITS } from "./hub-config.ts";
import { HUB_SCHEMA } from "./hub-schema.ts";
import { MAX_CONFIG_CHARS, MAX_DEPTH } from "./parse-config-text.ts";
import { validateConfigText, type ValidationContext } from "./validate-config.ts";

let root: string;
let bin: string;
let context: ValidationContext;

beforeAll(async () => {
  root = await tempFolder("maia-hub-validate-");
  bin = path.join(root, "bin");
  await mkdir(bin);
  await mkdir(path.join(root, "config", "work"), { recursive: true });
  await writeFile(path.join(bin, "agent"), "#!/bin/sh\n", { mode: 0o755 });
  await writeFile(path.join(bin, "plain"), "not executable\n", { mode: 0o644 });
  await chmod(path.join(bin, "plain"), 0o644);
});

beforeEach(() => {
  setActiveLocale("en");
  context = {
    env: { PATH: bin, HOME: path.join(root, "home"), API_KEY: "secret", EMPTY: "", HUB_TOKEN: "t0k" },
    launchDir: path.join(root, "launch"),
    configDir: path.join(root, "config"),
  };
});
afterEach(() => setActiveLocale(undefined));

/** The 1-based position of the `nth` occurrence of `needle`, counted independently of the code under test. */
function positionOf(text: string, needle: string, nth = 1): { line: number; column: number } {
  let offset = -1;
  for (let found = 0; found < nth; found++) {
    offset = text.indexOf(needle, offset + 1);
    if (offset < 0) throw new Error(`${needle} not found`);
  }
  const before = text.slice(0, offset).split("\n");
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

const at = (problems: Problem[]) => problems.map(({ line, column }) => ({ line, column }));
const agent = (fields: string) => `{\n  "agents": [\n    { "name": "a", "command": "agent"${fields} }\n  ]\n}\n`;

describe("validateConfigText: syntax", () => {
  it("reports a syntax error at its 1-based line and column", () => {
    const text = '{\n  "agents": [\n    { "name": "a" "command": "agent" }\n  ]\n}';
    const result = validateConfigText(text, context);
    expect(result.config).toBeUndefined();
    expect(result.problems[0]).toMatchObject({ ...positionOf(text, '"command"'), warning: false });
    expect(result.problems[0]?.message).toContain('","');
  });

  it("accepts comments and trailing commas", () => {
    const text = '// the hub\n{ /* agents */ "agents": [ { "name": "a", "command": "agent", }, ], }';
    const result = validateConfigText(text, context);
    expect(result.problems).toEqual([]);
    expect(result.config?.agents.map((a) => a.name)).toEqual(["a"]);
  });

  it("says what is wrong with an empty text, an unclosed string and text after the end", () => {
    expect(validateConfigText("", context).problems).toMatchObject([{ line: 1, column: 1 }]);
    const unclosed = '{\n  "theme": "dark\n}';
    expect(validateConfigText(unclosed, context).problems[0]?.message).toMatch(/string is not closed|line break/);
    const trailing = "{}\n{}";
    expect(validateConfigText(trailing, context).problems[0]).toMatchObject({ line: 2, column: 1 });
  });

  it("refuses a text nested too deeply or too large, without throwing", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(validateConfigText(deep, context).problems[0]).toMatchObject({ line: 1, column: MAX_DEPTH + 1 });
    const huge = `{"agents": [], "description": "${"x".repeat(MAX_CONFIG_CHARS)}"}`;
    expect(validateConfigText(huge, context).problems[0]?.message).toContain("too large");
  });

  it("counts lines ended by \\r\\n and lone \\r as the editor does", () => {
    const text = '{\r\n  "theme": 1,\r  "language": 2\r\n}';
    const result = validateConfigText(text, context);
    expect(at(result.problems)).toEqual([
      { line: 2, column: 12 },
      { line: 3, column: 15 },
    ]);
  });
});

describe("validateConfigText: schema", () => {
  it("points a wrong type at the value", () => {
    const text = agent(', "args": "--acp"');
    const [problem] = validateConfigText(text, context).problems;
    expect(problem).toMatchObject(positionOf(text, '"--acp"'));
    expect(problem?.message).toBe("agents[0].args must be a list (not a string)");
  });

  it("points a missing required field at the object", () => {
    const text = '{\n  "agents": [\n    { "name": "a" },\n    { "command": "agent" }\n  ]\n}';
    const result = validateConfigText(text, context);
    expect(result.problems).toEqual([
      { ...positionOf(text, "{", 2), message: 'agents[0]: the field "command" is required', warning: false },
      { ...positionOf(text, "{", 3), message: 'agents[1]: the field "name" is required', warning: false },
    ]);
  });

  it("gives one problem per value, in words", () => {
    const text = '{ "limits": { "maxRunningAgents": 0.5, "stopIdleAgentsAfter": -1 }, "theme": "drak", "language": "french" }';
    const messages = validateConfigText(text, context).problems.map((p) => p.message);
    expect(messages).toEqual([
      "limits.maxRunningAgents must be a whole number (not 0.5)",
      "limits.stopIdleAgentsAfter must be at least 0",
      'theme must be one of "system", "light", "dark"',
      'language must be one of "system", "en", "fr"',
    ]);
    expect(validateConfigText('{ "theme": "drk" }', context).problems[0]?.message).toContain('did you mean "dark"?');
    expect(validateConfigText('{ "limits": { "stopIdleAgentsAfter": 1e12 } }', context).problems[0]?.message).toBe(
      "limits.stopIdleAgentsAfter must be at most 2147483",
    );
  });

  it("explains a bad agent name, an empty command and an array for the whole file", () => {
    const text = agent(', "title": "x"').replace('"name": "a"', '"name": "My Agent"').replace('"agent"', '""');
    const problems = validateConfigText(text, context).problems;
    expect(problems[0]).toMatchObject(positionOf(text, '"My Agent"'));
    expect(problems[0]?.message).toContain("not a valid name");
    expect(problems[1]?.message).toBe("agents[0].command must not be empty");
    expect(validateConfigText("[]", context).problems[0]?.message).toBe("the configuration must be an object (not a list)");
  });

  it("reports duplicate agent names at the second name", () => {
    const text = '{ "agents": [\n  { "name": "twin", "command": "agent" },\n  { "name": "twin", "command": "agent" }\n] }';
    const result = validateConfigText(text, context);
    expect(result.problems).toEqual([
      {
        ...positionOf(text, '"twin"', 2),
        message: 'agents[1].name: the name "twin" is already used by agents[0]; agent names must be unique',
        warning: false,
      },
    ]);
  });
});

describe("validateConfigText: warnings", () => {
  it("warns about unknown keys with a did-you-mean, at the key, and stays valid", () => {
    const text = '{\n  "agent": [],\n  "limits": { "maxRunningAgent": 2 },\n  "agents": [ { "name": "a", "command": "agent", "titel": "A", "zzz": 1 } ]\n}';
    const result = validateConfigText(text, context);
    expect(result.problems).toEqual([]);
    expect(result.config).toBeDefined();
    expect(result.warnings).toEqual([
      { ...positionOf(text, '"agent"'), message: 'unknown field "agent" in the configuration; it is ignored (did you mean "agents"?)', warning: true },
      { ...positionOf(text, '"maxRunningAgent"'), message: 'unknown field "maxRunningAgent" in limits; it is ignored (did you mean "maxRunningAgents"?)', warning: true },
      { ...positionOf(text, '"titel"'), message: 'unknown field "titel" in agents[0]; it is ignored (did you mean "title"?)', warning: true },
      { ...positionOf(text, '"zzz"'), message: 'unknown field "zzz" in agents[0]; it is ignored', warning: true },
    ]);
  });

  it("warns about a command not on PATH, missing, not executable or a folder", () => {
    const text = `{ "agents": [
  { "name": "a", "command": "no-such-agent" },
  { "name": "b", "command": "${bin}/missing" },
  { "name": "c", "command": "${bin}/plain" },
  { "name": "d", "command": "${bin}" },
  { "name": "e", "command": "agent" },
  { "name": "f", "command": "${bin}/agent" }
] }`;
    const result = validateConfigText(text, context);
    expect(result.problems).toEqual([]);
    const messages = result.warnings.map((w) => w.message);
    expect(messages).toEqual([
      'agents[0].command: "no-such-agent" was not found on PATH',
      `agents[1].command: "${bin}/missing" does not exist`,
      `agents[2].command: "${bin}/plain" is not executable`,
      `agents[3].command: "${bin}" is a folder, not a program`,
    ]);
    expect(result.warnings[0]).toMatchObject(positionOf(text, '"no-such-agent"'));
  });

  it("looks bare names up on the agent's own PATH when its env sets one", () => {
    const text = agent(', "env": { "PATH": "/nowhere" }');
    expect(validateConfigText(text, context).warnings.map((w) => w.message)).toEqual(['agents[0].command: "agent" was not found on PATH']);
  });

  it("warns about a repeated key; the last value counts", () => {
    const text = '{ "theme": "light", "theme": "dark" }';
    const result = validateConfigText(text, context);
    expect(result.warnings).toMatchObject([{ ...positionOf(text, '"theme"', 2), warning: true }]);
    expect(result.config?.theme).toBe("dark");
  });
});

describe("validateConfigText: the configuration", () => {
  it("applies the defaults", () => {
    const result = validateConfigText(agent(""), context);
    expect(result.config).toEqual({
      agents: [{ name: "a", title: "a", icon: "", description: "", command: "agent", args: [], env: {}, cwd: context.launchDir }],
      limits: DEFAULT_LIMITS,
      theme: "system",
      language: "system",
      channels: [],
    });
    expect(validateConfigText("{}", context).config?.agents).toEqual([]);
    expect(validateConfigText("{}", context).config?.limits).toEqual({ maxRunningAgents: 4, stopIdleAgentsAfter: 900 });
  });

  it("expands ${VAR} in env and reports an undefined variable at its place", () => {
    const text = agent(', "env": { "KEY": "Bearer ${API_KEY}", "E": "${EMPTY}", "KEEP": "$HOME ${not-a-name}", "BAD": "x-${MISSING}" }');
    const result = validateConfigText(text, context);
    expect(result.problems).toEqual([
      { ...positionOf(text, "${MISSING}"), message: "agents[0].env.BAD: the environment variable MISSING is not defined", warning: false },
    ]);
    const fixed = validateConfigText(text.replace("${MISSING}", "ok"), context);
    expect(fixed.config?.agents[0]?.env).toEqual({ KEY: "Bearer secret", E: "", KEEP: "$HOME ${not-a-name}", BAD: "x-ok" });
  });

  it("resolves cwd against the file's folder, ~ against home, and commands with a slash against cwd", () => {
    const relative = validateConfigText(agent(', "cwd": "work"'), context);
    expect(relative.config?.agents[0]?.cwd).toBe(path.join(root, "config", "work"));
    expect(relative.warnings).toEqual([]);
    const home = validateConfigText(agent(', "cwd": "~/projects"'), context);
    expect(home.config?.agents[0]?.cwd).toBe(path.join(root, "home", "projects"));
    expect(home.warnings.map((w) => w.message)).toEqual([`agents[0].cwd: the folder ${path.join(root, "home", "projects")} does not exist`]);
    const script = validateConfigText(agent(', "cwd": "../bin"').replace('"agent"', '"./agent"'), context);
    expect(script.config?.agents[0]).toMatchObject({ cwd: bin, command: path.join(bin, "agent") });
    expect(script.warnings).toEqual([]);
  });

  it("keeps an emoji icon and resolves an image path", () => {
    expect(validateConfigText(agent(', "icon": "🦊"'), context).config?.agents[0]?.icon).toBe("🦊");
    const image = validateConfigText(agent(', "icon": "icons/a.png"'), context);
    expect(image.config?.agents[0]?.icon).toBe(path.join(root, "config", "icons", "a.png"));
    expect(image.warnings[0]?.message).toContain("does not exist");
  });

  it("accepts channels, with their token from the environment", () => {
    const text = `{ "agents": [ { "name": "a", "command": "agent" } ],
  "channels": [
    { "name": "ok", "agent": "a", "token": "\${HUB_TOKEN}" },
    { "name": "literal", "agent": "a", "token": "abc123" },
    { "name": "unset", "agent": "a", "token": "\${NOT_SET}" },
    { "name": "stray", "agent": "b", "token": "\${HUB_TOKEN}" }
  ] }`;
    const result = validateConfigText(text, context);
    expect(result.problems).toMatchObject([
      { ...positionOf(text, '"abc123"'), message: expect.stringContaining('written "${NAME}"') },
      { ...positionOf(text, "${NOT_SET}"), message: "channels[2].token: the environment variable NOT_SET is not defined" },
      { ...positionOf(text, '"b"'), message: 'channels[3].agent: no agent is called "b" (did you mean "a"?)' },
    ]);
    const valid = validateConfigText(text.replace(/,\n {4}\{ "name": "literal".*\n.*\n.*"b".*/, ""), context);
    expect(valid.problems).toEqual([]);
    expect(valid.config?.channels).toEqual([{ name: "ok", agent: "a", token: "t0k" }]);
  });

  it("accepts the default file it writes", () => {
    const text = defaultConfigText({ command: path.join(bin, "agent"), args: ["/opt/maia/maia.js", "acp"] });
    const result = validateConfigText(text, context);
    expect(result).toMatchObject({ problems: [], warnings: [] });
    expect(result.config?.agents[0]).toMatchObject({ name: "maia", title: "MAIA", args: ["/opt/maia/maia.js", "acp"] });
  });

  it("speaks French when the locale is French", () => {
    setActiveLocale("fr");
    const result = validateConfigText('{ "agents": [ { "name": "a" } ], "themes": "dark" }', context);
    expect(result.problems[0]?.message).toBe("agents[0] : le champ « command » est obligatoire");
    expect(result.warnings[0]?.message).toBe("champ inconnu « themes » dans la configuration ; il est ignoré (vouliez-vous dire « theme » ?)");
  });
});

describe("the published schema", () => {
  it("gives every property a title and a description, and allows $schema", () => {
    const missing: string[] = [];
    const visit = (schema: Record<string, unknown>, where: string) => {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      for (const [key, property] of Object.entries(properties)) {
        if (typeof property.title !== "string" || typeof property.description !== "string") missing.push(`${where}.${key}`);
        visit(property, `${where}.${key}`);
        if (property.items) visit(property.items as Record<string, unknown>, `${where}.${key}[]`);
      }
    };
    visit(HUB_SCHEMA, "");
    expect(missing).toEqual([]);
    expect(validateConfigText('{ "$schema": "./hub.schema.json" }', context)).toMatchObject({ problems: [], warnings: [] });
  });
});
