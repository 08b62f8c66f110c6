import { setActiveLocale } from "@maia/kernel";
import { eventually, tempFolder } from "@maia/testing-maia";
import { chmod, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { HubEventBus } from "../events.ts";
import type { HubEvents } from "../protocol.ts";
import { ConfigError } from "./config-error.ts";
import { ConfigStore, type ConfigStoreOptions } from "./config-store.ts";
import type { HubConfig } from "./hub-config.ts";
import { HUB_SCHEMA, SCHEMA_FILE_NAME } from "./hub-schema.ts";

let root: string;
let home: string;
let launch: string;
let bus: HubEventBus;
let changes: HubEvents["config:changed"][];
let configs: HubConfig[];
let notices: string[];
const stores: ConfigStore[] = [];

const maiaCommand = { command: "/bin/sh", args: ["/opt/maia/maia.js", "acp"] };
const agentsText = (...names: string[]) =>
  `{ "agents": [${names.map((name) => `{ "name": "${name}", "command": "/bin/sh" }`).join(", ")}] }\n`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Long enough for the watch's debounce (100 ms) and a slow disk: an event that was going to come has come. */
const SETTLE_MS = 400;

beforeEach(async () => {
  setActiveLocale("en");
  root = await tempFolder("maia-hub-store-");
  home = path.join(root, "home");
  launch = path.join(root, "launch");
  await mkdir(home);
  await mkdir(launch);
  bus = new HubEventBus();
  changes = [];
  configs = [];
  notices = [];
  bus.subscribe((name, payload) => {
    if (name === "config:changed") changes.push(payload as HubEvents["config:changed"]);
  });
});

afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  setActiveLocale(undefined);
});

async function openStore(extra: Partial<ConfigStoreOptions> = {}): Promise<ConfigStore> {
  const store = await ConfigStore.open({
    events: bus,
    homeDir: home,
    launchDir: launch,
    env: { PATH: "/usr/bin:/bin", HOME: home },
    maiaCommand,
    onConfig: (config) => configs.push(config),
    onWarning: (message) => notices.push(message),
    ...extra,
  });
  stores.push(store);
  return store;
}

async function writeConfig(name: string, text: string): Promise<string> {
  const file = path.join(root, name);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  return file;
}

describe("which file", () => {
  it("creates ~/.maia/hub.json with the default agent when nothing else is there", async () => {
    const store = await openStore();
    const file = path.join(home, ".maia", "hub.json");
    expect(store.current()).toMatchObject({ path: file, source: "default", created: true, valid: true, problems: [], theme: "system", language: "system", channels: [] });
    const text = await readFile(file, "utf8");
    expect(text).toContain('"$schema": "./hub.schema.json"');
    expect(text).toMatch(/^\/\/ /);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(store.content()).toBe(text);
    expect(configs).toHaveLength(1);
    expect(configs[0]?.agents).toEqual([
      { name: "maia", title: "MAIA", icon: "🤖", description: "This MAIA, in ACP mode", command: "/bin/sh", args: ["/opt/maia/maia.js", "acp"], env: {}, cwd: launch },
    ]);
    // The schema the file names is written beside it, for editors outside the hub.
    expect(JSON.parse(await readFile(path.join(home, ".maia", SCHEMA_FILE_NAME), "utf8"))).toEqual(HUB_SCHEMA);
    expect(store.schema()).toEqual(HUB_SCHEMA);
    expect(changes).toEqual([]);
    store.close();

    const again = await openStore();
    expect(again.current()).toMatchObject({ path: file, source: "default", created: false });
    expect(await readFile(file, "utf8")).toBe(text);
  });

  it("uses --config, relative to the launch folder, and refuses one that does not exist", async () => {
    await writeConfig("launch/team.json", agentsText("a"));
    const store = await openStore({ flagPath: "team.json" });
    expect(store.current()).toMatchObject({ path: path.join(launch, "team.json"), source: "flag", created: false, valid: true });
    expect(store.recent()).toEqual([]);

    const missing = openStore({ flagPath: "typo.json" });
    await expect(missing).rejects.toBeInstanceOf(ConfigError);
    await expect(missing).rejects.toThrow(`${path.join(launch, "typo.json")}: no such configuration file (given with --config)`);
    await expect(openStore({ flagPath: root })).rejects.toThrow("is a folder, not a configuration file");
  });

  it("uses the most recent file that still exists", async () => {
    const kept = await writeConfig("kept.json", agentsText("kept"));
    await mkdir(path.join(home, ".maia"));
    await writeFile(path.join(home, ".maia", "hub-recent.json"), JSON.stringify({ files: [path.join(root, "gone.json"), kept] }));
    const store = await openStore();
    expect(store.current()).toMatchObject({ path: kept, source: "recent", created: false });
    expect(configs.at(-1)?.agents.map((agent) => agent.name)).toEqual(["kept"]);
  });

  it("starts with an invalid file: the problems are shown and nothing of it runs", async () => {
    const file = await writeConfig("broken.json", '{ "agents": [ { "name": "a" } ] }');
    const store = await openStore({ flagPath: file });
    expect(store.current()).toMatchObject({ valid: false, problems: [{ line: 1, column: 15, message: 'agents[0]: the field "command" is required' }] });
    expect(configs).toEqual([store.config()]);
    expect(store.config().agents).toEqual([]);
  });
});

