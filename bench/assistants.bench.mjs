// MAIA side by side with other terminal coding assistants (issue 6): time from launch to the first screen drawn,
// and resident memory once idle on it, in a real pseudo-terminal (util-linux `script`) of 100 × 40.
//
// None of them has an account here, so each shows its first-run screen (theme picker, folder trust, login choice):
// that first full screen is what is timed, defined per tool by texts found on it. A tool whose texts do not show
// falls back to "output stopped changing for 500 ms after the first 200 bytes"; the report says which each used.
// Memory is the resident memory (VmRSS) of all the tool's processes, summed, 3 s after that screen is drawn.
// Each run gives the tool a new HOME and launch folder and starts it twice in them: "new HOME" includes what a tool
// does once on a new machine (Codex copies its 200 MB binary into ~/.codex and starts a daemon there), "same HOME"
// is the next start, as a user's every day. One warm-up run (file cache) is excluded; BENCH_RUNS (default 10) are
// timed, every tool once per round so that a change in the machine's load falls on all of them.
//
// Installing needs the npm registry and about 1.3 GB, so it only runs with BENCH_ASSISTANTS=1; the packages, at the
// exact versions below, are kept in $XDG_CACHE_HOME/maia-bench/assistants (default ~/.cache/…) for the next time.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { startFakeLiteLLM } from "../testing/fake-litellm/src/index.ts";
import { summarise } from "./stats.mjs";
import { shebangFlags } from "./node-flags.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const maia = process.env.MAIA_TEST_BIN || path.join(root, "cli", "dist", "maia.js");
const runs = Number(process.env.BENCH_RUNS ?? 10);
const cache = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "maia-bench");
const SETTLE_MS = 3_000; // after the first screen: what loads beside the first draw is in by then
const SCREEN_TIMEOUT_MS = 60_000;

let server; // the fake LiteLLM server, once the bench runs

/**
 * `screen`: texts that are all on the first screen once it is drawn (white space is ignored when matching);
 * `prepare(home)`: what the new HOME needs for the tool to wait on that screen.
 */
const ASSISTANTS = [
  // Without settings MAIA shows its error and stops (seed § 5.4): like bench/interactive.bench.mjs, it gets the
  // fake LiteLLM server's, and waits on its input box with the model ready.
  {
    name: "MAIA",
    version: JSON.parse(readFileSync(path.join(root, "cli", "package.json"), "utf8")).version,
    args: ["--model", "fake-model"],
    screen: ["Your request — /help: help"],
    env: { MAIA_LANG: "en" },
    prepare: (home) => server.writeSettings(home),
  },
  // Without this, its first screen checks that Anthropic's servers answer and quits when they do not (no network
  // here); in Bedrock mode it skips that check and waits on its theme picker, the screen that follows it.
  { name: "Claude Code", pkg: "@anthropic-ai/claude-code", version: "2.1.332", bin: "claude", screen: ["Welcome to Claude Code", "Choose the text style"], env: { CLAUDE_CODE_USE_BEDROCK: "1" } },
  { name: "Gemini CLI", pkg: "@google/gemini-cli", version: "0.61.0", bin: "gemini", screen: ["Tips for getting started", "Do you trust the files in this folder?"] },
  { name: "opencode", pkg: "opencode-ai", version: "1.18.33", bin: "opencode", screen: ["Ask anything", "ctrl+p commands"] },
  { name: "Codex CLI", pkg: "@openai/codex", version: "0.171.0", bin: "codex", screen: ["Welcome to Codex", "Press enter to continue"] },
];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const quote = (word) => `'${word.replace(/'/g, `'\\''`)}'`;

/**
 * The tool's command, installing its package with npm first if the cache lacks it. The install goes to a side
 * folder renamed when complete, so that an interrupted one is never taken for an installed one.
 */
function install(tool) {
  if (!tool.pkg) return [process.execPath, ...shebangFlags(maia), maia, ...tool.args];
  const folder = path.join(cache, "assistants", `${tool.pkg.replace("/", "+")}@${tool.version}`);
  const command = path.join(folder, "node_modules", ".bin", tool.bin);
  if (!existsSync(command)) {
    const partial = `${folder}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    const started = performance.now();
    try {
      execFileSync("npm", ["install", "--prefix", partial, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", `${tool.pkg}@${tool.version}`], { stdio: ["ignore", "ignore", "pipe"] });
    } catch (error) {
      rmSync(partial, { recursive: true, force: true });
      throw error;
    }
    renameSync(partial, folder);
    tool.installed = `installed in ${((performance.now() - started) / 1000).toFixed(1)} s`;
  }
  tool.size = `${Math.round(Number(execFileSync("du", ["-sk", folder], { encoding: "utf8" }).split("\t")[0]) / 1024)} MB`;
  return [command];
}

