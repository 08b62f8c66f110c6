// MAIA's o200k_base counter (src/bpe, what MAIA uses) against js-tiktoken (named by seed § 13.1) and gpt-tokenizer:
// load time and memory of the tables, encoding speed, and the counts on a varied corpus, which must be identical.
// Each tokenizer is measured in a fresh Node process so that none pays for another.
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { summarise } from "../../../bench/stats.mjs";
import { corpusPieces } from "./corpus.mjs";
import { machineLine } from "../../../bench/machine.mjs";

const self = fileURLToPath(import.meta.url);
const runs = Number(process.env.BENCH_RUNS ?? 5);

if (process.argv[2] === "child") {
  const which = process.argv[3];
  const baseline = process.memoryUsage().rss;
  const started = performance.now();
  const count =
    which === "maia"
      ? await (await import("../src/tokenizers.ts")).loadO200kTokenizer()
      : which === "gpt-tokenizer"
        ? await (await import("../src/reference-tokenizer.ts")).loadGptTokenizer()
        : await (await import("../src/reference-tokenizer.ts")).loadJsTiktoken();
  count("warm up");
  const loadMs = performance.now() - started;
  const loadedRss = process.memoryUsage().rss;
  const pieces = corpusPieces();
  const encodeStarted = performance.now();
  const counts = pieces.map((piece) => count(piece));
  const encodeMs = performance.now() - encodeStarted;
  const tokens = counts.reduce((sum, n) => sum + n, 0);
  process.stdout.write(JSON.stringify({ loadMs, loadMb: (loadedRss - baseline) / 2 ** 20, peakMb: process.resourceUsage().maxRSS / 1024, tokens, encodeMs, counts }));
  process.exit(0);
}

function measure(which) {
  const result = spawnSync(process.execPath, [self, "child", which], { encoding: "utf8", maxBuffer: 64 * 2 ** 20 });
  if (result.status !== 0) throw new Error(`${which}: ${result.stderr}`);
  return JSON.parse(result.stdout);
}

// Where and when these figures were taken (cores, Node, `node -e 0` here, date): printed before them, by the
// parent only (a child's stdout is its JSON result).
console.log(machineLine());

const results = {};
for (const which of ["js-tiktoken", "gpt-tokenizer", "maia"]) {
  const samples = Array.from({ length: runs }, () => measure(which));
  results[which] = samples;
  const load = summarise(samples.map((s) => s.loadMs));
  const memory = summarise(samples.map((s) => s.loadMb));
  const speed = summarise(samples.map((s) => s.tokens / (s.encodeMs / 1000)));
  console.log(
    `${which.padEnd(14)} load ${load.median.toFixed(0)} ms (min ${load.min.toFixed(0)}), +${memory.median.toFixed(0)} MB resident after load, peak ${summarise(samples.map((s) => s.peakMb)).median.toFixed(0)} MB; encode ${(speed.median / 1e6).toFixed(2)} M tokens/s (${samples[0].tokens} tokens)`,
  );
}
const reference = results["js-tiktoken"][0].counts;
let failed = false;
for (const which of ["gpt-tokenizer", "maia"]) {
  const candidate = results[which][0].counts;
  const differing = reference.filter((n, index) => n !== candidate[index]).length;
  console.log(`${which}: counts identical to js-tiktoken: ${differing === 0 ? "yes" : "NO"} (${reference.length} pieces, ${differing} differ)`);
  if (which === "maia" && differing > 0) failed = true;
}
if (failed) process.exit(1);
