import { execFileSync } from "node:child_process";
import { chmodSync, copyFileSync, cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire, isBuiltin } from "node:module";
import { build, defineConfig, type Options } from "tsup";
import { earlyKitInlined } from "./src/build/early-kit-inlined.ts";
import type { EsbuildPlugin } from "./src/build/esbuild-plugin.ts";
import { writeLazyModules } from "./src/build/lazy-modules.ts";
import { removeUnreachableChunks } from "./src/build/unreachable-chunks.ts";
import { printLibEntries, requirePrintLibs, resolveFromOwners } from "./src/build/print-libs.ts";
import { REGEXP_SUPPORT } from "./src/build/regexp-support.ts";
import { sharedBuiltins } from "./src/build/shared-builtins.ts";

// The built-ins that print.cjs and its libraries import by default in many modules (src/build/shared-builtins.ts).
const SHARED_BUILTINS = ["path", "os", "process"];
// The thread that scales images down (packages/images/src/scale-worker.ts, issue 38): a CommonJS file of its own,
// photon inlined, its WebAssembly beside it; both bundles start it from there (scale-in-worker.ts).
const IMAGE_WORKER = JSON.stringify("./image-worker.cjs");
const SHEBANG = "#!/usr/bin/env -S node --max-semi-space-size=4 --min-semi-space-size=4 --expose-gc --max-opt=2";
const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

/**
 * One ESM bundle (DESIGN.md, start-up path): every dependency is inlined so that start-up reads one file instead
 * of resolving hundreds of modules; lazy imports (plugins, later Ink) become separate chunks loaded only when
 * used. Its files are `.mjs`: the command that loads it, dist/maia.js, is CommonJS (src/bin.ts, built below), and
 * dist/package.json says so.
 */
