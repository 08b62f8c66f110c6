// The libraries that dist/print.cjs (`maia -p`, sub-agents) loads only when a feature asks for them, each built
// as a CommonJS file of its own beside it, dist/print-<name>.cjs (issue 22). Inlined, they were four fifths of
// print.cjs, which a start reads, and whose code cache it deserialises, whole. Used by cli/tsup.config.ts.
import { createRequire } from "node:module";
import path from "node:path";
import type { EsbuildPlugin } from "./esbuild-plugin.ts";

interface PrintLib {
  /** dist/print-<name>.cjs, from src/headless/print-libs/<name>.js. */
  name: string;
  /** The workspace package that depends on the library: its entry is resolved from there. */
  owner: string;
  /** Each import specifier that maps to the file, with the export that stands for it (the whole file if none). */
  specifiers: Record<string, string | undefined>;
}

export const PRINT_LIBS: readonly PrintLib[] = [
  { name: "turndown", owner: "@maia/plugin-builtin-tools", specifiers: { turndown: undefined } },
  { name: "execa", owner: "@maia/util", specifiers: { execa: undefined } },
  { name: "yaml", owner: "@maia/util", specifiers: { yaml: undefined } },
  { name: "ajv", owner: "@maia/util", specifiers: { ajv: undefined } },
  { name: "web-tree-sitter", owner: "@maia/plugin-permissions", specifiers: { "web-tree-sitter": undefined } },
  // The OS sandbox's mechanics (bubblewrap arguments, the domain proxy with node:http): the first Bash call.
  { name: "sandbox", owner: "@maia/plugin-sandbox", specifiers: { "@maia/sandbox": undefined } },
  {
    name: "mcp-sdk",
    owner: "@maia/plugin-mcp",
    specifiers: {
      "@modelcontextprotocol/sdk/client/auth.js": "auth",
      "@modelcontextprotocol/sdk/client/index.js": "client",
      "@modelcontextprotocol/sdk/client/sse.js": "sse",
      "@modelcontextprotocol/sdk/client/stdio.js": "stdio",
      "@modelcontextprotocol/sdk/client/streamableHttp.js": "streamableHttp",
      "@modelcontextprotocol/sdk/types.js": "types",
    },
  },
];

const fileOf = (lib: PrintLib) => `./print-${lib.name}.cjs`;

/** tsup's entries of the library files. */
export function printLibEntries(): Record<string, string> {
  return Object.fromEntries(PRINT_LIBS.map((lib) => [`print-${lib.name}`, `src/headless/print-libs/${lib.name}.js`]));
}

/**
 * For print.cjs: an import of one of the libraries (static, `require` or `import()`) becomes a `require` of its
 * file, resolved beside print.cjs when it runs. A dynamic import thus needs no ES loader either (code-cache.ts).
 *
 * The importer sees the library's ES namespace, exactly as in the ES bundle: the file is an ES module compiled to
 * CommonJS (its exports flagged `__esModule`), and what stands for the library in print.cjs is an ES module that
 * re-exports it (`print-lib`), not a CommonJS one. Were it CommonJS, esbuild would wrap it with Node's interop for
 * the importing packages (all `"type": "module"`): `default` would be the whole file, `{ default, … }`, and not
 * the library's default export (WebFetch's `new (await import("turndown")).default(...)` failed in `maia -p`
 * with "Service is not a constructor", issue 34). The re-exporting module itself has no package type, so esbuild
 * reads the file's `__esModule` flag as a bundler does and hands its `default` through.
 */
export function requirePrintLibs(): EsbuildPlugin {
  const bySpecifier = new Map(PRINT_LIBS.flatMap((lib) => Object.entries(lib.specifiers).map(([specifier, key]) => [specifier, { lib, key }] as const)));
  return {
    name: "require-print-libs",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^\.\/print-[\w-]+\.cjs$/ }, (args) => ({ path: args.path, external: true }));
      pluginBuild.onResolve({ filter: /^[@\w]/ }, (args) => (bySpecifier.has(args.path) ? { path: args.path, namespace: "print-lib" } : undefined));
      pluginBuild.onResolve({ filter: /^print-lib-file:/ }, (args) => ({ path: args.path.slice("print-lib-file:".length), namespace: "print-lib-file" }));
      pluginBuild.onLoad({ filter: /.*/, namespace: "print-lib" }, (args) => {
        if (!bySpecifier.has(args.path)) return undefined;
        const file = JSON.stringify(`print-lib-file:${args.path}`);
        return { contents: `export * from ${file};\nexport { default } from ${file};`, loader: "js" };
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: "print-lib-file" }, (args) => {
        const { lib, key } = bySpecifier.get(args.path) ?? {};
        if (!lib) return undefined;
        const exported = key === undefined ? "" : `[${JSON.stringify(key)}]`;
        return { contents: `module.exports = require(${JSON.stringify(fileOf(lib))})${exported};`, loader: "js" };
      });
    },
  };
}

/** For the library files: a library is resolved from the workspace package that depends on it. */
export function resolveFromOwners(): EsbuildPlugin {
  const fromCli = createRequire(import.meta.url);
  const owners = new Map(
    PRINT_LIBS.flatMap((lib) => Object.keys(lib.specifiers).map((specifier) => [specifier, path.dirname(fromCli.resolve(lib.owner))] as const)),
  );
  return {
    name: "resolve-from-owners",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[@\w]/ }, async (args) => {
        const owner = owners.get(args.path);
        if (owner === undefined || args.pluginData === "owner") return undefined;
        return pluginBuild.resolve(args.path, { kind: args.kind, resolveDir: owner, pluginData: "owner" });
      });
    },
  };
}
