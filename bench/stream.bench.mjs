// Streaming a long answer in the interactive mode (issue 41), in a real terminal (tmux, 100 × 40) against the fake
// LiteLLM server:
//   - one long answer: a 16,000-character (about 4,000-token) Markdown answer with headings, lists, a table and
//     code blocks, streamed at a steady 250 chunks of 4 characters per second, in a fresh `maia`. Measured: the CPU
//     time of the MAIA process from Enter to idle (utime + stime from /proc/<pid>/stat: what a busy machine
//     distorts least), the render lag (the last chunk written by the server → the answer's end marker written to
//     the terminal, and → the input box back), the bytes written to the terminal, the peak resident memory (VmHWM);
//   - a session of ten answers of 6,000 characters (about 1,500 tokens) in a row, in one `maia`: the CPU of each
//     answer (the tenth against the first), the resident memory before the first and after each.
// The terminal's bytes reach the bench through `tmux pipe-pane` into a FIFO, as tmux reads them: no screen polling
// (which would cost CPU on the machine being measured). "Idle" is the input box back, plus one second.
//
// BENCH_RUNS (default 5) long answers per build; BENCH_SESSIONS (default 1) ten-answer sessions per build.
// BENCH_BASELINE_BIN: another build (before a change), its runs interleaved with this one's, run for run.
// BENCH_NODE_FLAGS: more flags for the measured `maia` (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`, written when it
// exits); BENCH_ONLY=answer|session runs one part. BENCH_HEAP=1: in the session, a heap snapshot after the first and
// the last answer (Node's --heapsnapshot-signal; a snapshot collects the garbage first): the live heap, what resident
// memory alone cannot tell apart from pages V8 keeps (the resident figures of such a session are not comparable);
// BENCH_HEAP_KEEP=DIR copies the two snapshots there (to diff them in Chrome's DevTools). Each session also prints its
// resident memory by kind of mapping (/proc/<pid>/smaps) before the first answer, after it and after the last.
import { execFileSync, spawn } from "node:child_process";
import { copyFileSync, createReadStream, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { machineLine } from "./machine.mjs";
import { shebangFlags } from "./node-flags.mjs";
import { summarise } from "./stats.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const maia = process.env.MAIA_TEST_BIN || path.join(root, "cli", "dist", "maia.js");
const baseline = process.env.BENCH_BASELINE_BIN;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const sessions = Number(process.env.BENCH_SESSIONS ?? 1);
const only = process.env.BENCH_ONLY;
const heapSnapshots = process.env.BENCH_HEAP === "1";
const extraFlags = (process.env.BENCH_NODE_FLAGS ?? "").split(/\s+/).filter(Boolean);
const INPUT_BOX = "Your request — /help: help";
const CHUNK_CHARS = 4;
const CHUNK_EVERY_MS = 4; // 250 chunks per second
const LONG_CHARS = 16_000;
const SESSION_CHARS = 6_000;
const SESSION_ANSWERS = 10;
const IDLE_SETTLE_MS = 1_000;
const TICK_SECONDS = 1 / Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim() || 100);

try {
  execFileSync("tmux", ["-V"], { stdio: "ignore" });
} catch {
  console.log("skipped: tmux is not available here");
  process.exit(0);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const quote = (word) => `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * A Markdown answer of about `chars` characters, as a model writes one: sections with a heading, paragraphs with
 * bold and inline code, a bullet list, a numbered list, a table and code blocks; its last line is `marker` alone.
 */
export function markdownAnswer(chars, marker) {
  const sections = [];
  let length = 0;
  for (let index = 1; length < chars; index += 1) {
    const section = [
      `## ${index}. Step ${index}: reading the \`module-${index}\` code`,
      "",
      `The **module ${index}** reads its configuration once, keeps it in a \`Map\`, and hands each caller a frozen copy. ` +
        `That keeps the hot path free of allocations, which matters when the loop runs ${index * 1000} times a second.`,
      "",
      "- it validates the input against the schema",
      `- it caches the result for ${index} minutes`,
      "- it logs a warning when the cache is cold",
      "",
      `| option | default | meaning |`,
      `| --- | --- | --- |`,
      `| \`retries\` | ${index} | how many times a failed call is tried again |`,
      `| \`timeoutMs\` | ${index * 500} | how long one call may take |`,
      "",
      "```ts",
      `export function load${index}(path: string): Config {`,
      `  const text = readFileSync(path, "utf8");`,
      `  return Object.freeze(parse(text, { strict: true, step: ${index} }));`,
      "}",
      "```",
      "",
      `1. Run \`pnpm test module-${index}\` and read the failures.`,
      "2. Fix the first one; the others often follow from it.",
      "",
      "```bash",
      `pnpm exec vitest run src/module-${index} --reporter=dot`,
      "```",
      "",
    ].join("\n");
    sections.push(section);
    length += section.length + 1;
  }
  return `# A long answer\n\n${sections.join("\n")}\n${marker}\n`;
}

