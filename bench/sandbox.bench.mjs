// The OS sandbox (issue 35): what it adds to a Bash call, and what its network proxy costs idle.
// Each command runs through util's runShell as the Bash tool runs it: plainly, and through the sandbox's spawn
// seam (bubblewrap + seccomp; with a domain allowed, the nested bubblewrap and socat's relay too), the three
// kinds interleaved call after call so that the machine's load falls on each alike.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";
import { DomainProxy, probeSandbox, resolveBoundary, Sandbox } from "@maia/sandbox";
import { runShell } from "@maia/util";
import { machineLine } from "./machine.mjs";
import { formatMs, summarise } from "./stats.mjs";

console.log(machineLine());

const availability = await probeSandbox(process.env);
if (!availability.ok) {
  console.log(`no sandbox on this machine (${availability.reason}: ${availability.detail}); nothing to measure`);
  process.exit(0);
}

// The proxy idle: heap and resident memory it adds once listening, after a full garbage collection each side.
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");
const memory = () => {
  gc();
  gc();
  const usage = process.memoryUsage();
  return { heap: usage.heapUsed + usage.external, rss: usage.rss };
};
const socketFolder = mkdtempSync(path.join(os.tmpdir(), "maia-bench-proxy-"));
const before = memory();
const proxy = new DomainProxy({ allowedDomains: ["example.org", "*.npmjs.org"], deniedDomains: [], listen: { socket: path.join(socketFolder, "proxy.sock") } });
await proxy.start();
await new Promise((resolve) => setTimeout(resolve, 200));
const after = memory();
console.log(`proxy idle: heap ${((after.heap - before.heap) / 1024).toFixed(0)} KB more, resident ${((after.rss - before.rss) / 1024).toFixed(0)} KB more (this process, after GC)`);
await proxy.close();

const project = mkdtempSync(path.join(os.tmpdir(), "maia-bench-sandbox-"));
const home = mkdtempSync(path.join(os.tmpdir(), "maia-bench-home-"));
const offline = new Sandbox(resolveBoundary({}, { launchFolder: project, homeDir: home }), availability);
const online = new Sandbox(resolveBoundary({ network: { allowedDomains: ["example.org"] } }, { launchFolder: project, homeDir: home }), availability);
const options = { cwd: project, env: process.env, timeoutMs: 60_000, maxChars: 30_000, killGraceMs: 1_000, cutMarker: () => "" };

const COMMANDS = ["true", "ls -la >/dev/null && echo done"];
const RUNS = 40;
for (const command of COMMANDS) {
  const times = { plain: [], sandboxed: [], network: [] };
  const kinds = [
    ["plain", undefined],
    ["sandboxed", (line, spawnOptions) => offline.spawn(line, spawnOptions)],
    ["network", online.networkEnabled ? (line, spawnOptions) => online.spawn(line, spawnOptions) : undefined],
  ];
  // Two warm-up rounds (the first spawn writes the seccomp program; the proxy starts with the first network call).
  for (let run = 0; run < RUNS + 2; run += 1) {
    for (const [kind, spawn] of kinds) {
      if (kind === "network" && spawn === undefined) continue;
      const started = performance.now();
      const result = await runShell(command, { ...options, ...(spawn ? { spawn } : {}) });
      const elapsed = performance.now() - started;
      if (result.status.kind !== "exit" || result.status.code !== 0) throw new Error(`${kind} ${command}: ${JSON.stringify(result)}`);
      if (run >= 2) times[kind].push(elapsed);
    }
  }
  const plain = summarise(times.plain);
  const p95 = (values) => [...values].sort((a, b) => a - b)[Math.floor(0.95 * values.length)];
  console.log(`\`${command}\`, ${RUNS} calls of each kind, interleaved:`);
  console.log(`  plain      median ${formatMs(plain.median)}, p95 ${formatMs(p95(times.plain))}`);
  for (const kind of ["sandboxed", "network"]) {
    if (times[kind].length === 0) continue;
    const summary = summarise(times[kind]);
    console.log(`  ${kind.padEnd(10)} median ${formatMs(summary.median)}, p95 ${formatMs(p95(times[kind]))}; added: median ${formatMs(summary.median - plain.median)}, p95 ${formatMs(p95(times[kind]) - p95(times.plain))}`);
  }
}
if (!online.networkEnabled) console.log("(socat is not installed: the network kind was not measured)");


await offline.close();
await online.close();
for (const folder of [project, home, socketFolder]) rmSync(folder, { recursive: true, force: true });
