import { execFile, execFileSync } from "node:child_process";
import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { runMaia } from "@maia/testing-maia";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const KERNEL = fileURLToPath(new URL("../../../kernel", import.meta.url));
// The workspace's own compiler: a plugin author brings theirs, the test must not download one.
const TSC = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const TYPES_ROOT = path.join(path.dirname(createRequire(import.meta.url).resolve("@types/node/package.json")), "..");

const PLUGIN_SOURCE = `import { defineMessages, definePlugin, type Tool } from "@maia/kernel";

const PLUGIN_NAME = "maia-plugin-shout";

const t = defineMessages(
  { description: "Repeats a text in capitals. Use it when the user asks you to shout something." },
  { description: "Répète un texte en majuscules. À utiliser quand l'utilisateur demande de crier quelque chose." },
);

const shout: Tool<{ text: string }> = {
  spec: {
    name: "Shout",
    description: t("description"),
    inputSchema: { type: "object", properties: { text: { type: "string" } }, required: ["text"], additionalProperties: false },
  },
  permission: "auto",
  describe: (input) => input.text,
  execute: async (input) => \`\${input.text.toUpperCase()}!\`,
};

export default definePlugin<{ suffix: string }>({
  name: PLUGIN_NAME,
  version: "2.0.0",
  kernel: "^1.0.0",
  description: "Adds a Shout tool (written in TypeScript, outside the MAIA repository)",
  optionsSchema: { type: "object", properties: { suffix: { type: "string", default: "!" } }, additionalProperties: false },
  apply(context, options) {
    const tool: Tool<{ text: string }> = { ...shout, execute: async (input) => \`\${input.text.toUpperCase()}\${options.suffix}\` };
    context.hooks.tools.tapPromise(PLUGIN_NAME, async (tools) => [...tools, tool]);
    context.log.info(\`\${tool.spec.name} ready\`);
    if (options.suffix !== "!") context.log.warn(\`suffix "\${options.suffix}" is louder than usual\`);
  },
});
`;

// A plugin that taps a hook the kernel does not have: the kernel's types must refuse it.
const BROKEN_SOURCE = `import { definePlugin } from "@maia/kernel";
export default definePlugin({ name: "broken", version: "1.0.0", kernel: "^1.0.0", apply(context) { context.hooks.noSuchHook.tap("broken", () => undefined); } });
`;

// tsc and npm are slow on a loaded machine: these tests get more than vitest's default 30 s (about 40 s in all,
// on an idle one).
const SLOW_MS = 120_000;

const npm = (args: string[], cwd: string) =>
  execFileSync("npm", [...args, "--no-audit", "--no-fund", "--prefer-offline", "--silent"], { cwd, encoding: "utf8" });
