// `pnpm bench`: runs every benchmark of the repository, each in its own Node process, one after the other
// (two cores here: running them side by side would measure the contention, not the code).
//   pnpm bench                run them all
//   pnpm bench sse headless   only those whose file name contains one of the words
import { spawnSync } from "node:child_process";
import { readdirSync, existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const folders = [path.join(root, "bench"), path.join(root, "cli", "bench"), ...readdirSync(path.join(root, "plugins")).map((name) => path.join(root, "plugins", name, "bench"))];
const filters = process.argv.slice(2);
const files = folders
  .filter((folder) => existsSync(folder))
  .flatMap((folder) => readdirSync(folder).filter((name) => name.endsWith(".bench.mjs")).map((name) => path.join(folder, name)))
  .filter((file) => filters.length === 0 || filters.some((word) => path.basename(file).includes(word)));

let failed = 0;
for (const file of files) {
  console.log(`\n## ${path.relative(root, file)}`);
  const result = spawnSync(process.execPath, [file], { stdio: "inherit", cwd: root });
  if (result.status !== 0) failed += 1;
}
process.exit(failed === 0 ? 0 : 1);
