// `pnpm bench hub` (this file and hub.bench.mjs): what threads cost `maia hub` — the time to restore 50 threads of
// 200 messages at start (against the same start with no thread), the first List and Conversation after it, the
// hub's memory with them restored and after opening every one of them, and the hub's memory for a long streamed
// answer (MiB of resident memory per MiB of text, at its peak and once it is over). The bundle is what runs
// (`pnpm bench` builds it first), on this machine; the live heap of a long answer is measured on a hub run in
// this process from the sources (a bundle's heap cannot be collected from outside).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import { machineLine } from "../../../bench/machine.mjs";
import { summarise } from "../../../bench/stats.mjs";
import { serializeThread } from "../src/threads/thread-file.ts";
import { threadsFolder } from "../src/threads/thread-store.ts";
import { createHub } from "../src/hub.ts";
import { hubTiming } from "../src/timing.ts";

const here = path.dirname(fileURLToPath(import.meta.url));
const maia = path.resolve(here, "..", "..", "..", "cli", "dist", "maia.js");
const runs = Number(process.env.BENCH_RUNS ?? 7);
const THREADS = 50;
const MESSAGES = 200;
const LONG_MIB = Number(process.env.BENCH_LONG_MIB ?? 4);

const cwd = mkdtempSync(path.join(os.tmpdir(), "maia-bench-threads-cwd-"));
const config = path.join(cwd, "hub.json");
writeFileSync(config, JSON.stringify({ agents: [{ name: "chunks", command: process.execPath, args: [path.join(here, "chunk-agent.mjs")] }], limits: { maxRunningAgents: 2, stopIdleAgentsAfter: 0 } }));

/** A home whose hub folder holds 50 threads of 200 messages (a user request of 200 characters, an answer of 1,000 with a tool call now and then). */
function homeWithThreads() {
  const home = mkdtempSync(path.join(os.tmpdir(), "maia-bench-threads-home-"));
  const folder = path.join(threadsFolder(home, config), "threads");
  mkdirSync(folder, { recursive: true });
  const words = "the quick brown fox jumps over the lazy dog while the model explains the change it made ".repeat(12);
  for (let thread = 0; thread < THREADS; thread += 1) {
    const id = `bench-${String(thread).padStart(3, "0")}`;
    const at = new Date(Date.UTC(2026, 0, 1, 0, thread)).toISOString();
    const messages = Array.from({ length: MESSAGES }, (_, index) => {
      const user = index % 2 === 0;
      const parts = user ? [{ kind: "text", text: words.slice(0, 200) }] : [{ kind: "text", text: words.slice(0, 1000) }];
      if (!user && index % 10 === 1) {
        const toolCall = { id: `t${index}`, title: "Read src/app.ts", kind: "read", status: "completed", input: '{"path":"src/app.ts"}', output: words.slice(0, 600), locations: [{ path: "/src/app.ts", line: 0 }], diffs: [] };
        parts.unshift({ kind: "tool", toolCall });
      }
      return { id: `${id}-${index}`, agent: "chunks", createdAt: at, role: user ? "user" : "agent", parts, done: true, queued: false, stopReason: user ? "" : "end_turn", error: "", code: "" };
    });
    writeFileSync(path.join(folder, `${id}.json`), serializeThread({ version: 1, id, agent: "chunks", title: `Thread ${thread}`, titleSet: true, createdAt: at, updatedAt: at, sessionId: "", unread: false, usage: { used: 0, size: 0 }, messages }));
  }
  return home;
}

