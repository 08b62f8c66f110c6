import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";

const bundles = new Map<string, Promise<string>>();

/**
 * The "killed at any moment" tests start their TypeScript child a few hundred times: run by Node's type
 * stripping, each start loads a hundred-odd modules of the sources (~0.5 s); bundled once per test process into one
 * file, the same code starts in half that, and the kills land in its writing loop rather than in its loading.
 * Returns the bundle's path (a temporary folder), built on the first call for `entry` and kept after.
 */
export function bundleChild(entry: string): Promise<string> {
  let bundle = bundles.get(entry);
  if (bundle === undefined) {
    bundle = buildChild(entry);
    bundles.set(entry, bundle);
  }
  return bundle;
}

async function buildChild(entry: string): Promise<string> {
  const outfile = path.join(await mkdtemp(path.join(tmpdir(), "maia-child-")), `${path.basename(entry, ".ts")}.mjs`);
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    // The ES build of a dependency first, as the CLI's bundle takes it: jsonc-parser's UMD `main` requires its
    // parts by names esbuild cannot follow.
    mainFields: ["module", "main"],
    logLevel: "silent",
    // CommonJS dependencies (ajv…) bundled into an ES module still call require().
    banner: { js: 'import { createRequire as __childRequire } from "node:module";\nconst require = __childRequire(import.meta.url);' },
  });
  return outfile;
}