export default defineConfig({
  entry: { maia: "src/entry.ts" },
  format: ["esm"],
  outExtension: () => ({ js: ".mjs" }),
  target: "node22",
  platform: "node",
  outDir: "dist",
  clean: true,
  splitting: true,
  sourcemap: false,
  minify: false,
  noExternal: [/.*/],
  // Ink imports React DevTools only when DEV=true and the package is installed; it is never part of MAIA.
  // (`external` would lose to `noExternal` above: esbuild's own option is set instead.)
  esbuildOptions(options) {
    options.external = [...(options.external ?? []), "react-devtools-core"];
    options.supported = { ...options.supported, ...REGEXP_SUPPORT };
  },
  // Ink connects to React DevTools when DEV=true and react-devtools-core is installed beside it, which MAIA never
  // ships: that import is taken out, so that no chunk ships that no run loads (dist/lazy-modules.json).
  esbuildPlugins: [withoutInkDevtools()],
  banner: {
    // Bundled CommonJS dependencies (ajv…) call require(); give them one in ESM. (The shebang goes on the
    // entry alone, below: a chunk is never run by itself.)
    js: 'import { createRequire as __maiaCreateRequire } from "node:module";\nconst require = __maiaCreateRequire(import.meta.url);',
  },
  // React and its reconciler pick their production build from NODE_ENV: fixed here, the bundle carries only that
  // build (smaller, and it starts faster) whatever the user's environment says.
  // The Bash parser's grammars are WebAssembly files, not modules: they go beside the bundle (dist/wasm), so
  // that the bundle works wherever it is copied (the permissions plugin looks there last).
  onSuccess: async () => {
    removeUnreachableChunks(new URL("./dist/", import.meta.url).pathname, "maia.mjs");
    // What an interactive start paints before anything else (src/interactive/early-screen.ts, early-paint.ts)
    // is two CommonJS files of their own, every dependency inlined: the command reads them with synchronous
    // requires, 10–20 ms sooner than the same code as a graph of ES chunks (issue 22). Their few modules (the
    // banner's layout, the messages) are thus in the bundle twice; each copy reads the same environment, so both
    // draw the same. The banner's pictures and escape codes are computed here once per colour level, with chalk
    // (src/build/early-kit-inlined.ts): the early paint only picks the ones for the terminal's level.
    await commonJsFiles({
      entry: { "early-screen": "src/interactive/early-screen.ts", "early-paint": "src/interactive/early-paint.ts" },
      noExternal: [/.*/],
      outExtension: () => ({ js: ".cjs" }),
      define: { "process.env.NODE_ENV": JSON.stringify("production") },
      esbuildPlugins: [earlyKitInlined()],
    });
    // `maia -p` and a sub-agent's process (src/headless/print-entry.ts): one CommonJS file, every dependency
    // inlined but the libraries of src/build/print-libs.ts (files of their own beside it, required on first use),
    // that the command loads with a V8 code cache taken after a run (src/code-cache.ts, issue 22). It duplicates
    // the ES bundle's code on the print path; the hub (`maia hub` only) is left out.
    const printFiles: Options = {
      noExternal: [/.*/],
      shims: true,
      // No comments nor indentation: a third smaller to read at every start, and pure ASCII (esbuild escapes
      // the rest), which code-cache.ts reads without decoding UTF-8.
      minifyWhitespace: true,
      define: { MAIA_VERSION: JSON.stringify(version), "process.env.NODE_ENV": JSON.stringify("production"), MAIA_IMAGE_WORKER: IMAGE_WORKER },
      // tsup's own plugin would take every `node:` import before builtinImportsAsRequire sees it.
      removeNodeProtocol: false,
    };
    await commonJsFiles({
      ...printFiles,
      entry: { print: "src/headless/print-entry.ts" },
      esbuildPlugins: [leftOut(/^@maia\/plugin-hub$/, "the hub runs from the ES bundle (maia hub)"), requirePrintLibs(), builtinImportsAsRequire(), sharedBuiltins(SHARED_BUILTINS)],
    });
    await commonJsFiles({ ...printFiles, entry: printLibEntries(), esbuildPlugins: [resolveFromOwners(), builtinImportsAsRequire(), sharedBuiltins(SHARED_BUILTINS)] });
    // The image scaling worker and photon's WebAssembly, which its glue code reads from its own folder (__dirname).
    await commonJsFiles({ entry: { "image-worker": "../packages/images/src/scale-worker.ts" }, noExternal: [/.*/], outExtension: () => ({ js: ".cjs" }) });
    const fromImages = createRequire(createRequire(import.meta.url).resolve("@maia/images"));
    copyFileSync(fromImages.resolve("@silvia-odwyer/photon-node/photon_rs_bg.wasm"), new URL("./dist/photon_rs_bg.wasm", import.meta.url));
    // The command: CommonJS, with the version inlined; the ES entry and the early files stay beside it.
    await commonJsFiles({
      entry: { maia: "src/bin.ts" },
      noExternal: [/^@maia\//],
      outExtension: () => ({ js: ".js" }),
      define: { MAIA_VERSION: JSON.stringify(version) },
    });
    writeFileSync(new URL("./dist/package.json", import.meta.url), `${JSON.stringify({ type: "commonjs" })}\n`);
    // The shebang caps V8's young generation at 4 MB per semi-space: by default it grows to 32 MB per
    // semi-space over a long session, which kept ~50 MB more resident for nothing (pnpm bench interactive, issue
    // 6); more frequent scavenges of a small young generation cost nothing measurable here. It also starts at
    // 4 MB rather than growing from 1 MB: a `maia -p` run then makes fewer scavenges while it loads (issue 22,
    // measured ~5% faster with no more memory). `--max-opt=2` stops V8's tiers at Maglev: TurboFan's compiles
    // (on V8's threads) cost more than they save in MAIA's work, short bursts of code run a few thousand times —
    // a long streamed answer takes 11 % less CPU and a ten-answer session grows by 6 MB less, while a hot loop run
    // for long (a microbenchmark's) is up to 1.7× slower (issue 41, docs/benchmarks.md "V8 without TurboFan").
    // `env -S` splits the line into words (GNU coreutils, BSD and macOS env).
    const entry = new URL("./dist/maia.js", import.meta.url);
    writeFileSync(entry, `${SHEBANG}\n${readFileSync(entry, "utf8")}`);
    chmodSync(entry, 0o755);
    const fromPermissions = createRequire(createRequire(import.meta.url).resolve("@maia/plugin-permissions"));
    mkdirSync(new URL("./dist/wasm/", import.meta.url), { recursive: true });
    for (const module of ["web-tree-sitter/web-tree-sitter.wasm", "tree-sitter-bash/tree-sitter-bash.wasm"]) {
      const source = fromPermissions.resolve(module);
      copyFileSync(source, new URL(`./dist/wasm/${module.split("/")[1]}`, import.meta.url));
    }
    // The tokenizer's ranks (OpenAI's o200k_base.tiktoken) go to dist/tokenizer as a binary table that loads
    // without parsing, where the context plugin looks first.
    const { writeTokenizerTable } = await import("@maia/plugin-context/tokenizer-table");
    writeTokenizerTable(new URL("./dist/tokenizer/", import.meta.url).pathname);
    // MAIA's private resources (the template /createAgent copies, plugins/subagents/src/template.ts): the
    // subagents plugin looks for `.ressources/` from the bundle's folder up, so a copy in dist/ goes wherever
    // the bundle goes (an installed package has no repository above it).
    cpSync(new URL("../.ressources/", import.meta.url), new URL("./dist/.ressources/", import.meta.url), { recursive: true });
    // The hub's page (React, CodeMirror) is its own browser bundle, built by the hub package and copied to
    // dist/hub, where `maia hub` serves it from (nothing is fetched from a CDN).
    execFileSync(process.execPath, [new URL("../plugins/hub/page/build.mjs", import.meta.url).pathname], { stdio: "inherit" });
    cpSync(new URL("../plugins/hub/page/dist/", import.meta.url), new URL("./dist/hub/", import.meta.url), { recursive: true });
    // Last: the list of what dist/ loads lazily, which the test suite checks was loaded by some end-to-end test.
    writeLazyModules(new URL("./dist/", import.meta.url).pathname);
  },
  define: { MAIA_VERSION: JSON.stringify(version), MAIA_BUNDLED: "true", "process.env.NODE_ENV": JSON.stringify("production"), MAIA_IMAGE_WORKER: IMAGE_WORKER },
});

/** Ink's reconciler without its dynamic import of devtools.js; the build fails if Ink no longer has it. */
function withoutInkDevtools(): EsbuildPlugin {
  const devtoolsImport = "await import('./devtools.js');";
  return {
    name: "without-ink-devtools",
    setup(pluginBuild) {
      pluginBuild.onLoad({ filter: /[\\/]ink[\\/]build[\\/]reconciler\.js$/ }, (args) => {
        const source = readFileSync(args.path, "utf8");
        if (!source.includes(devtoolsImport)) throw new Error(`${args.path} no longer has ${devtoolsImport}: update withoutInkDevtools in cli/tsup.config.ts`);
        return { contents: source.replace(devtoolsImport, ""), loader: "js" };
      });
    },
  };
}

/** Imports matching `filter` replaced by a module that says why it is not in this file, should one be reached. */
function leftOut(filter: RegExp, why: string): EsbuildPlugin {
  return {
    name: "left-out",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter }, (args) => ({ path: args.path, namespace: "left-out" }));
      pluginBuild.onLoad({ filter: /.*/, namespace: "left-out" }, (args) => ({
        contents: `throw new Error(${JSON.stringify(`${args.path} is not in this bundle: ${why}`)});`,
        loader: "js",
      }));
    },
  };
}

