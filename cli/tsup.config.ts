import { readFileSync } from "node:fs";
import { defineConfig } from "tsup";

const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8")) as { version: string };

/**
 * One ESM bundle with a shebang (DESIGN.md, start-up path): every dependency is inlined so that start-up reads
 * one file instead of resolving hundreds of modules; lazy imports (plugins, later Ink) become separate chunks
 * loaded only when used.
 */
export default defineConfig({
  entry: { maia: "src/main.ts" },
  format: ["esm"],
  target: "node22",
  platform: "node",
  outDir: "dist",
  clean: true,
  splitting: true,
  sourcemap: false,
  minify: false,
  noExternal: [/.*/],
  banner: {
    // Bundled CommonJS dependencies (ajv…) call require(); give them one in ESM.
    js: '#!/usr/bin/env node\nimport { createRequire as __maiaCreateRequire } from "node:module";\nconst require = __maiaCreateRequire(import.meta.url);',
  },
  define: { MAIA_VERSION: JSON.stringify(version) },
});
