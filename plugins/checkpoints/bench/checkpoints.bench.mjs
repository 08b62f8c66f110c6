// What checkpoints add to a turn (issue: under 100 ms on a 5,000-file repository): a copy of a real tree (the
// workspace's own node_modules/.pnpm, 5,000 files), its first snapshot (git hashes every file once), then turns
// that change one file: the snapshot before the first call and the one after, which git's index stat cache keeps
// cheap, and the list of what changed. Split the way a user meets it: the "before" snapshot delays the turn's first
// call that may change files (the folder is unchanged since the previous turn's "after": one `git status`), the
// "after" snapshot and the list of changes delay the prompt at the end of the turn.
// Then what a turn actually waits for, through the plugin's TurnTracker driven as its hooks drive it: a call that
// changes one file, the model answering MODEL_MS later (the snapshot after runs in the background meanwhile), the
// end of the turn. Added wall time = blocked before the call + blocked at the end of the turn.
// BENCH_CHECKPOINTS_SRC=/other/plugins/checkpoints/src times another version's tracker (A/B).
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { machineLine } from "../../../bench/machine.mjs";
import { formatMs, summarise } from "../../../bench/stats.mjs";
const src = process.env.BENCH_CHECKPOINTS_SRC ?? fileURLToPath(new URL("../src/", import.meta.url));
const { CheckpointStore } = await import(path.join(src, "checkpoint-store.ts"));
const { TurnTracker } = await import(path.join(src, "turn-tracker.ts"));

const FILES = Number(process.env.BENCH_FILES ?? 5000);
const turns = Number(process.env.BENCH_RUNS ?? 20);
/** How long the fake model takes to answer after a tool result (a real one: seconds). */
const MODEL_MS = Number(process.env.BENCH_MODEL_MS ?? 300);
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
  // The same turns as the plugin runs them: beforeToolCall, the tool, afterToolCall, the model, afterTurn.
  const tracker = new TurnTracker({ store: async () => store, nameOf: () => "bench", warnOnce: (kind, detail) => console.error(`warning: ${kind} ${detail ?? ""}`) });
  const session = { id: "bench", messages: [] };
  const blockedBefore = [];
  const blockedEnd = [];
  const waited = [];
  for (let turn = 0; turn < turns; turn += 1) {
    tracker.begin(session, `turn ${turn}`);
    const event = { session, call: { type: "tool_use", id: `c${turn}`, name: "Write", input: {} }, tool: {}, output: "", isError: false, feedback: [] };
    started = performance.now();
    await tracker.beforeCall(event);
    blockedBefore.push(performance.now() - started);
    writeFileSync(probe, `tracked turn ${turn}\n`);
    tracker.afterCall?.(event);
    await new Promise((resolve) => setTimeout(resolve, MODEL_MS));
    started = performance.now();
    const record = await tracker.end({ session, status: "done" });
    blockedEnd.push(performance.now() - started);
    if (record?.files.length !== 1) throw new Error(`turn ${turn} recorded ${JSON.stringify(record?.files)}`);
    waited.push(blockedBefore.at(-1) + blockedEnd.at(-1));
  }
  const turn = summarise(perTurn);
  console.log(machineLine());
  console.log(`checkpoints: ${count} files (copied from node_modules/.pnpm); first snapshot ${formatMs(first)}`);
  console.log(`checkpoints: per turn (snapshot before + after + list of changes) median ${formatMs(turn.median)}, max ${formatMs(turn.max)} over ${turns} turns (target < 100 ms)`);
  console.log(`checkpoints: before the first call median ${formatMs(summarise(befores).median)}; at the end of the turn (after + changes) median ${formatMs(summarise(afters).median)}`);
  const wait = summarise(waited);
  console.log(
    `checkpoints: a turn waits (model answering ${MODEL_MS} ms after the tool, ${src === fileURLToPath(new URL("../src/", import.meta.url)) ? "this version" : src}) median ${formatMs(wait.median)}, max ${formatMs(wait.max)}: ` +
      `before the call ${formatMs(summarise(blockedBefore).median)}, at the end of the turn ${formatMs(summarise(blockedEnd).median)} (target < 100 ms)`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
