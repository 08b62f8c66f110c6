// `pnpm bench hub`: what `maia hub` costs — its idle memory, the time from Start to `ready` for `maia acp`, the
// memory with 4 `maia acp` agents ready (the hub and every process under it), the latency from an agent's
// stderr line to the `agent:log` event a page receives, the latency from an agent's text chunk to the page's
// `message:delta` (target: under 20 ms median), and the hub's own memory for a 1,000-message conversation. The bundle is what runs (`pnpm bench` builds it first),
// against the fake LiteLLM server, on this machine.
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { machineLine } from "../../../bench/machine.mjs";
import { summarise } from "../../../bench/stats.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "..", "..", "..");
const maia = path.join(root, "cli", "dist", "maia.js");
const runs = Number(process.env.BENCH_RUNS ?? 7);

const fake = await startFakeLiteLLM();
const home = mkdtempSync(path.join(os.tmpdir(), "maia-bench-hub-home-"));
const cwd = mkdtempSync(path.join(os.tmpdir(), "maia-bench-hub-cwd-"));
await fake.writeSettings(home);
const acp = (name) => ({ name, command: process.execPath, args: [maia, "acp", "--model", "fake-model"] });
const config = path.join(cwd, "hub.json");
writeFileSync(
  config,
  JSON.stringify({
    agents: [acp("maia1"), acp("maia2"), acp("maia3"), acp("maia4"), { name: "ticker", command: process.execPath, args: [path.join(here, "stderr-ticker-agent.mjs")] },
      { name: "chunks", command: process.execPath, args: [path.join(here, "chunk-agent.mjs")] },
    ],
    limits: { maxRunningAgents: 6, stopIdleAgentsAfter: 0 },
  }),
);

const env = { PATH: process.env.PATH, HOME: home, MAIA_LANG: "en" };
const hub = spawn(process.execPath, [maia, "hub", "--no-open", "--config", config], { cwd, env, stdio: ["ignore", "pipe", "inherit"] });
const banner = await new Promise((resolve, reject) => {
  let out = "";
  hub.stdout.on("data", (chunk) => {
    out += chunk;
    if (out.includes("\n")) resolve(out.trim());
  });
  hub.once("exit", (code) => reject(new Error(`maia hub exited ${code}`)));
});
const [, base, token] = /^MAIA hub: (http:\/\/[^/]+)\/\?token=(\S+)$/.exec(banner);
const headers = { "content-type": "application/json", authorization: `Bearer ${token}` };
const call = async (service, method, ...args) => {
  const answer = await (await fetch(`${base}/api/${service}/${method}`, { method: "POST", headers, body: JSON.stringify(args) })).json();
  if ("error" in answer) throw new Error(answer.error);
  return answer.result;
};

// The event stream, read as a page reads it.
const listeners = new Set();
const stream = await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${token}` } });
void (async () => {
  const decoder = new TextDecoder();
  let buffer = "";
  for await (const chunk of stream.body) {
    const received = performance.timeOrigin + performance.now();
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = /^event: (.*)$/m.exec(frame)?.[1];
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (name && data) for (const listener of listeners) listener(name, JSON.parse(data), received);
    }
  }
})().catch(() => undefined);
const waitForState = (agent, state) =>
  new Promise((resolve) => {
    const listener = (name, data) => {
      if (name === "agent:state" && data.agent === agent && data.state === state) {
        listeners.delete(listener);
        resolve(performance.now());
      }
    };
    listeners.add(listener);
  });

/** Resident memory of a process and every process below it, in MiB (Linux /proc). */
function treeRss(pid) {
  const parents = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {}
  }
  const tree = [pid];
  for (let index = 0; index < tree.length; index += 1) for (const [child, parent] of parents) if (parent === tree[index]) tree.push(child);
  let kib = 0;
  for (const member of tree) {
    try {
      kib += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${member}/status`, "utf8"))?.[1] ?? 0);
    } catch {}
  }
  return { mib: kib / 1024, processes: tree.length };
}

await new Promise((resolve) => setTimeout(resolve, 1500));
const idle = treeRss(hub.pid);

