import { defineConfig } from "tsup";

/**
 * What `pnpm pack` puts in the kernel's tarball for plugin authors outside this repository (docs/plugins.md):
 * compiled JavaScript and one bundled `.d.ts`. @maia/util is not published, so the parts the kernel uses (the
 * i18n catalogue, `closest`, the validators, the errors, the caret-range check) are bundled in, code and types;
 * tapable, ajv and semver (which those parts of util require) stay the kernel's dependencies, installed by npm. The workspace never reads dist/: it imports src/ (package.json `exports`; `publishConfig` swaps them
 * at pack time).
 */
export default defineConfig({
  entry: { index: "src/index.ts" },
  format: ["esm"],
  target: "node22",
  platform: "node",
  outDir: "dist",
  clean: true,
  sourcemap: false,
  noExternal: [/^@maia\/util/],
  dts: {
    resolve: [/^@maia\/util/],
    // @maia/util exports its sources: point the declaration build at them, so their types are inlined too.
    compilerOptions: { paths: { "@maia/util/*": ["../util/src/*/index.ts", "../util/src/*.ts"] } },
  },
});
