// Saving and loading a 10 MB session (seed § 12): the first save claims the file, the next ones replace it
// atomically (temporary file, fsync, rename); loading parses and validates it. Target: save under 100 ms.
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { formatMs, summarise } from "../../../bench/stats.mjs";
import { SessionKeeper } from "../src/session-keeper.ts";
import { sampleSession } from "@maia/testing-kernel/sample-session";
import { machineLine } from "../../../bench/machine.mjs";

// Where and when these figures were taken (cores, Node, `node -e 0` here, date): printed before them.
console.log(machineLine());

const TARGET_BYTES = 10 * 2 ** 20;
const runs = Number(process.env.BENCH_RUNS ?? 10);
const cwd = mkdtempSync(path.join(os.tmpdir(), "maia-bench-sessions-"));

/** A conversation of about 10 MB: requests, tool calls and tool results of source-like text, French included. */
function fill(target) {
  const line = "export function parse(input: string): Node { // analyse l'entrée, « été » 😀\n";
  let bytes = 0;
  for (let index = 0; bytes < TARGET_BYTES; index += 1) {
    const content = line.repeat(80 + (index % 40));
    const id = `call_${index}`;
    target.messages.push(
      { role: "user", content: [{ type: "text", text: `Read file ${index}` }] },
      { role: "assistant", content: [{ type: "tool_use", id, name: "Read", input: { path: `src/f${index}.ts` } }] },
      { role: "user", content: [{ type: "tool_result", toolUseId: id, content }] },
      { role: "assistant", content: [{ type: "text", text: "Done." }] },
    );
    bytes += Buffer.byteLength(content) + 300;
  }
}

const keeper = new SessionKeeper({ cwd, warn: (message) => console.error(message) });
const firstSaves = [];
const saves = [];
const loads = [];
let size = 0;
for (let run = 0; run < runs; run += 1) {
  const current = sampleSession(cwd, "bench");
  fill(current);
  keeper.rename(current, `bench-${run}`);
  let started = performance.now();
  await keeper.save(current);
  firstSaves.push(performance.now() - started);
  current.messages.push({ role: "user", content: [{ type: "text", text: "one more" }] });
  started = performance.now();
  await keeper.save(current);
  saves.push(performance.now() - started);
  size = statSync(keeper.store.fileOf(`bench-${run}`)).size;
  started = performance.now();
  const loaded = await keeper.store.read(`bench-${run}`);
  loads.push(performance.now() - started);
  if (loaded.messages.length !== current.messages.length) throw new Error("the loaded session differs");
}
rmSync(cwd, { recursive: true, force: true });

const first = summarise(firstSaves);
const save = summarise(saves);
const load = summarise(loads);
console.log(`session file: ${(size / 2 ** 20).toFixed(1)} MB`);
console.log(`first save (claim): median ${formatMs(first.median)} (max ${formatMs(first.max)})`);
console.log(`save (atomic replace): median ${formatMs(save.median)} (max ${formatMs(save.max)}) (target < 100 ms: ${save.median < 100 ? "met" : "MISSED"})`);
console.log(`load (parse + validate): median ${formatMs(load.median)} (max ${formatMs(load.max)})`);
