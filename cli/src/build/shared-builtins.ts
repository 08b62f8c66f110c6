// One interop object per Node built-in in a CommonJS bundle (issue 22). esbuild gives every module that imports a
// built-in's default (`import path from "node:path"`) a copy of the built-in's exports of its own (`__toESM`):
// print.cjs made 47 copies of node:path and 3 of node:os at each start. The built-ins named here become one
// module of the bundle each, which re-exports the built-in once for every importer.
//
// Only for built-ins imported by default in many modules: a built-in imported by name alone needs no copy at all,
// and a copy of some (node:util) costs more than all of path's. Used by cli/tsup.config.ts.
import { isBuiltin } from "node:module";
import type { EsbuildPlugin } from "./esbuild-plugin.ts";

const NAMESPACE = "shared-builtin";

/** `names`: built-ins without the `node:` prefix (path, os). */
export function sharedBuiltins(names: readonly string[]): EsbuildPlugin {
  const shared = new Set(names);
  return {
    name: NAMESPACE,
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^[a-z_:/]+$/ }, (args) => {
        if (args.kind !== "import-statement" || !isBuiltin(args.path) || !shared.has(args.path.replace(/^node:/, ""))) return undefined;
        // From the shared module itself: the built-in, left to Node.
        if (args.namespace === NAMESPACE) return { path: args.path, external: true };
        return { path: `node:${args.path.replace(/^node:/, "")}`, namespace: NAMESPACE };
      });
      // The built-in's exports once (`export *`), and `default` as Node gives it to an ES module: the exports object.
      pluginBuild.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const specifier = JSON.stringify(args.path);
        return { contents: `const builtin = require(${specifier});\nexport default builtin;\nexport * from ${specifier};\n`, loader: "js" };
      });
    },
  };
}