/** What a screen shows, without escape sequences nor white space: a text is found however it was positioned. */
function visible(raw) {
  return raw
    .replace(/\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[P_^][^\x1b]*\x1b\\/g, "") // OSC, DCS, APC strings
    .replace(/\x1b\[[0-9;?<>=$]*[ -/]*[@-~]|\x1b[^[\]P_^]/g, "") // CSI and two-character sequences
    .replace(/\s+/g, "");
}

/** A terminal's answers to the queries the tools send before they draw (an xterm-like one, dark background). */
const ANSWERS = {
  "\x1b[c": "\x1b[?62;22c",
  "\x1b[0c": "\x1b[?62;22c",
  "\x1b[6n": "\x1b[1;1R",
  "\x1b]10;?": "\x1b]10;rgb:ffff/ffff/ffff\x1b\\",
  "\x1b]11;?": "\x1b]11;rgb:0000/0000/0000\x1b\\",
};
/**
 * Answers what a terminal answers at once: device attributes, cursor position, colours. `script` is no terminal:
 * unanswered, these queries make a tool wait for its own time-out (a second for some) before it draws.
 */
function answerQueries(chunk, write) {
  for (const [query] of chunk.matchAll(/\x1b\[0?c|\x1b\[6n|\x1b\]1[01];\?/g)) write(ANSWERS[query]);
}

/** `command` in a pseudo-terminal of 100 × 40; the tool runs in its own session (script's doing), its pid is the group. */
function launch(command, { home, cwd, env }) {
  const started = performance.now();
  const child = spawn("script", ["-qfec", `stty cols 100 rows 40; exec ${command.map(quote).join(" ")}`, "/dev/null"], {
    cwd,
    env: { PATH: process.env.PATH, HOME: home, LANG: "C.UTF-8", TERM: "xterm-256color", COLORTERM: "truecolor", ...env },
    stdio: ["pipe", "pipe", "ignore"],
  });
  const run = { started, child, chunks: [], shown: "", exited: false, onData: () => {} };
  child.stdout.on("data", (data) => {
    const text = data.toString("utf8");
    run.chunks.push({ at: performance.now(), bytes: data.length });
    run.shown += visible(text);
    answerQueries(text, (answer) => child.stdin.write(answer));
    run.onData();
  });
  child.stdin.on("error", () => {}); // the tool may be gone when an answer is written
  run.done = new Promise((resolve) => child.on("exit", () => resolve((run.exited = true))));
  return run;
}

/** When the output first stopped for 500 ms after its first 200 bytes (the fallback criterion), or undefined. */
function quietAt(run, now) {
  let bytes = 0;
  for (const [index, chunk] of run.chunks.entries()) {
    bytes += chunk.bytes;
    const next = run.chunks[index + 1]?.at ?? now;
    if (bytes >= 200 && next - chunk.at >= 500) return chunk.at;
  }
  return undefined;
}

/** Time to the first screen, in ms, and the criterion that gave it. */
async function firstScreen(run, texts) {
  const wanted = texts.map((text) => text.replace(/\s+/g, ""));
  let timer;
  const drawn = await new Promise((resolve) => {
    timer = setTimeout(() => resolve(undefined), SCREEN_TIMEOUT_MS);
    run.onData = () => wanted.every((text) => run.shown.includes(text)) && resolve(performance.now());
    run.done.then(() => resolve(undefined));
    run.onData();
  });
  clearTimeout(timer);
  run.onData = () => {};
  if (drawn !== undefined) return { ms: drawn - run.started, criterion: `texts ${texts.map((text) => `"${text}"`).join(" + ")}` };
  const quiet = quietAt(run, run.exited ? Infinity : performance.now()); // once exited, its output is final
  if (quiet === undefined) throw new Error(`no first screen (${run.exited ? "it exited" : `nothing within ${SCREEN_TIMEOUT_MS / 1000} s`})`);
  return { ms: quiet - run.started, criterion: `output quiet 500 ms (texts not seen${run.exited ? ", it exited" : ""})` };
}

/** Every process: pid → { parent, home }, read from /proc. */
function processes() {
  const table = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const environ = readFileSync(`/proc/${name}/environ`, "utf8");
      table.set(Number(name), { parent: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]), home: /(?:^|\0)HOME=([^\0]*)/.exec(environ)?.[1] });
    } catch {
      // ended meanwhile
    }
  }
  return table;
}

/**
 * The tool's processes: the tree under `script`, and those that left it but carry the run's HOME (Codex starts a
 * daemon in a session of its own, which outlives the tool).
 */
function toolProcesses(run, home) {
  const table = processes();
  const tree = new Set([run.child.pid]);
  let size = 0;
  while (size !== tree.size) {
    size = tree.size;
    for (const [pid, { parent }] of table) if (tree.has(parent)) tree.add(pid);
  }
  for (const [pid, entry] of table) if (entry.home === home) tree.add(pid);
  tree.delete(run.child.pid);
  return [...tree];
}