/**
 * `import("node:x")` in bundled code (web-tree-sitter, pkce-challenge) becomes a `require`: print.cjs runs as a
 * vm.Script (src/code-cache.ts), where a dynamic import goes through an experimental loader that prints a
 * warning. A built-in's namespace is its exports plus `default`, which esbuild's interop gives the same way.
 */
function builtinImportsAsRequire(): EsbuildPlugin {
  return {
    name: "builtin-imports-as-require",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[a-z_:/]+$/ }, (args) =>
        args.kind === "dynamic-import" && isBuiltin(args.path) ? { path: args.path, namespace: "builtin-require" } : undefined,
      );
      pluginBuild.onLoad({ filter: /.*/, namespace: "builtin-require" }, (args) => ({
        contents: `module.exports = require(${JSON.stringify(args.path)});`,
        loader: "js",
      }));
    },
  };
}

/** CommonJS files of their own in dist/, one per entry (no shared chunks), added to the ES bundle's. */
function commonJsFiles(options: Options): Promise<void> {
  return build({
    config: false,
    format: ["cjs"],
    target: "node22",
    platform: "node",
    outDir: "dist",
    clean: false,
    splitting: false,
    silent: true,
    esbuildOptions(esbuild) {
      esbuild.supported = { ...esbuild.supported, ...REGEXP_SUPPORT };
    },
    ...options,
  });
}
