// countContextTokens on a 200,000-token conversation (seed § 13.1): the first count, then the recount after one new
// message, which the per-block memory makes cost only that message. Target: recount under 2 ms.
import { performance } from "node:perf_hooks";
import { formatMs, summarise } from "../../../bench/stats.mjs";
import { ContextCounter, countContextTokens } from "../src/count-context.ts";
import { loadO200kTokenizer } from "../src/tokenizers.ts";
import { corpusPieces } from "./corpus.mjs";
import { machineLine } from "../../../bench/machine.mjs";

// Where and when these figures were taken (cores, Node, `node -e 0` here, date): printed before them.
console.log(machineLine());

const TARGET_TOKENS = 200_000;
const countText = await loadO200kTokenizer();
const pieces = corpusPieces();
const tools = [{ name: "Read", description: "Reads a file", inputSchema: { type: "object", properties: { path: { type: "string" } } } }];

/** A conversation of user requests, tool calls, tool results and answers, built up to 200k tokens. */
function conversation() {
  const messages = [];
  const counter = new ContextCounter(countText);
  for (let index = 0; counter.countMessages(messages) < TARGET_TOKENS; index += 1) {
    const piece = pieces[index % pieces.length];
    const id = `call_${index}`;
    messages.push(
      { role: "user", content: [{ type: "text", text: `Please look at part ${index}.` }] },
      { role: "assistant", content: [{ type: "text", text: "Reading it." }, { type: "tool_use", id, name: "Read", input: { path: `src/file-${index}.ts` } }] },
      { role: "user", content: [{ type: "tool_result", toolUseId: id, content: piece }] },
      { role: "assistant", content: [{ type: "text", text: piece.slice(0, 400) }] },
    );
  }
  return messages;
}

const messages = conversation();
const input = { system: "You are MAIA, a coding assistant.", messages, tools, pending: [] };
const firsts = [];
for (let run = 0; run < 5; run += 1) {
  const counter = new ContextCounter(countText);
  const started = performance.now();
  counter.count(input);
  firsts.push(performance.now() - started);
}
const counter = new ContextCounter(countText);
const total = counter.count(input);
if (total !== countContextTokens(input, countText)) throw new Error("the memoised count differs from the plain count");

const recounts = [];
for (let run = 0; run < 500; run += 1) {
  messages.push({ role: "user", content: [{ type: "text", text: `One more question, number ${run}: what does this function do?` }] });
  const started = performance.now();
  counter.count(input);
  recounts.push(performance.now() - started);
}
const first = summarise(firsts);
const recount = summarise(recounts);
console.log(`conversation: ${total} tokens in ${messages.length - 500} messages`);
console.log(`first count: median ${formatMs(first.median)} (min ${formatMs(first.min)})`);
console.log(`recount after one new message: median ${formatMs(recount.median)}, p99 ${formatMs(recount.p99)} (target < 2 ms: ${recount.median < 2 ? "met" : "MISSED"})`);
