// Whole-process time and peak memory of `maia -p "hi"` against the fake LiteLLM server: what a script or an
// editor pays per request. Needs the bundle (`pnpm bench` builds it first).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { baselineLine, summarise } from "./stats.mjs";
import { shebangFlags } from "./node-flags.mjs";
import { machineLine } from "./machine.mjs";

// Where and when these figures were taken (cores, Node, `node -e 0` here, date): printed before them.
console.log(machineLine());

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
// MAIA_TEST_BIN: another build (an A/B against main), as the other benches take it.
const maia = process.env.MAIA_TEST_BIN || path.join(root, "cli", "dist", "maia.js");
// BENCH_BASELINE_BIN: a build to compare with (before a change), its `-p hi` runs interleaved with this one's,
// run for run, so that a change in the machine's load falls on both.
const baseline = process.env.BENCH_BASELINE_BIN;
const rssReporter = path.join(root, "bench", "report-peak-rss.mjs");
const runs = Number(process.env.BENCH_RUNS ?? 20);

const server = await startFakeLiteLLM();
const home = mkdtempSync(path.join(os.tmpdir(), "maia-bench-home-"));
const cwd = mkdtempSync(path.join(os.tmpdir(), "maia-bench-cwd-"));
await server.writeSettings(home);

/** The fake server's answers and `maia -p`'s arguments of a bench's request. */
const HI = { answers: [{ text: "Hello! How can I help?" }], args: ["-p", "hi"], expect: "Hello" };
// The model runs one Bash command (a pipeline, allowed by `--allow`): the permission check parses it with
// tree-sitter's WebAssembly grammar. Whole-process time: what V8 still compiles in the background when the process
// is done is waited for at exit (CPU read from inside, at the `exit` event, would miss it).
const BASH = {
  answers: [{ toolCalls: [{ name: "Bash", arguments: { command: 'ls -la | grep -v node_modules | head -n 3 && echo "checked: $HOME" || echo failed' } }] }, { text: "Done." }],
  args: ["-p", "run it", ...["ls", "grep", "echo", "head"].flatMap((name) => ["--allow", `Bash(${name} *)`])],
  expect: "Done.",
};

/** One `maia -p` of `request`, start to exit; with `withRss`, its peak memory and CPU read from inside it. */
function once(withRss, bin = maia, request = HI) {
  for (const answer of request.answers) server.enqueue(answer);
  const rssFile = path.join(cwd, "rss.txt");
  const cpuFile = path.join(cwd, "cpu.txt");
  const args = [...shebangFlags(bin), ...(withRss ? ["--import", rssReporter] : []), bin, ...request.args, "--model", "fake-model"];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH, HOME: home, MAIA_LANG: "en", MAIA_RSS_FILE: rssFile, MAIA_CPU_FILE: cpuFile }, stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (data) => (out += data));
    child.on("exit", (code) => {
      const elapsed = performance.now() - started;
      if (code !== 0 || !out.includes(request.expect)) return reject(new Error(`maia exited ${code}: ${out}`));
      const measured = (file) => (withRss ? Number(readFileSync(file, "utf8")) : undefined);
      resolve({ elapsed, rss: withRss ? measured(rssFile) / 1024 : undefined, cpu: withRss ? measured(cpuFile) / 1000 : undefined });
    });
  });
}

/** Whole-process time of `args` (node with the shebang's flags for the bundle, `-e 0` for bare Node). */
function timed(args) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd, env: { PATH: process.env.PATH, HOME: home, MAIA_LANG: "en" }, stdio: "ignore" });
    child.on("exit", (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`${args.join(" ")} exited ${code}`))));
  });
}

await once(false); // warm the file cache (and write the code cache)
if (baseline) await once(false, baseline);
const times = [];
const baselineTimes = [];
for (let run = 0; run < runs; run += 1) {
  times.push((await once(false)).elapsed);
  if (baseline) baselineTimes.push((await once(false, baseline)).elapsed);
}
// `--version` beside a bare `node -e 0`, interleaved (issue 22: it must cost Node's own start and little more).
const version = [];
const bare = [];
for (let run = 0; run < runs; run += 1) {
  version.push(await timed([...shebangFlags(maia), maia, "--version"]));
  bare.push(await timed(["-e", "0"]));
}
// One Bash command checked, then exit.
const bash = [];
const baselineBash = [];
for (let run = 0; run < Math.max(5, Math.min(runs, 9)); run += 1) {
  bash.push((await once(false, maia, BASH)).elapsed);
  if (baseline) baselineBash.push((await once(false, baseline, BASH)).elapsed);
}
// Peak memory and CPU (user + system) of the whole process, from inside it (report-peak-rss.mjs), on runs of
// their own so that the preloaded reporter is not in the timed runs.
const rss = [];
const cpu = [];
for (let run = 0; run < Math.max(5, Math.min(runs, 9)); run += 1) {
  const measured = await once(true);
  rss.push(measured.rss);
  cpu.push(measured.cpu);
}
await server.close();
rmSync(home, { recursive: true, force: true });
rmSync(cwd, { recursive: true, force: true });

const time = summarise(times);
console.log(`maia -p "hi" round trip: median ${time.median.toFixed(0)} ms (min ${time.min.toFixed(0)}, max ${time.max.toFixed(0)}, ${time.count} runs)`);
if (baseline) console.log(baselineLine(path.relative(root, baseline), times, baselineTimes));
const versionTime = summarise(version);
const bareTime = summarise(bare);
console.log(`maia --version: median ${versionTime.median.toFixed(0)} ms (min ${versionTime.min.toFixed(0)}, max ${versionTime.max.toFixed(0)}); node -e 0: median ${bareTime.median.toFixed(0)} ms; ratio ${(versionTime.median / bareTime.median).toFixed(2)}×`);
const bashTime = summarise(bash);
console.log(`maia -p running one Bash command, start to exit: median ${bashTime.median.toFixed(0)} ms (min ${bashTime.min.toFixed(0)}, max ${bashTime.max.toFixed(0)}, ${bashTime.count} runs)`);
if (baseline) console.log(baselineLine(path.relative(root, baseline), bash, baselineBash));
const cpuTime = summarise(cpu);
console.log(`maia -p "hi" CPU (user + system): median ${cpuTime.median.toFixed(0)} ms (min ${cpuTime.min.toFixed(0)}, max ${cpuTime.max.toFixed(0)}, ${cpuTime.count} runs)`);
console.log(`peak resident memory: ${summarise(rss).median.toFixed(0)} MB (median of ${rss.length})`);
