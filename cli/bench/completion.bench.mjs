// `@` completion in the input box on a 50,000-file tree: the background listing (the builtin tools' walk,
// .gitignore honoured, then fuzzysort's preparation of each path) and the ranking of one keystroke's query.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { PathIndex } from "../src/ui/completion/path-index.ts";
import { walkFiles } from "@maia/plugin-builtin-tools/walk";
import { machineLine } from "../../bench/machine.mjs";
import { formatMs, summarise } from "../../bench/stats.mjs";

console.log(machineLine());

// 50,000 files: 20 packages × 25 folders × 100 files, plus 5,000 more under an ignored build/ folder.
const root = mkdtempSync(path.join(os.tmpdir(), "maia-bench-completion-"));
const FILES = 50_000;
for (let pkg = 0; pkg < 20; pkg += 1) {
  for (let folder = 0; folder < 25; folder += 1) {
    const dir = path.join(root, `packages/pkg-${pkg}/src/module-${folder}`);
    mkdirSync(dir, { recursive: true });
    for (let file = 0; file < 100; file += 1) writeFileSync(path.join(dir, `component-${file}.ts`), "");
  }
}
mkdirSync(path.join(root, "build"));
for (let file = 0; file < 5_000; file += 1) writeFileSync(path.join(root, "build", `out-${file}.js`), "");
writeFileSync(path.join(root, ".gitignore"), "build/\n");

const list = (visit, signal) => walkFiles({ root, cwd: root, signal, skipNodeModules: true }, (relative) => visit(relative));

const listings = [];
let index;
for (let run = 0; run < 5; run += 1) {
  index = new PathIndex({ list });
  const started = performance.now();
  await index.refresh();
  listings.push(performance.now() - started);
}
const entries = index.rank("", 10_000_000).length;
const listing = summarise(listings);
console.log(`listing + preparing ${FILES.toLocaleString("en")} files (build/ ignored, ${entries} top-level entries): median ${formatMs(listing.median)}, max ${formatMs(listing.max)} (${listing.count} runs, in the background)`);

const queries = ["c", "co", "comp", "pkg3mod", "pkg-13/src/module-2/component-9", "cmp99", "zzz"];
for (const query of queries) {
  const times = [];
  let found = 0;
  for (let run = 0; run < 15; run += 1) {
    const started = performance.now();
    found = index.rank(query, 50).length;
    times.push(performance.now() - started);
  }
  const stats = summarise(times.slice(3));
  console.log(`query "${query}": median ${formatMs(stats.median)}, p99 ${formatMs(stats.p99)} (${found} shown)`);
}
rmSync(root, { recursive: true, force: true });