// Start → ready of `maia acp`, then stopped again (stdin closed: maia acp exits at once).
const startTimes = [];
for (let run = 0; run < runs + 1; run += 1) {
  const ready = waitForState("maia1", "ready");
  const started = performance.now();
  await call("AgentService", "Start", "maia1");
  const elapsed = (await ready) - started;
  if (run > 0) startTimes.push(elapsed); // the first run warms the file cache and V8's compile cache
  const stopped = waitForState("maia1", "stopped");
  await call("AgentService", "Stop", "maia1");
  await stopped;
}

for (const name of ["maia1", "maia2", "maia3", "maia4"]) {
  const ready = waitForState(name, "ready");
  await call("AgentService", "Start", name);
  await ready;
}
await new Promise((resolve) => setTimeout(resolve, 1000));
const four = treeRss(hub.pid);

// stderr line → agent:log at the page.
const latencies = [];
const enough = new Promise((resolve) => {
  listeners.add((name, data, received) => {
    if (name !== "agent:log" || data.agent !== "ticker") return;
    const sent = Number(/^tick (\S+)$/.exec(data.line)?.[1]);
    if (Number.isFinite(sent)) latencies.push(received - sent);
    if (latencies.length >= 300) resolve();
  });
});
await call("AgentService", "Start", "ticker");
await enough;
await call("AgentService", "Stop", "ticker");

// Agent's text chunk → message:delta at the page.
const waitForTurnEnd = (agent) =>
  new Promise((resolve) => {
    const listener = (name, data) => {
      if (name === "turn:changed" && data.agent === agent && !data.busy) {
        listeners.delete(listener);
        resolve();
      }
    };
    listeners.add(listener);
  });
const chunkLatencies = [];
const onDelta = (name, data, received) => {
  if (name !== "message:delta" || data.agent !== "chunks" || data.kind !== "text") return;
  const sent = Number(/^tick (\S+) $/.exec(data.text ?? "")?.[1]);
  if (Number.isFinite(sent)) chunkLatencies.push(received - sent);
};
listeners.add(onDelta);
await call("AgentService", "Start", "chunks");
let turnEnd = waitForTurnEnd("chunks");
await call("ChatService", "Send", "chunks", "chunks 320");
await turnEnd;
listeners.delete(onDelta);

// 1,000 messages (500 prompts and their answers of 1,000 characters), all queued at once: the hub's own RSS.
const hubRss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${hub.pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
await new Promise((resolve) => setTimeout(resolve, 500));
const beforeConversation = hubRss();
turnEnd = waitForTurnEnd("chunks");
for (let index = 0; index < 500; index += 1) await call("ChatService", "Send", "chunks", "answer 1000");
await turnEnd;
await new Promise((resolve) => setTimeout(resolve, 500));
const afterConversation = hubRss();
const conversation = await call("ChatService", "Conversation", "chunks");

hub.kill("SIGTERM");
await new Promise((resolve) => hub.once("exit", resolve));
await fake.close();
rmSync(home, { recursive: true, force: true });
rmSync(cwd, { recursive: true, force: true });

const start = summarise(startTimes);
const latency = summarise(latencies.slice(20));
console.log(machineLine());
console.log(`maia hub idle: ${idle.mib.toFixed(0)} MiB resident`);
console.log(`Start → ready (maia acp): median ${start.median.toFixed(0)} ms (min ${start.min.toFixed(0)}, max ${start.max.toFixed(0)}, ${start.count} runs)`);
console.log(`4 maia acp agents ready: ${four.mib.toFixed(0)} MiB resident in all (${four.processes} processes, the hub included)`);
console.log(`agent stderr line → page event: median ${latency.median.toFixed(2)} ms, p99 ${latency.p99.toFixed(2)} ms (${latency.count} lines)`);
const chunk = summarise(chunkLatencies.slice(20));
console.log(`agent text chunk → page message:delta: median ${chunk.median.toFixed(2)} ms, p99 ${chunk.p99.toFixed(2)} ms (${chunk.count} chunks; target < 20 ms median)`);
console.log(
  `conversation of ${conversation.messages.length} messages: hub ${beforeConversation.toFixed(0)} → ${afterConversation.toFixed(0)} MiB resident (+${(afterConversation - beforeConversation).toFixed(1)} MiB)`,
);