function cut(text, size) {
  const chunks = [];
  for (let at = 0; at < text.length; at += size) chunks.push(text.slice(at, at + size));
  return chunks;
}

/** utime and stime of a /proc stat line, in seconds. */
function statTimes(stat) {
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { user: Number(fields[11]) * TICK_SECONDS, system: Number(fields[12]) * TICK_SECONDS };
}

/**
 * /proc/<pid>/stat: CPU seconds (user + system, threads included), the system part alone, and the main thread's
 * part (the rest is V8's helper threads: garbage collection and optimising compilation, and libuv's).
 */
function cpuSeconds(pid) {
  const all = statTimes(readFileSync(`/proc/${pid}/stat`, "utf8"));
  const main = statTimes(readFileSync(`/proc/${pid}/task/${pid}/stat`, "utf8"));
  return { total: all.user + all.system, system: all.system, main: main.user + main.system };
}

/**
 * Resident memory by kind of mapping, in MB (/proc/<pid>/smaps): files (the node binary, shared libraries, the
 * bundle's WebAssembly), malloc's main heap (`[heap]`), anonymous mappings (V8's heap pages and code space, the
 * threads' malloc arenas) and the stacks — what a growth of VmRSS is made of.
 */
function residentByKind(pid) {
  const kinds = { files: 0, mallocHeap: 0, anonymous: 0, stacks: 0 };
  let kind = "anonymous";
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \d+\s*(.*)$/.exec(line);
    if (mapping) {
      const name = mapping[1] ?? "";
      kind = name === "[heap]" ? "mallocHeap" : name.startsWith("[stack") ? "stacks" : name.startsWith("/") ? "files" : "anonymous";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) kinds[kind] += Number(rss[1]) / 1024;
  }
  return kinds;
}

