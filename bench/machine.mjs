// The context every benchmark prints beside its figures, so a figure quoted in the docs says where and when it
// was taken: date, cores and CPU model, memory, Node version, and what a bare `node -e 0` costs on this machine.
import { spawnSync } from "node:child_process";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { summarise } from "./stats.mjs";

function bareNode(runs = 7) {
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    spawnSync(process.execPath, ["-e", "0"]);
    times.push(performance.now() - started);
  }
  return summarise(times).median;
}

export function machineLine() {
  const cpus = os.cpus();
  const memory = (os.totalmem() / 1024 ** 3).toFixed(0);
  return `machine: ${new Date().toISOString().slice(0, 10)}, ${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${memory} GiB, Node ${process.version}, node -e 0 in ${bareNode().toFixed(0)} ms`;
}
