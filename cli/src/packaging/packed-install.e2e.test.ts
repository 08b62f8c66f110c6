import { execFile, execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { lstat, mkdir, readdir, readFile, readlink, realpath, rm } from "node:fs/promises";
import { isBuiltin } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { methods } from "@agentclientprotocol/sdk";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { eventually, runMaia, spawnMaia, tempFolder } from "@maia/testing-maia";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { initialize, startAcp } from "../acp/testing/test-client.ts";
import { moduleReferences } from "./module-references.ts";

// MAIA as a user installs it for daily use (README): `pnpm pack` in cli/ (the build is already made), then
// `npm install -g` of the tarball into an empty prefix, offline, and the installed `maia` run through its bin
// link, its shebang picking the first `node` on the PATH — Node 22 and Node 24 in turn —, from a folder outside
// the repository with a HOME of its own. Nothing of the workspace can be reached from there.

const CLI = fileURLToPath(new URL("../../", import.meta.url));
const REPO = path.dirname(path.resolve(CLI));
const { version } = JSON.parse(readFileSync(path.join(CLI, "package.json"), "utf8")) as { version: string };
const NODES = ["22", "24"] as const;

/**
 * The names an installed `maia` may ask Node for that it does not carry, with where they are and why they can
 * never fail a user: each sits in a branch that the bundle never takes, or in a look-up wrapped in try/catch that
 * falls back on (or comes after) the copy inside the package. Any other name fails the test.
 */
const TOLERATED: Record<string, string> = {
  "require ajv": "kernel validator.ts: the createRequire(import.meta.url) branch, for the sources; bundled, `require` exists and ajv is inlined",
  "require semver": "kernel kernel-range.ts: same branch as ajv",
  "require yaml": "util front-matter.ts, subagents template.ts: same branch as ajv",
  "resolve gpt-tokenizer": "context tokenizers.ts: the text ranks when dist/tokenizer has no table (sources, tests; try/catch)",
  "resolve @maia/plugin-context": "context tokenizers.ts: same fallback",
  "resolve @maia/plugin-permissions": "permissions parser.ts: the grammars when dist/wasm is missing (try/catch)",
  "resolve react-devtools-core": "Ink's reconciler: whether DevTools are installed (try/catch, DEV=true only); the import that would follow is taken out of MAIA's build (tsup.config.ts)",
};

let fake: FakeLiteLLM;
let work: string;
let prefix: string;
let installed: string;
let bin: string;
let treeBefore: string[];
const nodeFolders = new Map<string, string>();

const run = (file: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) =>
  new Promise<string>((resolve, reject) => {
    execFile(file, args, { ...options, encoding: "utf8", maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${file} ${args.join(" ")} failed: ${error.message}\n${stdout}${stderr}`)) : resolve(stdout),
    );
  });

/** Every path under `folder` (links not followed), with its kind, size and modification time: what a write would change. */
async function treeOf(folder: string): Promise<string[]> {
  const entries: string[] = [];
  for (const name of await readdir(folder, { recursive: true })) {
    const stats = await lstat(path.join(folder, name));
    entries.push(`${name} ${stats.isDirectory() ? "dir" : stats.isSymbolicLink() ? `-> ${await readlink(path.join(folder, name))}` : stats.size} ${stats.mtimeMs}`);
  }
  return entries.sort();
}

/** The environment of a user whose PATH has the installed `maia` and one Node (plus the system's tools). */
function userEnv(major: string, tmp: string): NodeJS.ProcessEnv {
  return { PATH: [path.join(prefix, "bin"), nodeFolders.get(major), "/usr/bin", "/bin"].join(":"), TMPDIR: tmp };
}

async function userFolders(major: string, what: string) {
  const home = await tempFolder(`maia-packed-home-${major}-`);
  fake.writeSettings(home);
  return { home, cwd: await tempFolder(`maia-packed-${what}-`), tmp: path.join(work, `tmp-${major}`) };
}

beforeAll(async () => {
  fake = await startFakeLiteLLM();
  work = await tempFolder("maia-packed-");
  await run("pnpm", ["pack", "--out", path.join(work, "maia-%v.tgz")], { cwd: CLI });
  prefix = path.join(work, "prefix");
  await mkdir(prefix);
  // An empty npm cache and HOME: with --offline, any dependency left to fetch fails the install (ENOTCACHED).
  const npmHome = path.join(work, "npm-home");
  await mkdir(npmHome);
  await run("npm", ["install", "-g", "--offline", "--prefix", prefix, "--cache", path.join(npmHome, "cache"), "--no-audit", "--no-fund", "--no-update-notifier", `./maia-${version}.tgz`], {
    cwd: work,
    env: { PATH: process.env.PATH, HOME: npmHome },
  });
  installed = path.join(prefix, "lib", "node_modules", "@maia", "cli");
  bin = path.join(prefix, "bin", "maia");
  for (const major of NODES) {
    // scripts/toolchain.sh: the `node` on PATH when it is that version, else the npm package "node" in .toolchain.
    const node = (await run("bash", ["-c", `source scripts/toolchain.sh >&2 && toolchain_node ${major}`], { cwd: REPO })).trim();
    nodeFolders.set(major, path.dirname(await realpath(node)));
    await mkdir(path.join(work, `tmp-${major}`));
  }
  await mkdir(path.join(work, "tmp-old"));
  treeBefore = await treeOf(prefix);
  // Provisioning Node 22 downloads it once (about 40 MB); then it stays in .toolchain.
}, 300_000);

afterAll(async () => {
  await fake?.close();
  // The tarball and the installed package: 20 MB a run.
  if (work !== undefined) await rm(work, { recursive: true, force: true });
});

describe("the packed package", () => {
  it("installs alone: no dependency to resolve, the bin linked to dist/maia.js, the wasm, tokenizer, hub page and template inside", async () => {
    const manifest = JSON.parse(await readFile(path.join(installed, "package.json"), "utf8")) as Record<string, unknown>;
    expect(manifest).toMatchObject({ version, bin: { maia: "./dist/maia.js" }, engines: { node: ">=22" } });
    for (const field of ["dependencies", "optionalDependencies", "peerDependencies", "bundleDependencies"]) expect(manifest[field]).toBeUndefined();
    expect(await readdir(path.join(prefix, "lib", "node_modules"))).toEqual(["@maia"]);
    expect((await readdir(installed)).sort()).toEqual(["dist", "package.json"]);
    expect(await realpath(bin)).toBe(path.join(installed, "dist", "maia.js"));
    const files = await readdir(path.join(installed, "dist"), { recursive: true });
    expect(files).toEqual(
      expect.arrayContaining([
        "wasm/web-tree-sitter.wasm",
        "wasm/tree-sitter-bash.wasm",
        "tokenizer/o200k_base.maia-bpe",
        "hub/index.html",
        "hub/app.js",
        "hub/app.css",
        ".ressources/AGENT.md",
      ]),
    );
  });

  it("names no module it does not carry: every file it loads is inside, every package outside is a branch never taken", async () => {
    const dist = path.join(installed, "dist");
    const outside = new Set<string>();
    const missing: string[] = [];
    for (const name of readdirSync(dist).filter((file) => /\.(js|mjs|cjs)$/.test(file))) {
      const references = moduleReferences(readFileSync(path.join(dist, name), "utf8"), name.endsWith(".mjs") ? "module" : "script");
      for (const { specifier, kind } of references) {
        if (isBuiltin(specifier)) continue;
        if (specifier.startsWith("./")) {
          if (!readdirSync(dist).includes(specifier.slice(2))) missing.push(`${name}: ${kind} ${specifier}`);
        } else outside.add(`${kind} ${specifier}`);
      }
    }
    expect(missing).toEqual([]);
    expect([...outside].sort()).toEqual(Object.keys(TOLERATED).sort());
  });
});

describe.each(NODES)("the installed maia, on Node %s", (major) => {
  it("maia --version", async () => {
    const { home, cwd, tmp } = await userFolders(major, "version");
    expect(await runMaia(["--version"], { bin, cwd, home, env: userEnv(major, tmp) })).toMatchObject({ code: 0, stdout: `${version}\n` });
  });

  it("maia -p: a Bash call allowed by a rule (the grammar from dist/wasm) and the answer; the code cache goes to the user's temporary folder", async () => {
    const { home, cwd, tmp } = await userFolders(major, "print");
    fake.enqueue({ toolCalls: [{ name: "Bash", arguments: { command: "echo installed-$((6 * 7))" } }] }, { text: "All done." });
    const before = fake.chatBodies().length;
    const result = await runMaia(["-p", "run it", "--model", "fake-model", "--allow", "Bash(echo *)"], { bin, cwd, home, env: userEnv(major, tmp) });
    expect(result).toMatchObject({ code: 0, stdout: "All done.\n" });
    const tool = fake.chatBodies()[before + 1]?.messages?.find((message) => message.role === "tool");
    expect(String(tool?.content)).toContain("installed-42");
    const cached = (await readdir(tmp, { recursive: true })).filter((file) => /maia-print-[0-9a-f]{8}-.*\.v8cache$/.test(file));
    expect(cached).toHaveLength(1);
  });

  it("maia acp: initialize with the SDK's client, run by this Node; /createAgent copies the template the package carries", async () => {
    const { home, cwd, tmp } = await userFolders(major, "acp");
    const agent = startAcp({ bin, cwd, home, env: userEnv(major, tmp), args: ["--model", "fake-model"] });
    let code: number | null | undefined;
    try {
      expect(await initialize(agent)).toMatchObject({ protocolVersion: 1, agentInfo: { name: "maia", version } });
      expect(await realpath(`/proc/${agent.pid}/exe`)).toBe(path.join(nodeFolders.get(major)!, "node"));
      const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd, mcpServers: [] });
      await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "/createAgent packaged" }] });
      const created = await readFile(path.join(cwd, ".maia", "agents", "packaged", "AGENT.md"), "utf8");
      expect(created).toContain("\nname: packaged\n");
      expect(created.replace("name: packaged", "name: my-agent")).toBe(await readFile(path.join(REPO, ".ressources", "AGENT.md"), "utf8"));
    } finally {
      code = await agent.close();
    }
    expect(code).toBe(0);
  });

  it("maia hub: the page with its token, then the app's script and style, the files the package carries", async () => {
    const { home, cwd, tmp } = await userFolders(major, "hub");
    const hub = spawnMaia(["hub", "--no-open"], { bin, cwd, home, env: userEnv(major, tmp) });
    let stdout = "";
    let stderr = "";
    hub.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
    hub.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    const exited = new Promise<number | null>((resolve) => hub.once("exit", (code) => resolve(code)));
    try {
      expect(await eventually(() => stdout.includes("\n"), 20_000), `no address printed; stderr:\n${stderr}`).toBe(true);
      const [, base, token] = /^MAIA hub: (http:\/\/127\.0\.0\.1:\d+)\/\?token=(\S+)\n$/.exec(stdout) ?? [];
      expect(base, stdout).toBeDefined();
      expect(await realpath(`/proc/${hub.pid}/exe`)).toBe(path.join(nodeFolders.get(major)!, "node"));
      const visit = await fetch(`${base}/?token=${token}`, { redirect: "manual" });
      expect(visit.status).toBe(302);
      const cookie = visit.headers.get("set-cookie")?.split(";")[0] ?? "";
      const get = (file: string) => fetch(`${base}${file}`, { headers: { cookie } });
      const page = await get("/");
      expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const html = await page.text();
      expect(html).toBe(await readFile(path.join(installed, "dist", "hub", "index.html"), "utf8"));
      for (const [file, type] of [["/app.js", "text/javascript; charset=utf-8"], ["/app.css", "text/css; charset=utf-8"]] as const) {
        expect(html).toContain(`"${file}"`);
        const response = await get(file);
        expect([response.status, response.headers.get("content-type")]).toEqual([200, type]);
        expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(path.join(installed, "dist", "hub", file.slice(1))))).toBe(true);
      }
    } finally {
      hub.kill("SIGTERM");
    }
    expect(await exited).toBe(0);
  });
});

// The machines of this project (and CI) have Node 20 as /usr/bin/node: a user who installs with that npm gets a
// `maia` whose shebang finds it first.
const SYSTEM_NODE = "/usr/bin/node";
const systemMajor = (() => {
  try {
    return Number.parseInt(execFileSync(SYSTEM_NODE, ["-p", "process.versions.node"], { encoding: "utf8" }), 10);
  } catch {
    return Number.NaN;
  }
})();

describe.runIf(systemMajor < 22)(`the installed maia, on the system's Node ${systemMajor}`, () => {
  it("stops at once and says which node ran it and what to change", async () => {
    const { home, cwd, tmp } = await userFolders("old", "old");
    const result = await runMaia(["--version"], { bin, cwd, home, env: { PATH: [path.join(prefix, "bin"), "/usr/bin", "/bin"].join(":"), TMPDIR: tmp } });
    expect(result).toMatchObject({ code: 1, stdout: "" });
    expect(result.stderr).toMatch(new RegExp(`^MAIA needs Node\\.js 22 or newer; the node that runs it is ${systemMajor}\\.\\d+\\.\\d+ \\(${SYSTEM_NODE}\\)\\.`));
  });
});

describe("the install prefix", () => {
  it("is left as npm wrote it by every run above, on both Nodes (a global install is often read-only)", async () => {
    expect(await treeOf(prefix)).toEqual(treeBefore);
  });
});
