// What checkpoints add to a turn (issue: under 100 ms on a 5,000-file repository): a copy of a real tree (the
// workspace's own node_modules/.pnpm, 5,000 files), its first snapshot (git hashes every file once), then turns
// that change one file: the snapshot before the first call and the one after, which git's index stat cache keeps
// cheap, and the list of what changed. Split the way a user meets it: the "before" snapshot delays the turn's first
// call that may change files (the folder is unchanged since the previous turn's "after": one `git status`), the
// "after" snapshot and the list of changes delay the prompt at the end of the turn.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { machineLine } from "../../../bench/machine.mjs";
import { formatMs, summarise } from "../../../bench/stats.mjs";
import { CheckpointStore } from "../src/checkpoint-store.ts";

const FILES = Number(process.env.BENCH_FILES ?? 5000);
const turns = Number(process.env.BENCH_RUNS ?? 20);
const source = fileURLToPath(new URL("../../../node_modules/.pnpm", import.meta.url));
const work = mkdtempSync(path.join(os.tmpdir(), "maia-bench-checkpoints-"));
const cwd = path.join(work, "tree");
const home = path.join(work, "home");

/** Copies files of the real tree, folder by folder (depth first, stopping early), until FILES files are there. */
function copyTree() {
  let copied = 0;
  const folders = [source];
  while (folders.length > 0 && copied < FILES) {
    const folder = folders.pop();
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (copied >= FILES) break;
      const from = path.join(folder, entry.name);
      if (entry.isDirectory()) folders.push(from);
      else if (entry.isFile()) {
        const to = path.join(cwd, path.relative(source, from));
        mkdirSync(path.dirname(to), { recursive: true });
        copyFileSync(from, to);
        copied += 1;
      }
    }
  }
  return copied;
}

try {
  const count = copyTree();
  const store = await CheckpointStore.open({ homeDir: home, cwd, env: process.env });
  let started = performance.now();
  await store.repo.snapshot("first");
  const first = performance.now() - started;
  const perTurn = [];
  const befores = [];
  const afters = [];
  const probe = path.join(cwd, "probe.txt");
  for (let turn = 0; turn < turns; turn += 1) {
    started = performance.now();
    const before = await store.repo.snapshot("before");
    befores.push(performance.now() - started);
    writeFileSync(probe, `turn ${turn}\n`);
    const mid = performance.now();
    await store.repo.snapshotSince(before, "after");
    afters.push(performance.now() - mid);
    perTurn.push(befores.at(-1) + afters.at(-1));
  }
  const turn = summarise(perTurn);
  console.log(machineLine());
  console.log(`checkpoints: ${count} files (copied from node_modules/.pnpm); first snapshot ${formatMs(first)}`);
  console.log(`checkpoints: per turn (snapshot before + after + list of changes) median ${formatMs(turn.median)}, max ${formatMs(turn.max)} over ${turns} turns (target < 100 ms)`);
  console.log(`checkpoints: before the first call median ${formatMs(summarise(befores).median)}; at the end of the turn (after + changes) median ${formatMs(summarise(afters).median)}`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