const tsc = (args: string[], cwd: string) =>
  new Promise<{ status: number; output: string }>((resolve) => {
    execFile(process.execPath, [TSC, ...args], { cwd, encoding: "utf8" }, (error, stdout, stderr) =>
      resolve({ status: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
    );
  });

let server: FakeLiteLLM;
let home: string;
let project: string;
let author: string;
let manifest: { exports: unknown; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
let files: string[];

/**
 * A plugin author outside this workspace: gets the kernel's tarball, writes a plugin in TypeScript, type-checks and
 * compiles it with tsc, publishes it as a tarball of its own that a project installs, and MAIA loads it from there.
 */
beforeAll(async () => {
  server = await startFakeLiteLLM();
  const outside = await mkdtemp(path.join(os.tmpdir(), "maia-third-party-"));
  home = path.join(outside, "home");
  project = path.join(outside, "project");
  author = path.join(outside, "maia-plugin-shout");
  for (const folder of [home, project, path.join(author, "src")]) await mkdir(folder, { recursive: true });
  await server.writeSettings(home);

  const packed = path.join(outside, "packed");
  execFileSync("pnpm", ["pack", "--pack-destination", packed], { cwd: KERNEL, encoding: "utf8" });
  const [tarball] = await readdir(packed);
  if (!tarball) throw new Error("pnpm pack wrote no tarball");
  const kernelTarball = path.join(packed, tarball);
  files = execFileSync("tar", ["tzf", kernelTarball], { encoding: "utf8" }).trim().split("\n");
  manifest = JSON.parse(execFileSync("tar", ["xzOf", kernelTarball, "package/package.json"], { encoding: "utf8" })) as typeof manifest;

  await writeFile(
    path.join(author, "package.json"),
    JSON.stringify({ name: "maia-plugin-shout", version: "2.0.0", type: "module", main: "dist/index.js", exports: { ".": "./dist/index.js" }, files: ["dist"] }),
  );
  await writeFile(
    path.join(author, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2023",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        // Checking @types/node itself is not the plugin's business (and takes most of tsc's time).
        skipLibCheck: true,
        outDir: "dist",
        rootDir: "src",
        typeRoots: [TYPES_ROOT],
        types: ["node"],
      },
      include: ["src"],
    }),
  );
  await writeFile(path.join(author, "src", "index.ts"), PLUGIN_SOURCE);
  npm(["install", kernelTarball], author);
}, SLOW_MS);

afterAll(async () => {
  await server.close();
});

describe("the kernel's tarball, for a plugin written outside the workspace", () => {
  it("holds compiled JavaScript and declarations, and no workspace dependency", () => {
    expect(files).toEqual(expect.arrayContaining(["package/dist/index.js", "package/dist/index.d.ts", "package/package.json"]));
    expect(files.some((file) => file.startsWith("package/src/"))).toBe(false);
    expect(JSON.stringify(manifest)).not.toContain("workspace:");
    expect(Object.keys(manifest.dependencies ?? {}).filter((name) => name.startsWith("@maia/"))).toEqual([]);
    expect(manifest.exports).toEqual({ ".": { types: "./dist/index.d.ts", import: "./dist/index.js" } });
  });

  it("type-checks a plugin with tsc, and refuses one that taps a hook the kernel has not", async () => {
    // Beside the plugin (it resolves @maia/kernel from the same node_modules), in a folder without a tsconfig.json.
    const scratch = path.join(author, "scratch");
    await mkdir(scratch, { recursive: true });
    await writeFile(path.join(scratch, "broken.ts"), BROKEN_SOURCE);
    const options = ["--ignoreConfig", "--noEmit", "--strict", "--skipLibCheck", "--module", "NodeNext", "--moduleResolution", "NodeNext", "--typeRoots", TYPES_ROOT, "--types", "node"];
    const [good, broken] = await Promise.all([tsc(["-p", "tsconfig.json"], author), tsc([...options, "broken.ts"], scratch)]);
    expect(good).toEqual({ status: 0, output: "" });
    expect(broken.status).not.toBe(0);
    expect(broken.output).toContain("noSuchHook");
  }, SLOW_MS);

  it("runs in MAIA once installed in a project: listed active with its log counts, its warning named, its tool called", async () => {
    const pluginPack = path.join(author, "..", "plugin-pack");
    await mkdir(pluginPack, { recursive: true });
    npm(["pack", author, "--pack-destination", pluginPack], author);
    const [pluginTarball] = await readdir(pluginPack);
    await writeFile(path.join(project, "package.json"), JSON.stringify({ name: "demo", private: true }));
    npm(["install", path.join(pluginPack, pluginTarball ?? "missing.tgz")], project);
    await mkdir(path.join(project, ".maia"), { recursive: true });
    await writeFile(
      path.join(project, ".maia", "config.json"),
      JSON.stringify({ model: "fake-model", plugins: { "maia-plugin-shout": { enabled: true, options: { suffix: "!!" } } } }),
    );

    const list = await runMaia(["plugins", "list", "--json"], { cwd: project, home });
    const shout = (JSON.parse(list.stdout) as Array<Record<string, unknown>>).find((record) => record.name === "maia-plugin-shout");
    expect(shout).toMatchObject({ state: "active", source: "npm", version: "2.0.0", hooks: ["tools"], logs: { info: 1, warn: 1 } });
    expect(list.stderr).toContain('WARN suffix "!!" is louder than usual [maia-plugin-shout]');

    server.enqueue({ toolCalls: [{ id: "s1", name: "Shout", arguments: { text: "hello" } }] }, { text: "Shouted." });
    const run = await runMaia(["-p", "shout hello", "--output-format", "stream-json", "--allow", "Shout"], { cwd: project, home });
    expect(run.code).toBe(0);
    const events = run.stdout.trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events).toContainEqual({ type: "tool_result", id: "s1", name: "Shout", content: "HELLO!!", isError: false });
    expect(events).toContainEqual({ type: "warning", message: 'suffix "!!" is louder than usual', plugin: "maia-plugin-shout" });
  }, SLOW_MS);
});