/** Resident memory of those processes, summed, in MB. */
function residentMB(pids) {
  let kb = 0;
  for (const pid of pids) {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
  }
  return kb / 1024;
}

/** Ends the tool's process group, as closing its terminal would: `script` makes the tool a session leader. */
async function stop(run) {
  const tool = [...processes()].find(([, entry]) => entry.parent === run.child.pid)?.[0];
  for (const signal of ["SIGTERM", "SIGKILL"]) {
    try {
      if (tool) process.kill(-tool, signal);
    } catch {
      // already gone
    }
    if (await Promise.race([run.done, sleep(2_000)])) return;
  }
  run.child.kill("SIGKILL");
}

/** Ends what the tool left running after it (daemons): the processes that carry the run's HOME. */
function stopDetached(home) {
  for (const [pid, entry] of processes()) {
    try {
      if (entry.home === home) process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/** One start of `tool`: time to its first screen, then its memory once idle there. */
async function start(tool, command, folders) {
  const run = launch(command, { ...folders, env: tool.env ?? {} });
  try {
    const screen = await firstScreen(run, tool.screen);
    await sleep(SETTLE_MS);
    const pids = toolProcesses(run, folders.home);
    return { ...screen, rss: run.exited ? undefined : residentMB(pids), processes: pids.length };
  } finally {
    await stop(run);
  }
}

/** One run: a new HOME and launch folder, started in twice. The temporary folders live beside the cache, not in
 * /tmp, where Codex refuses to set itself up as it does in a user's HOME. */
async function measure(tool, command) {
  mkdirSync(path.join(cache, "runs"), { recursive: true });
  const home = mkdtempSync(path.join(cache, "runs", "home-"));
  const cwd = mkdtempSync(path.join(cache, "runs", "project-"));
  tool.prepare?.(home);
  try {
    const fresh = await start(tool, command, { home, cwd });
    const again = await start(tool, command, { home, cwd });
    return { fresh, again };
  } finally {
    stopDetached(home);
    rmSync(home, { recursive: true, force: true });
    rmSync(cwd, { recursive: true, force: true });
  }
}

if (process.env.BENCH_ASSISTANTS !== "1") {
  console.log("skipped: set BENCH_ASSISTANTS=1 to install Claude Code, Gemini CLI, opencode and Codex CLI (npm, ~1.3 GB, once) and time them beside MAIA");
  process.exit(0);
}
try {
  execFileSync("script", ["--version"], { stdio: "ignore" });
} catch {
  console.log("skipped: util-linux `script` (a pseudo-terminal) is not available here");
  process.exit(0);
}

server = await startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });
const commands = new Map();
for (const tool of ASSISTANTS) {
  try {
    commands.set(tool, install(tool));
  } catch (error) {
    const lines = String(error.stderr || error.message).split("\n").filter((line) => line.trim() && !line.includes("complete log"));
    tool.failed = `install failed: ${lines.slice(0, 2).join(" / ")}`;
  }
}
for (let round = 0; round <= runs; round += 1) {
  for (const [tool, command] of commands) {
    if (tool.failed) continue;
    try {
      const result = await measure(tool, command);
      tool.criterion = result.fresh.criterion;
      if (round > 0) (tool.results ??= []).push(result);
    } catch (error) {
      tool.failed = `run ${round} failed: ${error.message}`;
    }
  }
}

await server.close();

const time = (values) => {
  const { median, min, max } = summarise(values);
  return `${(median / 1000).toFixed(2)} s (${(min / 1000).toFixed(2)}–${(max / 1000).toFixed(2)})`;
};
const memory = (values) => (values.some((value) => value === undefined) ? "exited" : `${summarise(values).median.toFixed(0)} MB`);
const rows = [["tool", "version", "first screen, new HOME", "RSS idle", "again, same HOME", "RSS idle"]];
for (const tool of ASSISTANTS) {
  if (!tool.results) continue;
  const pick = (which, key) => tool.results.map((result) => result[which][key]);
  rows.push([tool.name, tool.version, time(pick("fresh", "ms")), memory(pick("fresh", "rss")), time(pick("again", "ms")), memory(pick("again", "rss"))]);
}
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
console.log(`machine: ${os.cpus().length} cores, load average ${os.loadavg().map((value) => value.toFixed(1)).join(" / ")} (1 / 5 / 15 min); ${runs} runs, median (min–max)`);
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column])).join("  ").trimEnd());
for (const tool of ASSISTANTS) {
  const setup = tool.pkg ? [`${tool.pkg}@${tool.version}`, tool.installed, tool.size].filter(Boolean).join(", ") : path.relative(root, maia);
  const processes = Math.max(0, ...(tool.results ?? []).map((result) => result.again.processes));
  console.log(`${tool.name}: ${tool.failed ?? `first screen = ${tool.criterion}; idle in ${processes} process(es)`} (${setup})`);
}