async function startHub(home) {
  const started = performance.now();
  const hub = spawn(process.execPath, [maia, "hub", "--no-open", "--config", config], { cwd, env: { PATH: process.env.PATH, HOME: home, MAIA_LANG: "en" }, stdio: ["ignore", "pipe", "inherit"] });
  const banner = await new Promise((resolve, reject) => {
    let out = "";
    hub.stdout.on("data", (chunk) => {
      out += chunk;
      if (out.includes("\n")) resolve(out.trim());
    });
    hub.once("exit", (code) => reject(new Error(`maia hub exited ${code}`)));
  });
  const ready = performance.now() - started;
  const [, base, token] = /^MAIA hub: (http:\/\/[^/]+)\/\?token=(\S+)$/.exec(banner);
  const call = async (service, method, ...args) => {
    const answer = await (await fetch(`${base}/api/${service}/${method}`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${token}` }, body: JSON.stringify(args) })).json();
    if ("error" in answer) throw new Error(answer.error);
    return answer.result;
  };
  const stop = async () => {
    hub.kill("SIGTERM");
    await new Promise((resolve) => hub.once("exit", resolve));
  };
  return { hub, ready, call, stop, base, token };
}

const rss = (pid) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
const settle = () => new Promise((resolve) => setTimeout(resolve, 700));

// A long answer in a hub run in this process (first, while this process holds nothing else), for its live heap
// after a full collection while the answer streams and once it is over: what the text itself costs, apart from
// the garbage that makes the resident memory of the bundle's hub grow (measured below).
v8.setFlagsFromString("--expose-gc");
const collect = vm.runInNewContext("gc");
const heapMib = () => {
  collect();
  collect();
  return process.memoryUsage().heapUsed / (1024 * 1024);
};
const inProcessHome = mkdtempSync(path.join(os.tmpdir(), "maia-bench-threads-heap-"));
const local = await createHub({ homeDir: inProcessHome, launchDir: cwd, env: { PATH: process.env.PATH }, flagPath: config, maiaCommand: { command: process.execPath, args: [] }, timing: hubTiming({}) });
await local.supervisor.start("chunks");
// A first short turn warms everything a turn uses (the thread's file and folder, the SDK's schemas).
const warmed = new Promise((resolve) => local.events.subscribe((name, data) => name === "turn:changed" && !data.busy && resolve()));
local.chat.send("chunks", "answer 100");
await warmed;
await local.threads.flush();
const heapBefore = heapMib();
let heapPeak = heapBefore;
const heapSampler = setInterval(() => (heapPeak = Math.max(heapPeak, heapMib())), 1000);
const localEnded = new Promise((resolve) => local.events.subscribe((name, data) => name === "turn:changed" && !data.busy && resolve()));
local.chat.send("chunks", `long ${LONG_MIB}`);
const streamedText = () => local.chat.conversation("chunks").messages.at(-1)?.parts.reduce((sum, part) => sum + (part.text?.length ?? 0), 0) ?? 0;
await localEnded;
clearInterval(heapSampler);
await local.threads.flush();
const heapAfter = heapMib();
if (streamedText() !== LONG_MIB * 1024 * 1024) throw new Error(`the long answer holds ${streamedText()} characters`);
// The baseline is taken once the thread is deleted (its text let go): what the heap held before the answer
// shifts with what the first turns leave behind.
await local.services.ThreadService.Delete("chunks", local.chat.conversation("chunks").thread);
const heapGone = heapMib();
await local.close();
rmSync(inProcessHome, { recursive: true, force: true });

// Start with and without 50 threads, interleaved (the first of each warms the caches and is not counted).
const withThreads = homeWithThreads();
const empty = mkdtempSync(path.join(os.tmpdir(), "maia-bench-threads-empty-"));
const startWith = [];
const startWithout = [];
const firstRead = [];
for (let run = 0; run < runs + 1; run += 1) {
  for (const [home, times] of [[withThreads, startWith], [empty, startWithout]]) {
    const hub = await startHub(home);
    if (home === withThreads) {
      const asked = performance.now();
      const list = await hub.call("ThreadService", "List", "chunks");
      const conversation = await hub.call("ChatService", "Conversation", "chunks");
      if (list.threads.length !== THREADS || conversation.messages.length !== MESSAGES) throw new Error(`restored ${list.threads.length} threads, ${conversation.messages.length} messages`);
      if (run > 0) firstRead.push(performance.now() - asked);
    }
    if (run > 0) times.push(hub.ready);
    await hub.stop();
  }
}

// Memory: restored (headers only), then every thread opened once (each read from its file, then let go).
const hub = await startHub(withThreads);
await settle();
const afterRestore = rss(hub.hub.pid);
const { threads } = await hub.call("ThreadService", "List", "chunks");
for (const thread of threads) {
  await hub.call("ThreadService", "Open", "chunks", thread.id);
  await hub.call("ChatService", "Conversation", "chunks");
}
await settle();
const afterOpening = rss(hub.hub.pid);

// A long answer, streamed in 8-character chunks into a new thread: the hub's resident memory at its peak and after.
await hub.call("ThreadService", "New", "chunks");
await hub.call("AgentService", "Start", "chunks");
await settle();
const beforeLong = rss(hub.hub.pid);
let peak = beforeLong;
const sampler = setInterval(() => (peak = Math.max(peak, rss(hub.hub.pid))), 100);
const streamStarted = performance.now();
// The turn's end, heard on the event stream as a page hears it (asking for the conversation would itself cost
// copies of the whole answer).
const events = await fetch(`${hub.base}/api/events`, { headers: { authorization: `Bearer ${hub.token}` } });
const ended = (async () => {
  const decoder = new TextDecoder();
  let tail = "";
  for await (const chunk of events.body) {
    tail = (tail + decoder.decode(chunk, { stream: true })).slice(-4096);
    if (/event: turn:changed\ndata: \{[^\n]*"busy":false/.test(tail)) return;
  }
})();
await hub.call("ChatService", "Send", "chunks", `long ${LONG_MIB}`);
await ended;
const streamMs = performance.now() - streamStarted;
clearInterval(sampler);
await settle();
const afterLong = rss(hub.hub.pid);
await hub.stop();
for (const folder of [withThreads, empty]) rmSync(folder, { recursive: true, force: true });

const withStats = summarise(startWith);
const withoutStats = summarise(startWithout);
const read = summarise(firstRead);
console.log(machineLine());
console.log(`start → banner with ${THREADS} threads of ${MESSAGES} messages: median ${withStats.median.toFixed(0)} ms; without: ${withoutStats.median.toFixed(0)} ms (restore ≈ ${(withStats.median - withoutStats.median).toFixed(0)} ms, ${runs} runs each)`);
console.log(`first List + Conversation (one thread of ${MESSAGES} messages read): median ${read.median.toFixed(1)} ms`);
console.log(`hub resident memory: ${afterRestore.toFixed(0)} MiB with ${THREADS} threads restored, ${afterOpening.toFixed(0)} MiB after opening each once`);
console.log(
  `long answer of ${LONG_MIB} MiB in 8-character chunks (${(streamMs / 1000).toFixed(1)} s): hub ${beforeLong.toFixed(0)} → peak ${peak.toFixed(0)} → ${afterLong.toFixed(0)} MiB resident (+${((peak - beforeLong) / LONG_MIB).toFixed(1)} MiB per MiB at the peak, +${((afterLong - beforeLong) / LONG_MIB).toFixed(1)} after)`,
);
console.log(
  `the same answer, live heap of a hub in this process: ${((heapPeak - heapGone) / LONG_MIB).toFixed(2)} MiB per MiB of text at the peak (sampled each second), ${((heapAfter - heapGone) / LONG_MIB).toFixed(2)} once written (against the heap once its thread is deleted; ${(heapBefore - heapGone).toFixed(1)} MiB before it began)`,
);
rmSync(cwd, { recursive: true, force: true });