/** Resident memory now (VmRSS) and at its peak (VmHWM), in MB. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: field("VmRSS"), peak: field("VmHWM") };
}

const server = await startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });
const home = mkdtempSync(path.join(os.tmpdir(), "maia-bench-home-"));
const cwd = mkdtempSync(path.join(os.tmpdir(), "maia-bench-cwd-"));
const work = mkdtempSync(path.join(os.tmpdir(), "maia-bench-tmux-"));
await server.writeSettings(home);
let launched = 0;
let answers = 0;

/** `maia` (`bin`) alone in a tmux pane of 100 × 40; every byte it writes comes back through a FIFO. */
async function launch(bin, moreFlags = []) {
  launched += 1;
  const socket = `maia-bench-stream-${process.pid}-${launched}`;
  const config = path.join(work, "tmux.conf");
  const fifo = path.join(work, `out-${launched}`);
  execFileSync("sh", ["-c", `printf 'set -g status off\\nset -g default-terminal xterm-256color\\nset -g history-limit 100000\\n' > ${quote(config)}`]);
  execFileSync("mkfifo", [fifo]);
  const flags = [...shebangFlags(bin), ...extraFlags, ...moreFlags].map(quote).join(" ");
  const env = { PATH: process.env.PATH, HOME: home, MAIA_LANG: "en", COLORTERM: "truecolor", TMUX: "" };
  // Started on a shell that waits, so that the pipe is in place before maia writes its first byte.
  execFileSync("tmux", ["-L", socket, "-f", config, "new-session", "-d", "-s", "bench", "-x", "100", "-y", "40", "read go; exec " + `${quote(process.execPath)} ${flags} ${quote(bin)} --model fake-model`], { cwd, env });
  let output = "";
  const waiters = new Set();
  const reader = createReadStream(fifo, { encoding: "latin1" });
  reader.on("data", (data) => {
    output += data;
    const now = performance.now();
    for (const waiter of [...waiters]) waiter(now);
  });
  execFileSync("tmux", ["-L", socket, "pipe-pane", "-t", "bench", `cat > ${quote(fifo)}`]);
  execFileSync("tmux", ["-L", socket, "send-keys", "-t", "bench", "Enter"]);
  await sleep(200);
  const pid = Number(execFileSync("tmux", ["-L", socket, "display-message", "-p", "-t", "bench", "#{pane_pid}"], { encoding: "utf8" }).trim());
  return {
    pid,
    length: () => output.length,
    /** Frames drawn since `from`: each is framed by the synchronized-output marks (DEC mode 2026). */
    frames: (from) => output.slice(from).split("\u001b[?2026h").length - 1,
    /** Resolves with the time `text` was first read at or after `from` (a position in the output). */
    waitFor(text, from = 0, timeoutMs = 120_000) {
      // The output is read as latin1 (one character per byte, so lengths are bytes): the text is looked for so too.
      const bytes = Buffer.from(text, "utf8").toString("latin1");
      return new Promise((resolve, reject) => {
        const check = (now) => {
          if (output.indexOf(bytes, from) === -1) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(now);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no "${text}" within ${timeoutMs} ms; the end of the output:\n${output.slice(-2000)}`));
        }, timeoutMs);
        waiters.add(check);
        check(performance.now());
      });
    },
    type: (text) => execFileSync("tmux", ["-L", socket, "send-keys", "-t", "bench", "-l", text]),
    enter: () => execFileSync("tmux", ["-L", socket, "send-keys", "-t", "bench", "Enter"]),
    async quit() {
      execFileSync("tmux", ["-L", socket, "send-keys", "-t", "bench", "C-d"]);
      for (let waited = 0; waited < 15_000; waited += 100) {
        try {
          process.kill(pid, 0);
        } catch {
          break;
        }
        await sleep(100);
      }
      try {
        execFileSync("tmux", ["-L", socket, "kill-server"], { stdio: "ignore" });
      } catch {
        // maia's end closed the pane, and so the server
      }
      reader.destroy();
      rmSync(fifo, { force: true });
    },
  };
}

/**
 * One answer of `chars` characters, from Enter to idle: CPU seconds, render lags (ms), bytes written, and the wall
 * time of the stream itself.
 */
async function answer(run, chars) {
  const index = answers++;
  const marker = `END-OF-ANSWER-${String(index).padStart(4, "0")}-X`;
  const chunks = cut(markdownAnswer(chars, marker), CHUNK_CHARS);
  let lastChunkAt = 0;
  let firstChunkAt = 0;
  server.enqueue({
    text: chunks,
    chunkDelayMs: CHUNK_EVERY_MS,
    steadyPace: true,
    onWritten: (event) => {
      if (event === 0) firstChunkAt = performance.now();
      if (event === chunks.length - 1) lastChunkAt = performance.now();
    },
  });
  const prompt = `question ${index}`;
  const typedFrom = run.length();
  run.type(prompt);
  await run.waitFor(prompt, typedFrom);
  await sleep(100);
  // From here on the input box's help text is gone (the box holds the prompt, then « Working »): its return is
  // the end of the turn.
  const from = run.length();
  const cpuBefore = cpuSeconds(run.pid);
  // With --cpu-prof, the profile's samples of this answer are those between these two instants (its clock).
  const windowStart = process.hrtime.bigint() / 1000n;
  run.enter();
  const markerAt = await run.waitFor(marker, from);
  const boxAt = await run.waitFor(INPUT_BOX, from);
  await sleep(IDLE_SETTLE_MS);
  const cpuAfter = cpuSeconds(run.pid);
  if (extraFlags.some((flag) => flag.startsWith("--cpu-prof"))) console.log(`  profile window: ${windowStart}–${process.hrtime.bigint() / 1000n} µs`);
  return {
    cpu: cpuAfter.total - cpuBefore.total,
    systemCpu: cpuAfter.system - cpuBefore.system,
    mainCpu: cpuAfter.main - cpuBefore.main,
    markerLagMs: markerAt - lastChunkAt,
    boxLagMs: boxAt - lastChunkAt,
    streamSeconds: (lastChunkAt - firstChunkAt) / 1000,
    bytes: run.length() - from,
    frames: run.frames(from),
  };
}

/** The live heap of `run` now, in MB: a heap snapshot (SIGUSR2), its nodes' sizes added up. */
async function liveHeapMb(run, folder) {
  const known = new Set(readdirSync(folder));
  process.kill(run.pid, "SIGUSR2");
  for (let waited = 0; waited < 120_000; waited += 250) {
    await sleep(250);
    const file = readdirSync(folder).find((name) => !known.has(name) && name.endsWith(".heapsnapshot"));
    if (!file) continue;
    // Written when its size stops changing.
    const size = statSync(path.join(folder, file)).size;
    await sleep(500);
    if (statSync(path.join(folder, file)).size !== size || size === 0) continue;
    const snapshot = JSON.parse(readFileSync(path.join(folder, file), "utf8"));
    const fields = snapshot.snapshot.meta.node_fields;
    const sizeAt = fields.indexOf("self_size");
    let total = 0;
    for (let at = sizeAt; at < snapshot.nodes.length; at += fields.length) total += snapshot.nodes[at];
    if (process.env.BENCH_HEAP_KEEP) copyFileSync(path.join(folder, file), path.join(process.env.BENCH_HEAP_KEEP, file));
    rmSync(path.join(folder, file));
    return total / 1e6;
  }
  throw new Error("no heap snapshot within two minutes");
}

async function started(bin, flags = []) {
  const run = await launch(bin, flags);
  await run.waitFor(INPUT_BOX);
  await run.waitFor("200k"); // the context bar, once the tokenizer and /model/info are in
  await sleep(1_500);
  return run;
}

const builds = [{ name: "this build", bin: maia }, ...(baseline ? [{ name: "baseline", bin: baseline }] : [])];
const long = new Map(builds.map((build) => [build.name, []]));
const session = new Map(builds.map((build) => [build.name, []]));

if (only !== "session") {
  for (let index = 0; index < runs; index += 1) {
    for (const build of index % 2 === 0 ? builds : [...builds].reverse()) {
      const run = await started(build.bin);
      const result = await answer(run, LONG_CHARS);
      result.peakMb = memory(run.pid).peak;
      await run.quit();
      long.get(build.name).push(result);
      console.log(
        `  ${build.name} run ${index + 1}: CPU ${result.cpu.toFixed(2)} s (main thread ${result.mainCpu.toFixed(2)}, system ${result.systemCpu.toFixed(2)}), end marker +${result.markerLagMs.toFixed(0)} ms, input box +${result.boxLagMs.toFixed(0)} ms, ` +
          `${(result.bytes / 1024).toFixed(0)} KiB written, peak RSS ${result.peakMb.toFixed(0)} MB, ${result.frames} frames, streamed in ${result.streamSeconds.toFixed(1)} s; ` +
          `load ${os.loadavg()[0].toFixed(1)}`,
      );
    }
  }
}

if (only !== "answer") {
  for (let index = 0; index < sessions; index += 1) {
    for (const build of index % 2 === 0 ? builds : [...builds].reverse()) {
      const snapshots = heapSnapshots ? mkdtempSync(path.join(os.tmpdir(), "maia-bench-heap-")) : undefined;
      const run = await started(build.bin, snapshots ? ["--heapsnapshot-signal=SIGUSR2", `--diagnostic-dir=${snapshots}`] : []);
      const before = memory(run.pid).rss;
      const kinds = [residentByKind(run.pid)];
      const results = [];
      const heap = [];
      for (let turn = 0; turn < SESSION_ANSWERS; turn += 1) {
        const result = await answer(run, SESSION_CHARS);
        result.rss = memory(run.pid).rss;
        results.push(result);
        if (turn === 0 || turn === SESSION_ANSWERS - 1) kinds.push(residentByKind(run.pid));
        if (snapshots && (turn === 0 || turn === SESSION_ANSWERS - 1)) heap.push(await liveHeapMb(run, snapshots));
      }
      await run.quit();
      if (snapshots) rmSync(snapshots, { recursive: true, force: true });
      session.get(build.name).push({ before, results, heap, kinds });
      console.log(
        `  ${build.name} session ${index + 1}: CPU per answer ${results.map((result) => result.cpu.toFixed(2)).join(" ")} s (main thread ${results.map((result) => result.mainCpu.toFixed(2)).join(" ")} s); ` +
          `RSS ${before.toFixed(0)} MB before, ${results.map((result) => result.rss.toFixed(0)).join(" ")} MB after each` +
          `${heap.length === 2 ? `; live heap ${heap[0].toFixed(1)} MB after answer 1, ${heap[1].toFixed(1)} MB after answer ${SESSION_ANSWERS}` : ""}; load ${os.loadavg()[0].toFixed(1)}`,
      );
      const kindNames = { files: "files", mallocHeap: "malloc's heap", anonymous: "anonymous (V8, arenas)", stacks: "stacks" };
      console.log(
        `    resident by kind, before → after answer 1 → after answer ${SESSION_ANSWERS} (MB): ` +
          Object.entries(kindNames).map(([key, name]) => `${name} ${kinds.map((kind) => kind[key].toFixed(1)).join(" → ")}`).join("; "),
      );
    }
  }
}

await server.close();
rmSync(home, { recursive: true, force: true });
rmSync(cwd, { recursive: true, force: true });
rmSync(work, { recursive: true, force: true });

// CPU seconds hold on a busy machine; wall times (the lags) follow its load: say what it was.
console.log(`${machineLine()}; load average ${os.loadavg().map((value) => value.toFixed(1)).join(" / ")} (1 / 5 / 15 min)`);
const median = (values) => summarise(values).median;
const range = (values, digits) => `median ${median(values).toFixed(digits)} (min ${summarise(values).min.toFixed(digits)}, max ${summarise(values).max.toFixed(digits)})`;
for (const build of builds) {
  const results = long.get(build.name);
  if (results.length === 0) continue;
  const label = build.name === "baseline" ? `baseline (${path.relative(root, build.bin)})` : build.name;
  console.log(`${label}: a ${LONG_CHARS.toLocaleString("en")}-character Markdown answer at ${1000 / CHUNK_EVERY_MS} chunks of ${CHUNK_CHARS} characters per second, ${results.length} runs:`);
  console.log(`  CPU from Enter to idle: ${range(results.map((result) => result.cpu), 2)} s, of which the main thread ${range(results.map((result) => result.mainCpu), 2)} s (the rest: V8's garbage collection and compiler threads), system (the kernel: terminal writes, the socket) ${range(results.map((result) => result.systemCpu), 2)} s`);
  console.log(`  render lag, last chunk → end marker on the terminal: ${range(results.map((result) => result.markerLagMs), 0)} ms; → input box back: ${range(results.map((result) => result.boxLagMs), 0)} ms`);
  console.log(`  bytes written to the terminal: ${range(results.map((result) => result.bytes / 1024), 0)} KiB in ${range(results.map((result) => result.frames), 0)} frames; peak RSS ${range(results.map((result) => result.peakMb), 0)} MB`);
}
if (baseline && long.get("baseline").length > 0) {
  const ratio = (pick) => median(long.get("this build").map(pick)) / median(long.get("baseline").map(pick));
  console.log(`this build / baseline (medians): CPU ${ratio((result) => result.cpu).toFixed(2)}×, bytes ${ratio((result) => result.bytes).toFixed(2)}×, peak RSS ${ratio((result) => result.peakMb).toFixed(2)}×`);
}
for (const build of builds) {
  const all = session.get(build.name);
  if (all.length === 0) continue;
  const tenthOverFirst = all.map(({ results }) => (results.at(-1)?.cpu ?? 0) / (results[0]?.cpu ?? 1));
  const growth = all.map(({ before, results }) => (results.at(-1)?.rss ?? 0) - before);
  const growthAfterFirst = all.map(({ results }) => (results.at(-1)?.rss ?? 0) - (results[0]?.rss ?? 0));
  console.log(`${build.name}: ${SESSION_ANSWERS} answers of ${SESSION_CHARS.toLocaleString("en")} characters in one session, ${all.length} session(s):`);
  console.log(`  CPU of answer ${SESSION_ANSWERS} / answer 1: ${range(tenthOverFirst, 2)}×; answers 1 and ${SESSION_ANSWERS}: ${all.map(({ results }) => `${results[0]?.cpu.toFixed(2)} s, ${results.at(-1)?.cpu.toFixed(2)} s`).join("; ")}`);
  console.log(`  RSS growth over the ${SESSION_ANSWERS} answers: ${range(growth, 1)} MB (after answer 1 → after answer ${SESSION_ANSWERS}: ${range(growthAfterFirst, 1)} MB)`);
  const heapGrowth = all.filter(({ heap }) => heap.length === 2).map(({ heap }) => heap[1] - heap[0]);
  if (heapGrowth.length > 0) console.log(`  live heap growth, after answer 1 → after answer ${SESSION_ANSWERS}: ${range(heapGrowth, 1)} MB`);
}