describe("save", () => {
  it("writes valid text atomically, keeps the mode, applies it and emits once", async () => {
    const file = await writeConfig("hub.json", agentsText("a"));
    await chmod(file, 0o600);
    const store = await openStore({ flagPath: file });
    const result = await store.save(agentsText("a", "b"));
    expect(result).toEqual({ saved: true, problems: [], warnings: [] });
    expect(await readFile(file, "utf8")).toBe(agentsText("a", "b"));
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(configs.at(-1)?.agents.map((agent) => agent.name)).toEqual(["a", "b"]);
    expect(changes).toEqual([{ path: file, valid: true, problems: [] }]);
    await sleep(SETTLE_MS);
    // The watch saw our own write, found nothing new, and said nothing.
    expect(changes).toHaveLength(1);
    expect(configs).toHaveLength(2);
    expect((await readdir(root)).filter((name) => name.includes(".tmp-"))).toEqual([]);
  });

  it("saves text with warnings, and returns them", async () => {
    const file = await writeConfig("hub.json", agentsText("a"));
    const store = await openStore({ flagPath: file });
    const result = await store.save('{ "them": "dark" }');
    expect(result.saved).toBe(true);
    expect(result.warnings[0]?.message).toContain('did you mean "theme"?');
    expect(store.current().warnings).toEqual(result.warnings);
  });

  it("refuses invalid text and leaves the file byte-identical", async () => {
    const original = "// mine\n{ \"agents\": [ { \"name\": \"a\", \"command\": \"/bin/sh\" } ], }\n";
    const file = await writeConfig("hub.json", original);
    const before = await stat(file);
    const store = await openStore({ flagPath: file });
    const result = await store.save('{ "agents": [ { "name": "a", "command": "/bin/sh" }, { "name": "a", "command": "/bin/sh" } ] }');
    expect(result.saved).toBe(false);
    expect(result.problems[0]?.message).toContain("already used by agents[0]");
    expect(await readFile(file, "utf8")).toBe(original);
    expect((await stat(file)).mtimeMs).toBe(before.mtimeMs);
    await sleep(SETTLE_MS);
    expect(changes).toEqual([]);
    expect(configs).toHaveLength(1);
    expect(store.current().valid).toBe(true);
  });

  it("says why a valid text could not be written", async () => {
    const file = await writeConfig("hub.json", agentsText("a"));
    const store = await openStore({ flagPath: file });
    await rm(file);
    await mkdir(file);
    await expect(store.save(agentsText("b"))).rejects.toThrow(new ConfigError(`${file} could not be saved (EISDIR)`));
    expect(configs).toHaveLength(1);
  });

  it("validates against the file open (its folder for relative paths)", async () => {
    const file = await writeConfig("team/hub.json", agentsText("a"));
    await mkdir(path.join(root, "team", "work"));
    const store = await openStore({ flagPath: file });
    expect(store.validate('{ "agents": [ { "name": "a", "command": "/bin/sh", "cwd": "work" } ] }')).toEqual({ problems: [], warnings: [] });
    expect(store.validate('{ "agents": [ { "name": "a", "command": "/bin/sh", "cwd": "nope" } ] }').warnings[0]?.message).toContain(
      path.join(root, "team", "nope"),
    );
  });
});

