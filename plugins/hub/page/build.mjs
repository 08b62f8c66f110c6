// Bundles the hub's page into page/dist: index.html, app.js, app.css. Run as `node plugins/hub/page/build.mjs`
// or `pnpm --filter @maia/plugin-hub build:page`. Everything the page needs is in these files: nothing is
// fetched from a CDN, and index.html holds no inline code (the hub serves a strict Content-Security-Policy).
import { copyFile, mkdir, rm } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, "dist");

await rm(dist, { recursive: true, force: true });
await mkdir(dist, { recursive: true });

const result = await build({
  absWorkingDir: here,
  entryPoints: { app: "src/main.tsx" },
  outdir: dist,
  bundle: true,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  sourcemap: false,
  jsx: "automatic",
  // The production builds of React: smaller, faster, no development warnings.
  define: { "process.env.NODE_ENV": '"production"' },
  legalComments: "eof",
  charset: "utf8",
  tsconfig: join(here, "tsconfig.json"),
  metafile: true,
  logLevel: "warning",
});

await copyFile(join(here, "index.html"), join(dist, "index.html"));

for (const [file, { bytes }] of Object.entries(result.metafile.outputs)) {
  console.log(`${relative(process.cwd(), join(here, file)).padEnd(40)} ${(bytes / 1024).toFixed(1).padStart(7)} KiB`);
}
