// The interactive mode's start-up and memory, in a real pseudo-terminal (util-linux `script`), against the fake
// LiteLLM server (DESIGN.md, start-up path; issue 6 targets):
//   - time from launch to the input box drawn (target: under 0.30 s median);
//   - resident memory when idle, after the first answer (target: under 150 MB), after a 500-message session
//     is loaded, and across 200 turns (target: no growth per turn once the session is long).
// Growth per turn is measured over the second half of the turns only: the first ones also warm up V8 (compiled
// code, inline caches) and fill bounded caches, which is not what grows with a long session. The live heap is
// split into JavaScript objects (what a leak grows) and V8's compiled code and metadata (warm-up, replaced as
// functions are re-optimised).
// Needs the bundle (`pnpm bench` builds it first). BENCH_RUNS (default 15) start-ups are timed, BENCH_TURNS
// (default 200) turns are played, then as many again between heap snapshots.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { baselineLine, summarise } from "./stats.mjs";
import { shebangFlags } from "./node-flags.mjs";
import { machineLine } from "./machine.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const maia = process.env.MAIA_TEST_BIN || path.join(root, "cli", "dist", "maia.js");
const runs = Number(process.env.BENCH_RUNS ?? 15);
// BENCH_BASELINE_BIN: a build to compare with (before a change), its starts interleaved with this one's, start for
// start, so that a change in the machine's load falls on both.
const baseline = process.env.BENCH_BASELINE_BIN;
const turns = Number(process.env.BENCH_TURNS ?? 200);
const INPUT_BOX = "Your request — /help: help";

try {
  execFileSync("script", ["--version"], { stdio: "ignore" });
} catch {
  console.log("skipped: util-linux `script` (a pseudo-terminal) is not available here");
  process.exit(0);
}

const server = await startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });
// Every request gets an answer that names its turn, so the bench knows when it is over.
server.enqueue(...Array.from({ length: 2 * turns + runs + 20 }, (_, index) => ({ text: `Answer number ${index}: ok. END-${index}` })));
const home = mkdtempSync(path.join(os.tmpdir(), "maia-bench-home-"));
const cwd = mkdtempSync(path.join(os.tmpdir(), "maia-bench-cwd-"));
await server.writeSettings(home);

/** The child process of `parent` (maia under `script`), read from /proc: no `ps` needed. */
function childOf(parent) {
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent) return Number(name);
    } catch {
      // ended meanwhile
    }
  }
  throw new Error(`no child of ${parent}`);
}