describe("watching the file", () => {
  it("reloads an outside edit saved by rename, once", async () => {
    const file = await writeConfig("hub.json", agentsText("a"));
    const store = await openStore({ flagPath: file });
    await writeFile(`${file}.swp`, agentsText("a", "c"));
    await rename(`${file}.swp`, file);
    expect(await eventually(() => changes.length > 0)).toBe(true);
    await sleep(SETTLE_MS);
    expect(changes).toEqual([{ path: file, valid: true, problems: [] }]);
    expect(configs.at(-1)?.agents.map((agent) => agent.name)).toEqual(["a", "c"]);
    expect(store.content()).toBe(agentsText("a", "c"));
  });

  it("reloads an in-place write once, and ignores a write of the same content", async () => {
    const file = await writeConfig("hub.json", agentsText("a"));
    await openStore({ flagPath: file });
    await writeFile(file, agentsText("b"));
    expect(await eventually(() => changes.length > 0)).toBe(true);
    await sleep(SETTLE_MS);
    expect(changes).toHaveLength(1);
    expect(configs.at(-1)?.agents.map((agent) => agent.name)).toEqual(["b"]);

    await writeFile(file, agentsText("b"));
    await sleep(SETTLE_MS);
    expect(changes).toHaveLength(1);
  });

  it("keeps the last valid configuration in force while the file is invalid", async () => {
    const file = await writeConfig("hub.json", agentsText("a"));
    const store = await openStore({ flagPath: file });
    const inForce = store.config();
    const broken = '{ "agents": [ { "name": "a", "command": "/bin/sh" }, ] , "limits": { "maxRunningAgents": 0 } }';
    await writeFile(file, broken);
    expect(await eventually(() => changes.length > 0)).toBe(true);
    await sleep(SETTLE_MS);
    const column = broken.indexOf("0 }") + 1;
    expect(changes).toEqual([{ path: file, valid: false, problems: [{ line: 1, column, message: "limits.maxRunningAgents must be at least 1", warning: false }] }]);
    expect(store.current()).toMatchObject({ valid: false, problems: changes[0]?.problems });
    expect(store.config()).toBe(inForce);
    expect(configs).toHaveLength(1);

    await writeFile(file, agentsText("z"));
    expect(await eventually(() => changes.length > 1)).toBe(true);
    expect(changes[1]).toEqual({ path: file, valid: true, problems: [] });
    expect(store.current().valid).toBe(true);
    expect(configs.at(-1)?.agents.map((agent) => agent.name)).toEqual(["z"]);
  });

  it("says so when the file is deleted, and takes it back when it returns", async () => {
    const file = await writeConfig("hub.json", agentsText("a"));
    const store = await openStore({ flagPath: file });
    await rename(file, `${file}.bak`);
    expect(await eventually(() => changes.length > 0)).toBe(true);
    expect(changes[0]).toMatchObject({ valid: false, problems: [{ line: 1, column: 1, message: `the file ${file} no longer exists` }] });
    expect(store.content()).toBe("");
    expect(store.config().agents.map((agent) => agent.name)).toEqual(["a"]);
    await rename(`${file}.bak`, file);
    expect(await eventually(() => changes.length > 1)).toBe(true);
    expect(changes[1]).toEqual({ path: file, valid: true, problems: [] });
  });

  it("stops watching when closed", async () => {
    const file = await writeConfig("hub.json", agentsText("a"));
    const store = await openStore({ flagPath: file });
    store.close();
    await writeFile(file, agentsText("b"));
    await sleep(SETTLE_MS);
    expect(changes).toEqual([]);
  });
});

