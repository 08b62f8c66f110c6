// `pnpm pack` in cli/ (its prepack script): the tarball is cli/dist as it stands, so a missing or partial build,
// or the build of another version, is refused here with what to do instead of being packed. It does not build:
// a build empties cli/dist first, which would break whatever runs from it meanwhile (the end-to-end tests).
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const dist = fileURLToPath(new URL("../../dist/", import.meta.url));
// What the package needs beside the bundle's code: its entries, and the files it reads (cli/tsup.config.ts).
const NEEDED = [
  "maia.js",
  "maia.mjs",
  "print.cjs",
  "early-paint.cjs",
  "early-screen.cjs",
  "package.json",
  "wasm/web-tree-sitter.wasm",
  "wasm/tree-sitter-bash.wasm",
  "tokenizer/o200k_base.maia-bpe",
  "hub/index.html",
  "hub/app.js",
  ".ressources/AGENT.md",
];

const { version } = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as { version: string };
const missing = NEEDED.filter((file) => !existsSync(`${dist}${file}`));
if (missing.length > 0) fail(`cli/dist is not a complete build (missing: ${missing.join(", ")})`);
const built = execFileSync(process.execPath, [`${dist}maia.js`, "--version"], { encoding: "utf8" }).trim();
if (built !== version) fail(`cli/dist is the build of version ${built}, and cli/package.json says ${version}`);

function fail(problem: string): never {
  process.stderr.write(`Cannot pack MAIA: ${problem}. Run \`pnpm build\` at the repository's root first.\n`);
  process.exit(1);
}
