// Time to decide one Bash command under a realistic rule set: parse (tree-sitter-bash, WASM), analysis and
// rule matching, as checkPermission does it. Median and p99 after warm-up, for a short command and a 2 KB one,
// plus the one-time cost of loading the parser. Target: under 1 ms median.
//   node plugins/permissions/bench/decide.bench.mjs        (Node >= 22.18 runs the TypeScript sources directly)
import { performance } from "node:perf_hooks";
import { loadBashParser } from "../src/bash/parser.ts";
import { evaluate } from "../src/evaluate.ts";
import { readPermissions } from "../src/settings-files.ts";
import { machineLine } from "../../../bench/machine.mjs";

// Where and when these figures were taken (cores, Node, `node -e 0` here, date): printed before them.
console.log(machineLine());

const { rules } = readPermissions(
  {
    allow: [
      "Bash(git status)", "Bash(git log *)", "Bash(git diff *)", "Bash(npm test *)", "Bash(npm run *)", "Bash(ls *)",
      "Bash(cat *)", "Bash(echo *)", "Bash(grep *)", "Bash(head *)", "Bash(wc *)", "Bash(sort *)", "Bash(cd *)",
      "Bash(find *)", "Bash(xargs grep *)", "Bash(tee *)", "Bash(sed -n *)", "Redirect(**/out/**)", "Redirect(**/*.log)",
    ],
    ask: ["Bash(git push *)", "Redirect(.maia/**)"],
    deny: ["Bash(rm *)", "Bash(curl *)", "Redirect(.env)"],
  },
  "bench",
);
// As checkPermission calls it: no report of what was found (that is for `maia permissions check`).
const context = { cwd: "/work/proj", homeDir: "/home/ada", env: {}, report: false };

const short = "git status && npm test -- --ci 2>&1 | tee out/test.log";
const pieces = [
  'grep -rn "TODO: $name" src --include=\'*.ts\' | sort | head -n 20 > out/todo.txt',
  "cd packages/core && npm run build -- --mode=production >> build.log 2>&1",
  "find . -name '*.md' -not -path './node_modules/*' | xargs grep -l 'permissions' | wc -l",
  "git log --oneline --since='2 weeks ago' -- src/permissions | head -n 50",
  // A here-document's terminator stands alone on its line, so the " && \\" join goes after a command of its own.
  "cat <<'EOF' > out/notes.md\nline one with $(not a substitution)\nline two\nEOF\necho notes written",
  "for f in src/*.ts; do echo \"checking $f\"; wc -l \"$f\" >> out/lines.log; done",
  "if git diff --quiet HEAD -- package.json; then echo unchanged; else echo changed; fi",
  "sed -n '1,40p' README.md | grep -E '^(##|###) ' | sort -u",
];
let long = "";
for (let index = 0; long.length < 2048; index += 1) {
  long += `${long ? " && \\\n  " : ""}${pieces[index % pieces.length]}`;
}
long = long.slice(0, long.lastIndexOf(" && \\\n"));
while (long.length < 2048) long += " ";

function summarise(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
  return { median: at(0.5), p99: at(0.99) };
}
const format = (ms) => (ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);

const started = performance.now();
const first = await evaluate(rules, "Bash", { command: short }, context);
const cold = performance.now() - started;
if (first.verdict.decision !== "allow") throw new Error(`unexpected verdict for the short command: ${JSON.stringify(first.verdict)}`);
const check = await evaluate(rules, "Bash", { command: long }, { ...context, report: true });
if (check.verdict.decision !== "allow") throw new Error(`unexpected verdict for the 2 KB command: ${JSON.stringify(check.verdict)}`);
console.log(`first decision (loads the parser): ${format(cold)}`);

// The share of tree-sitter itself: parsing alone, the syntax tree freed at once.
const parser = await loadBashParser();
const parseTimes = [];
for (let run = 0; run < 2300; run += 1) {
  const begin = performance.now();
  parser.parse(long)?.delete();
  if (run >= 300) parseTimes.push(performance.now() - begin);
}
const parsing = summarise(parseTimes);
console.log(`tree-sitter parse alone, 2 KB: median ${format(parsing.median)}, p99 ${format(parsing.p99)}`);

for (const [label, command, runs] of [
  ["short command", short, 5000],
  [`2 KB command (${long.length} chars, ${check.bash.commands.length} simple commands)`, long, 2000],
]) {
  for (let run = 0; run < 300; run += 1) await evaluate(rules, "Bash", { command }, context);
  const times = [];
  for (let run = 0; run < runs; run += 1) {
    const begin = performance.now();
    await evaluate(rules, "Bash", { command }, context);
    times.push(performance.now() - begin);
  }
  const { median, p99 } = summarise(times);
  console.log(`${label}: median ${format(median)}, p99 ${format(p99)} (${runs} runs after warm-up)`);
}