describe("open", () => {
  it("loads, watches and records another file", async () => {
    const first = await writeConfig("one.json", agentsText("a"));
    const second = await writeConfig("two.json", '{ "agents": [ { "name": "b", "command": "/bin/sh" } ], "theme": "dark" }');
    const store = await openStore({ flagPath: first });
    const current = await store.open(second);
    expect(current).toMatchObject({ path: second, source: "recent", created: false, valid: true, theme: "dark" });
    expect(changes).toEqual([{ path: second, valid: true, problems: [] }]);
    expect(configs.at(-1)?.agents.map((agent) => agent.name)).toEqual(["b"]);
    expect(store.recent()).toEqual([second]);

    // The old file is no longer watched; the new one is.
    await writeFile(first, agentsText("x"));
    await writeFile(second, agentsText("y"));
    expect(await eventually(() => changes.length > 1)).toBe(true);
    await sleep(SETTLE_MS);
    expect(changes.map((change) => change.path)).toEqual([second, second]);
    expect(configs.at(-1)?.agents.map((agent) => agent.name)).toEqual(["y"]);
  });

  it("refuses a file that does not exist and keeps the one open", async () => {
    const first = await writeConfig("one.json", agentsText("a"));
    const store = await openStore({ flagPath: first });
    await expect(store.open(path.join(root, "nope.json"))).rejects.toThrow(`${path.join(root, "nope.json")}: no such file`);
    expect(store.current().path).toBe(first);
    expect(store.recent()).toEqual([]);
  });

  it("opens an invalid file: its problems are shown, and no agent of the previous file stays", async () => {
    const first = await writeConfig("one.json", agentsText("a"));
    const broken = await writeConfig("broken.json", "{ nope");
    const store = await openStore({ flagPath: first });
    const current = await store.open(broken);
    expect(current.valid).toBe(false);
    expect(current.problems[0]).toMatchObject({ line: 1, column: 3 });
    expect(changes).toEqual([{ path: broken, valid: false, problems: current.problems }]);
    expect(configs.at(-1)?.agents).toEqual([]);
  });

  it("calls the default file the default when it is opened again", async () => {
    const other = await writeConfig("other.json", agentsText("a"));
    const store = await openStore();
    await store.open(other);
    const current = await store.open(path.join(home, ".maia", "hub.json"));
    expect(current.source).toBe("default");
    expect(store.recent()).toEqual([path.join(home, ".maia", "hub.json"), other]);
  });
});

describe("browse and the page's view", () => {
  it("lists the folder of the file open for an empty folder, and ~ is home", async () => {
    const file = await writeConfig("team/hub.json", agentsText("a"));
    const store = await openStore({ flagPath: file });
    expect(store.browse("")).toMatchObject({ folder: path.join(root, "team"), entries: [{ name: "hub.json", kind: "file" }] });
    expect(store.browse("~").folder).toBe(home);
  });

  it("never shows a channel's token", async () => {
    const file = await writeConfig(
      "hub.json",
      '{ "agents": [ { "name": "a", "command": "/bin/sh" } ], "channels": [ { "name": "bot", "agent": "a", "token": "${BOT_TOKEN}" } ] }',
    );
    const store = await openStore({ flagPath: file, env: { PATH: "/bin", BOT_TOKEN: "s3cret" } });
    expect(store.current().channels).toEqual([{ name: "bot", agent: "a" }]);
    expect(JSON.stringify(store.current())).not.toContain("s3cret");
    expect(store.config().channels).toEqual([{ name: "bot", agent: "a", token: "s3cret" }]);
  });

  it("gives the icon file of an agent whose icon is an image", async () => {
    await writeConfig("icons/a.png", "png");
    const file = await writeConfig(
      "hub.json",
      '{ "agents": [ { "name": "a", "command": "/bin/sh", "icon": "icons/a.png" }, { "name": "b", "command": "/bin/sh", "icon": "🦊" } ] }',
    );
    const store = await openStore({ flagPath: file });
    expect(store.iconFile("a")).toBe(path.join(root, "icons", "a.png"));
    expect(store.iconFile("b")).toBeUndefined();
    expect(store.iconFile("nobody")).toBeUndefined();
  });
});
