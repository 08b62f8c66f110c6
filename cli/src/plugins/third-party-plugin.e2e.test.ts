import { execFileSync } from "node:child_process";
import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMaia } from "@maia/testing-maia";

const EXAMPLE = fileURLToPath(new URL("../../../examples/plugins/maia-plugin-hello", import.meta.url));

let server: FakeLiteLLM;
let home: string;
let project: string;

async function writeConfig(config: object): Promise<void> {
  await mkdir(path.join(project, ".maia"), { recursive: true });
  await writeFile(path.join(project, ".maia", "config.json"), JSON.stringify(config));
}

/**
 * The example plugin as a user gets it: packed by npm, installed into a project's node_modules, switched on
 * in that project's `.maia/config.json`.
 */
beforeAll(async () => {
  server = await startFakeLiteLLM();
  home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
  project = await mkdtemp(path.join(os.tmpdir(), "maia-plugin-proj-"));
  await server.writeSettings(home);
  const packDir = await mkdtemp(path.join(os.tmpdir(), "maia-pack-"));
  const tarball = execFileSync("npm", ["pack", EXAMPLE, "--silent", "--pack-destination", packDir], { encoding: "utf8" }).trim();
  await writeFile(path.join(project, "package.json"), JSON.stringify({ name: "demo", private: true }));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--silent", path.join(packDir, tarball)], { cwd: project });
}, 120_000);
afterAll(async () => {
  await server.close();
});

describe("a third-party plugin from npm", () => {
  it("is active once enabled, and the model can call its tool", async () => {
    await writeConfig({ model: "fake-model", plugins: { "maia-plugin-hello": { enabled: true, options: { greeting: "Bonjour" } } } });
    const list = await runMaia(["plugins", "list", "--json"], { cwd: project, home });
    const hello = (JSON.parse(list.stdout) as Array<Record<string, unknown>>).find((record) => record.name === "maia-plugin-hello");
    expect(hello).toMatchObject({ state: "active", source: "npm", version: "1.0.0", hooks: ["tools"] });

    server.enqueue({ toolCalls: [{ id: "h1", name: "Hello", arguments: { name: "Ada" } }] }, { text: "I greeted Ada." });
    const run = await runMaia(["-p", "say hello to Ada", "--output-format", "stream-json", "--allow", "Hello"], { cwd: project, home });
    expect(run.code).toBe(0);
    const events = run.stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events).toContainEqual({ type: "tool_result", id: "h1", name: "Hello", content: "Bonjour, Ada!", isError: false });
    const offered = (server.chatBodies()[0]?.tools ?? []) as Array<{ function: { name: string } }>;
    expect(offered.map((tool) => tool.function.name)).toContain("Hello");
  });

  it("is neither loaded nor offered when disabled", async () => {
    await writeConfig({ model: "fake-model", plugins: { "maia-plugin-hello": false } });
    const list = await runMaia(["plugins", "list", "--json"], { cwd: project, home });
    const hello = (JSON.parse(list.stdout) as Array<Record<string, unknown>>).find((record) => record.name === "maia-plugin-hello");
    expect(hello).toMatchObject({ state: "disabled", hooks: [] });
    server.enqueue({ text: "ok" });
    const before = server.chatBodies().length;
    await runMaia(["-p", "hi"], { cwd: project, home });
    const offered = (server.chatBodies()[before]?.tools ?? []) as Array<{ function: { name: string } }>;
    expect(offered.map((tool) => tool.function.name)).not.toContain("Hello");
  });

  it("is enabled and disabled by `maia plugins enable|disable`, keeping the file's other keys", async () => {
    await writeConfig({ model: "fake-model", plugins: {} });
    const enabled = await runMaia(["plugins", "enable", "maia-plugin-hello"], { cwd: project, home });
    expect(enabled.code).toBe(0);
    let list = JSON.parse((await runMaia(["plugins", "list", "--json"], { cwd: project, home })).stdout) as Array<{ name: string; state: string }>;
    expect(list.find((record) => record.name === "maia-plugin-hello")?.state).toBe("active");
    await runMaia(["plugins", "disable", "maia-plugin-hello"], { cwd: project, home });
    list = JSON.parse((await runMaia(["plugins", "list", "--json"], { cwd: project, home })).stdout) as Array<{ name: string; state: string }>;
    expect(list.find((record) => record.name === "maia-plugin-hello")?.state).toBe("disabled");
    const { readFile } = await import("node:fs/promises");
    expect(JSON.parse(await readFile(path.join(project, ".maia", "config.json"), "utf8"))).toEqual({
      model: "fake-model",
      plugins: { "maia-plugin-hello": false },
    });
  });

  it("shows a plugin that is not installed as failed, and MAIA still answers", async () => {
    await writeConfig({ model: "fake-model", plugins: { "maia-plugin-missing": true } });
    const list = JSON.parse((await runMaia(["plugins", "list", "--json"], { cwd: project, home })).stdout) as Array<Record<string, unknown>>;
    const missing = list.find((record) => record.name === "maia-plugin-missing");
    expect(missing?.state).toBe("failed");
    expect(String(missing?.reason)).toContain("not installed");
    server.enqueue({ text: "still here" });
    const run = await runMaia(["-p", "hi"], { cwd: project, home });
    expect(run.stdout).toBe("still here\n");
    expect(run.stderr).toContain("maia-plugin-missing");
  });
});
