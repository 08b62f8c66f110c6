import { execFileSync } from "node:child_process";
import { access, mkdir, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runMaia } from "@maia/testing-maia";

const HELLO = fileURLToPath(new URL("../../../examples/plugins/maia-plugin-hello", import.meta.url));

let server: FakeLiteLLM;
let packs: string;
let helloTarball: string;
let home: string;
let project: string;

/** `npm pack` of a package folder, as its author would publish it; returns the tarball. */
function pack(folder: string): string {
  const name = execFileSync("npm", ["pack", folder, "--silent", "--pack-destination", packs], { encoding: "utf8" }).trim();
  return path.join(packs, name);
}

/** A small npm package made on the spot, packed. */
async function packageWith(name: string, indexJs: string): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "maia-pkg-"));
  await writeFile(path.join(folder, "package.json"), JSON.stringify({ name, version: "1.0.0", type: "module", main: "index.js" }));
  await writeFile(path.join(folder, "index.js"), indexJs);
  return pack(folder);
}

const readJson = async (file: string) => JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
const installed = (name: string) => access(path.join(home, ".maia", "plugins", "node_modules", name, "package.json")).then(() => true, () => false);

beforeAll(async () => {
  server = await startFakeLiteLLM();
  packs = await mkdtemp(path.join(os.tmpdir(), "maia-packs-"));
  helloTarball = pack(HELLO);
}, 60_000);
afterAll(async () => {
  await server.close();
});
beforeEach(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
  project = await mkdtemp(path.join(os.tmpdir(), "maia-proj-"));
  server.writeSettings(home);
  await mkdir(path.join(home, ".maia"), { recursive: true });
  await writeFile(path.join(home, ".maia", "config.json"), JSON.stringify({ model: "fake-model" }));
});

describe("maia plugins add / remove", () => {
  it("installs a packed plugin into ~/.maia/plugins, enables it, and a new session can use it", async () => {
    const added = await runMaia(["plugins", "add", helloTarball], { cwd: project, home, timeoutMs: 60_000 });
    expect(added.stderr).toContain("Installing");
    expect(added.stdout).toBe(`Installed maia-plugin-hello 1.0.0 in ~/.maia/plugins and enabled it in ${path.join(home, ".maia", "config.json")}.\n`);
    expect(added.code).toBe(0);
    expect(await installed("maia-plugin-hello")).toBe(true);
    expect(await readJson(path.join(home, ".maia", "config.json"))).toEqual({ model: "fake-model", plugins: { "maia-plugin-hello": true } });

    const list = JSON.parse((await runMaia(["plugins", "list", "--json"], { cwd: project, home })).stdout) as Array<Record<string, unknown>>;
    expect(list.find((record) => record.name === "maia-plugin-hello")).toMatchObject({ state: "active", source: "npm", version: "1.0.0" });

    server.enqueue({ toolCalls: [{ id: "h1", name: "Hello", arguments: { name: "Ada" } }] }, { text: "Done." });
    // Hello asks nothing on its own; --allow keeps it so when the permissions plugin (no rule → ask) is on.
    const run = await runMaia(["-p", "greet Ada", "--allow", "Hello", "--output-format", "stream-json"], { cwd: project, home });
    const events = run.stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events).toContainEqual({ type: "tool_result", id: "h1", name: "Hello", content: "Hello, Ada!", isError: false });
  });

  it("enables it in the project's .maia/config.json with --project, by name@file: as well", async () => {
    const added = await runMaia(["plugins", "add", `maia-plugin-hello@file:${helloTarball}`, "--project"], { cwd: project, home, timeoutMs: 60_000 });
    expect(added.code).toBe(0);
    expect(await readJson(path.join(project, ".maia", "config.json"))).toEqual({ plugins: { "maia-plugin-hello": true } });
    expect(await readJson(path.join(home, ".maia", "config.json"))).toEqual({ model: "fake-model" });
  });

  it("removes it: uninstalled, its entry gone, the file's other keys kept", async () => {
    await runMaia(["plugins", "add", helloTarball], { cwd: project, home, timeoutMs: 60_000 });
    const removed = await runMaia(["plugins", "remove", "maia-plugin-hello"], { cwd: project, home, timeoutMs: 60_000 });
    expect(removed.stdout).toBe(`Removed maia-plugin-hello from ~/.maia/plugins and from ${path.join(home, ".maia", "config.json")}.\n`);
    expect(removed.code).toBe(0);
    expect(await installed("maia-plugin-hello")).toBe(false);
    expect(await readJson(path.join(home, ".maia", "config.json"))).toEqual({ model: "fake-model", plugins: {} });
    const again = await runMaia(["plugins", "remove", "maia-plugin-hello"], { cwd: project, home });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('"maia-plugin-hello" is neither installed in ~/.maia/plugins nor listed in');
  });

  it("refuses a package that is not a MAIA plugin, says why, and uninstalls it", async () => {
    const tarball = await packageWith("not-a-plugin", "export const helper = () => 42;\n");
    const added = await runMaia(["plugins", "add", tarball], { cwd: project, home, timeoutMs: 60_000 });
    expect(added.code).toBe(1);
    expect(added.stderr).toContain(
      '"not-a-plugin" is not a MAIA plugin: the module has no default export that is a plugin object (definePlugin({...}))\nIt was uninstalled again.',
    );
    expect(await installed("not-a-plugin")).toBe(false);
    expect(await readJson(path.join(home, ".maia", "config.json"))).toEqual({ model: "fake-model" });
  });

  it("refuses a plugin made for another kernel, naming both versions", async () => {
    const tarball = await packageWith(
      "maia-plugin-future",
      'export default { name: "maia-plugin-future", version: "1.0.0", kernel: "^2.0.0", apply() {} };\n',
    );
    const added = await runMaia(["plugins", "add", tarball], { cwd: project, home, timeoutMs: 60_000 });
    expect(added.code).toBe(1);
    expect(added.stderr).toContain('"maia-plugin-future" is not compatible with this MAIA: needs kernel ^2.0.0, this MAIA has kernel 1.0.0');
    expect(await installed("maia-plugin-future")).toBe(false);
  });

  it("says when the package does not exist on the registry", async () => {
    // A registry that knows nothing: npm gets its 404 as from the real one, without the network.
    const registry: Server = createServer((_request, response) => {
      response.writeHead(404, { "content-type": "application/json" });
      response.end('{"error":"Not found"}');
    });
    await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(registry.address() as { port: number }).port}/`;
    try {
      const added = await runMaia(["plugins", "add", "maia-plugin-nope"], { cwd: project, home, env: { npm_config_registry: url }, timeoutMs: 60_000 });
      expect(added.code).toBe(1);
      expect(added.stderr).toContain(`package "maia-plugin-nope" was not found on the npm registry (${url})`);
    } finally {
      registry.close();
    }
  });

  it("passes npm's own message on when the installation fails, and refuses a name npm would refuse", async () => {
    const missing = path.join(packs, "missing-1.0.0.tgz");
    const added = await runMaia(["plugins", "add", missing], { cwd: project, home, timeoutMs: 60_000 });
    expect(added.code).toBe(1);
    expect(added.stderr).toContain(`npm could not install ${missing}:`);
    expect(added.stderr).toContain("ENOENT");

    const bad = await runMaia(["plugins", "add", "Not A Name"], { cwd: project, home });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('"Not A Name" is not an npm package name');
    const builtin = await runMaia(["plugins", "add", "skills"], { cwd: project, home });
    expect(builtin.stderr).toContain('"skills" is a built-in plugin of MAIA');
  });
});