const quote = (word) => `'${word.replace(/'/g, `'\\''`)}'`;

/** `maia` (`bin`) in a pseudo-terminal of 100 × 40; `screen()` is everything it wrote so far. */
function launch(bin = maia) {
  // --heapsnapshot-signal costs nothing until signalled: the memory run asks for snapshots of the live heap.
  const flags = shebangFlags(bin).map(quote).join(" ");
  const command = `stty cols 100 rows 40; exec ${quote(process.execPath)} ${flags} --heapsnapshot-signal=SIGUSR2 ${quote(bin)} --model fake-model`;
  const started = performance.now();
  const child = spawn("script", ["-qfec", command, "/dev/null"], {
    cwd,
    env: { PATH: process.env.PATH, HOME: home, MAIA_LANG: "en", TERM: "xterm-256color", COLORTERM: "truecolor" },
    stdio: ["pipe", "pipe", "ignore"],
  });
  let output = "";
  const waiters = [];
  child.stdout.on("data", (data) => {
    output += data.toString("utf8");
    for (const waiter of [...waiters]) waiter();
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  return {
    started,
    child,
    exited,
    length: () => output.length,
    /** Resolves with the time it first appears after `from` (a position in the output). */
    waitFor(text, from = 0, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (output.indexOf(text, from) !== -1) {
            waiters.splice(waiters.indexOf(check), 1);
            clearTimeout(timer);
            resolve(performance.now());
          }
        };
        const timer = setTimeout(() => reject(new Error(`no "${text}" within ${timeoutMs} ms`)), timeoutMs);
        waiters.push(check);
        check();
      });
    },
    type: (text) => child.stdin.write(text),
    /** The resident memory of maia itself (the process under `script`), in MB. */
    rss() {
      const pid = childOf(child.pid);
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    /**
     * The live heap (after the full collection a heap snapshot makes), in MB: `total`, and `objects` without V8's
     * compiled code and metadata (code, feedback vectors, maps, hidden arrays), which follow warm-up, not the session.
     */
    async liveHeap() {
      const before = new Set(readdirSync(cwd));
      process.kill(childOf(child.pid), "SIGUSR2");
      // The snapshot is complete once it parses (the process writes it in one go, with pauses).
      let snapshot;
      for (let waited = 0; waited < 120_000 && !snapshot; waited += 500) {
        await sleep(500);
        const written = readdirSync(cwd).find((name) => name.endsWith(".heapsnapshot") && !before.has(name));
        if (!written) continue;
        try {
          snapshot = JSON.parse(readFileSync(path.join(cwd, written), "utf8"));
          rmSync(path.join(cwd, written));
        } catch {
          // still being written
        }
      }
      if (!snapshot) throw new Error("no heap snapshot was written");
      const fields = snapshot.snapshot.meta.node_fields;
      const types = snapshot.snapshot.meta.node_types[0];
      const selfSize = fields.indexOf("self_size");
      const type = fields.indexOf("type");
      const engine = new Set(["code", "hidden", "object shape"]);
      let total = 0;
      let objects = 0;
      for (let index = 0; index < snapshot.nodes.length; index += fields.length) {
        const size = snapshot.nodes[index + selfSize];
        total += size;
        if (!engine.has(types[snapshot.nodes[index + type]])) objects += size;
      }
      return { total: total / 1e6, objects: objects / 1e6 };
    },
  };
}

async function quit(run) {
  run.type("\u0004"); // Ctrl+D on the empty input
  await run.exited;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let answered = 0;
async function turn(run, prompt) {
  const index = answered++;
  const from = run.length();
  run.type(`${prompt}\r`);
  await run.waitFor(`END-${index}`, from);
  await run.waitFor(INPUT_BOX, from);
}

// 1. Time to the input box, cold file cache excluded (one warm-up run).
const times = [];
const baselineTimes = [];
for (let index = 0; index <= runs; index += 1) {
  for (const [bin, into] of [[maia, times], ...(baseline ? [[baseline, baselineTimes]] : [])]) {
    const run = launch(bin);
    const drawn = await run.waitFor(INPUT_BOX);
    if (index > 0) into.push(drawn - run.started);
    await quit(run);
  }
}

// 2. Memory: idle, after the first answer, across many turns.
const run = launch();
await run.waitFor(INPUT_BOX);
await sleep(2_000); // plugins, settings, tokenizer: everything loaded beside the first draw is in now
const idle = run.rss();
await turn(run, "hi");
const afterFirst = run.rss();
const half = Math.max(1, Math.floor(turns / 2));
const samples = [];
for (let index = 1; index <= turns; index += 1) {
  await turn(run, `turn ${index}`);
  if (index === half || index === turns) samples.push({ turn: index, rss: run.rss() });
}
// Then the live heap over as many turns again (a heap snapshot inflates the resident memory: taken last), with a
// snapshot halfway: the growth per turn is read over the second half.
const heapFrom = await run.liveHeap();
for (let index = 1; index <= half; index += 1) await turn(run, `more ${index}`);
const heapMid = await run.liveHeap();
for (let index = half + 1; index <= turns; index += 1) await turn(run, `more ${index}`);
const heapTo = await run.liveHeap();
await quit(run);

// 3. A 500-message session loaded with /load.
const now = new Date().toISOString();
const messages = Array.from({ length: 500 }, (_, index) => ({
  role: index % 2 === 0 ? "user" : "assistant",
  content: [{ type: "text", text: `${index % 2 === 0 ? "Question" : "Answer"} ${index}: ${"lorem ipsum dolor sit amet ".repeat(12)}` }],
}));
mkdirSync(path.join(cwd, ".maia", ".sessions"), { recursive: true });
writeFileSync(
  path.join(cwd, ".maia", ".sessions", "big.json"),
  JSON.stringify({ version: 1, name: "big", createdAt: now, updatedAt: now, model: "fake-model", cwd, messages, pendingContext: [] }),
);
const loaded = launch();
await loaded.waitFor(INPUT_BOX);
const from = loaded.length();
loaded.type("/load big\r");
await loaded.waitFor("(500 messages)", from, 60_000);
await sleep(1_000);
const afterLoad = loaded.rss();
await quit(loaded);

await server.close();
rmSync(home, { recursive: true, force: true });
rmSync(cwd, { recursive: true, force: true });

const time = summarise(times);
// Wall times on a shared machine follow its load: say what it was.
console.log(`${machineLine()}; load average ${os.loadavg().map((value) => value.toFixed(1)).join(" / ")} (1 / 5 / 15 min)`);
const [mid, end] = samples;
console.log(`input box drawn: median ${time.median.toFixed(0)} ms (min ${time.min.toFixed(0)}, max ${time.max.toFixed(0)}, ${time.count} runs; target < 300 ms)`);
if (baseline) console.log(baselineLine(path.relative(root, baseline), times, baselineTimes));
console.log(`resident memory: idle ${idle.toFixed(0)} MB, after the first answer ${afterFirst.toFixed(0)} MB (target < 150 MB), after loading 500 messages ${afterLoad.toFixed(0)} MB`);
if (mid && end) {
  const rssPerTurn = ((end.rss - mid.rss) * 1024) / (end.turn - mid.turn);
  console.log(`resident memory over ${turns} turns: ${mid.rss.toFixed(0)} MB at turn ${mid.turn}, ${end.rss.toFixed(0)} MB at turn ${end.turn} (${rssPerTurn.toFixed(1)} KB per turn over the second half)`);
}
const perTurn = (from, to, count) => (((to - from) * 1e6) / 1024 / count).toFixed(1);
const later = turns - half;
console.log(
  `live heap (heap snapshots) over ${turns} more turns: ${heapFrom.total.toFixed(1)} → ${heapMid.total.toFixed(1)} → ${heapTo.total.toFixed(1)} MB; ` +
    `over the last ${later}: ${perTurn(heapMid.total, heapTo.total, later)} KB per turn, of which JavaScript objects ${perTurn(heapMid.objects, heapTo.objects, later)} KB ` +
    `(over all ${turns}: ${perTurn(heapFrom.total, heapTo.total, turns)} KB, objects ${perTurn(heapFrom.objects, heapTo.objects, turns)} KB)`,
);
// Other assistants' figures only come from one side-by-side run on the same machine, never from another day's.
console.log("side by side with Codex CLI and Claude Code, in one run: BENCH_ASSISTANTS=1 node bench/assistants.bench.mjs");
