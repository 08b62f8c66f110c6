import { cpSync, mkdtempSync, writeFileSync, rmSync } from "node:fs";
import os from "node:os"; import path from "node:path"; import { performance } from "node:perf_hooks";
import { CheckpointStore } from "../src/checkpoint-store.ts";
const work = mkdtempSync(path.join(os.tmpdir(), "ckprof-")); const cwd = path.join(work, "tree");
cpSync("/tmp/ckprof/tree", cwd, { recursive: true });
const store = await CheckpointStore.open({ homeDir: path.join(work, "home"), cwd, env: { ...process.env } });
let t = performance.now(); await store.repo.snapshot("first"); console.log("first", (performance.now() - t).toFixed(0));
for (let i = 0; i < 5; i++) {
  t = performance.now(); const b = await store.repo.snapshot("b"); const tb = performance.now() - t;
  writeFileSync(path.join(cwd, "probe.txt"), `t${i}\n`);
  t = performance.now(); await store.repo.snapshotSince(b, "a"); const ta = performance.now() - t;
  console.log("before", tb.toFixed(0), "after", ta.toFixed(0));
}
rmSync(work, { recursive: true, force: true });
