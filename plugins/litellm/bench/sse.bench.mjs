// SSE parsing: throughput of the LiteLLM stream parser, and the delay from a chunk's arrival to its
// text_delta event (what a user perceives as streaming latency, without the network).
import { performance } from "node:perf_hooks";
import { parseChatStream } from "../src/chat-stream.ts";
import { formatMs, summarise } from "../../../bench/stats.mjs";
import { machineLine } from "../../../bench/machine.mjs";

// Where and when these figures were taken (cores, Node, `node -e 0` here, date): printed before them.
console.log(machineLine());

const encoder = new TextEncoder();
const chunk = (delta) =>
  `data: ${JSON.stringify({ id: "c", object: "chat.completion.chunk", created: 0, model: "m", choices: [{ index: 0, delta, finish_reason: null }] })}\n\n`;

// Throughput: 20,000 text chunks (~2.5 MB), cut into 16 KB network reads.
const pieces = Array.from({ length: 20_000 }, (_, index) => chunk({ content: `token ${index} ` }));
pieces.push(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`);
const bytes = encoder.encode(pieces.join(""));
const textLength = Array.from({ length: 20_000 }, (_, index) => `token ${index} `.length).reduce((sum, length) => sum + length, 0);
const reads = [];
for (let offset = 0; offset < bytes.length; offset += 16_384) reads.push(bytes.subarray(offset, offset + 16_384));

async function* body() {
  for (const read of reads) yield read;
}

const runs = [];
for (let run = 0; run < 12; run += 1) {
  const started = performance.now();
  // The text of a read comes as one delta: what is checked is that all of it came.
  let text = 0;
  for await (const event of parseChatStream(body())) if (event.type === "text_delta") text += event.text.length;
  runs.push(performance.now() - started);
  if (text !== textLength) throw new Error(`${text} characters of text, not ${textLength}`);
}
const throughput = summarise(runs.slice(2));
const mb = bytes.length / 1e6;
console.log(`throughput: ${(mb / (throughput.median / 1000)).toFixed(1)} MB/s, ${Math.round(20_000 / (throughput.median / 1000)).toLocaleString("en")} chunks/s (median of ${throughput.count} runs over ${mb.toFixed(1)} MB)`);

// Latency: one chunk at a time through a queue, time from push to the matching text_delta.
const queue = [];
let wake;
async function* live() {
  for (;;) {
    while (queue.length === 0) await new Promise((resolve) => (wake = resolve));
    const next = queue.shift();
    if (next === null) return;
    yield next;
  }
}
const pushedAt = [];
const delays = [];
const consumer = (async () => {
  let index = 0;
  for await (const event of parseChatStream(live())) {
    if (event.type === "text_delta") delays.push(performance.now() - pushedAt[index++]);
  }
})();
for (let index = 0; index < 2_000; index += 1) {
  pushedAt.push(performance.now());
  queue.push(encoder.encode(chunk({ content: `t${index}` })));
  wake?.();
  await new Promise((resolve) => setImmediate(resolve));
}
queue.push(encoder.encode(`data: ${JSON.stringify({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\ndata: [DONE]\n\n`), null);
wake?.();
await consumer;
const latency = summarise(delays.slice(100));
console.log(`chunk → text_delta: median ${formatMs(latency.median)}, p99 ${formatMs(latency.p99)} (${latency.count} chunks)`);
