// MAIA side by side with Codex CLI and Claude Code (issue 22), each pointed at the same local fake server with
// its onboarding done, so that what is timed is the screen a user works in, not a first-run screen:
//   - launch → input box, in a real pseudo-terminal (util-linux `script`) of 100 × 40;
//   - resident memory (VmRSS of all the tool's processes, summed, its daemons included) idle on that screen, and
//     after one answer typed there ("hi");
//   - `-p hi` (Codex: `exec hi`) round trip, whole process, and `--version`, beside a bare `node -e 0`.
// Codex talks to the server's Responses API shim, Claude Code to its Messages API shim (testing/fake-litellm,
// peer-shims.ts), MAIA to its LiteLLM routes; all answer "Hello! How can I help?".
// Every tool gets one HOME and launch folder set up once (config, trust, onboarding: as a user's every day).
// One warm-up round is excluded; BENCH_RUNS (default 9) rounds are timed, every tool once per round, so that a
// change in the machine's load falls on all of them. Figures: median (min–max), and ratios to Codex CLI's (its
// daemon warm, as from a user's second launch on; "Codex CLI (cold)" stops it before each launch).
//
// Installing needs the npm registry and several hundred MB, so it only runs with BENCH_ASSISTANTS=1; the packages,
// at the exact versions below, are kept in $XDG_CACHE_HOME/maia-bench/assistants (default ~/.cache/…).
// BENCH_TOOLS=MAIA (a comma-separated list of names) runs only those.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { machineLine } from "./machine.mjs";
import { summarise } from "./stats.mjs";
import { shebangFlags } from "./node-flags.mjs";

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const maia = process.env.MAIA_TEST_BIN || path.join(root, "cli", "dist", "maia.js");
const runs = Number(process.env.BENCH_RUNS ?? 9);
const cache = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), ".cache"), "maia-bench");
const SETTLE_MS = 2_000; // after the input box, and after the answer: what loads beside them is in by then
const SCREEN_TIMEOUT_MS = 60_000;
const ANSWER = "Hello! How can I help?";
const API_KEY = "sk-ant-bench-0123456789abcdefghij"; // any key: the fake server checks none

let server; // the fake LiteLLM server, once the bench runs

/**
 * `screen`: texts that are all on the input-box screen once it is drawn (white space is ignored when matching);
 * `prepare(home, cwd)`: the config that skips the tool's first-run screens and points it at the fake server;
 * `print`: the words of a one-shot request; `env`: its environment beside HOME, PATH, TERM.
 */
const ALL_ASSISTANTS = [
  {
    name: "MAIA",
    version: JSON.parse(readFileSync(path.join(root, "cli", "package.json"), "utf8")).version,
    args: ["--model", "fake-model"],
    print: ["-p", "hi", "--model", "fake-model"],
    screen: ["Your request — /help: help"],
    env: () => ({ MAIA_LANG: "en" }),
    prepare: (home) => server.writeSettings(home),
  },
  {
    name: "Codex CLI",
    pkg: "@openai/codex",
    version: "0.171.0",
    bin: "codex",
    args: [],
    print: ["exec", "--skip-git-repo-check", "hi"],
    // Its composer's placeholder; when it differs in this version, the "output quiet" criterion is used instead.
    screen: ["Ask Codex"],
    env: () => ({ FAKE_API_KEY: API_KEY }),
    // A provider of its own with an API key from the environment: no ChatGPT login; the folder trusted.
    prepare: (home, cwd) => {
      mkdirSync(path.join(home, ".codex"), { recursive: true });
      writeFileSync(
        path.join(home, ".codex", "config.toml"),
        [
          'model = "fake-model"',
          'model_provider = "fake"',
          "check_for_update_on_startup = false",
          "[model_providers.fake]",
          'name = "fake"',
          `base_url = "${server.url}/v1"`,
          'wire_api = "responses"',
          'env_key = "FAKE_API_KEY"',
          `[projects."${cwd}"]`,
          'trust_level = "trusted"',
          "",
        ].join("\n"),
      );
    },
  },
  {
    name: "Claude Code",
    pkg: "@anthropic-ai/claude-code",
    version: "2.1.332",
    bin: "claude",
    args: ["--model", "fake-model"],
    print: ["-p", "hi", "--model", "fake-model"],
    // Its banner and the status line under the prompt ("… · ← for agents"), drawn with the input box.
    screen: ["Claude Code v", "for agents"],
    env: () => ({
      ANTHROPIC_BASE_URL: server.url,
      ANTHROPIC_API_KEY: API_KEY,
      DISABLE_AUTOUPDATER: "1",
      DISABLE_TELEMETRY: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    }),
    // Onboarding done, the folder trusted, the API key approved (it asks about a key from the environment once).
    prepare: (home, cwd) => {
      writeFileSync(
        path.join(home, ".claude.json"),
        JSON.stringify({ hasCompletedOnboarding: true, theme: "dark", customApiKeyResponses: { approved: [API_KEY.slice(-20)], rejected: [] }, projects: { [cwd]: { hasTrustDialogAccepted: true, hasCompletedProjectOnboarding: true } } }),
      );
    },
  },
];
// Codex CLI leaves a daemon running (`codex app-server … --managed-daemon`) that its next launches connect to: the
// row above is what a user sees from their second launch on (the warm-up round started it). This one stops that
// daemon before each launch: the first launch of the day. Only the input box (and memory) differ, so only they
// are timed.
const codexCli = ALL_ASSISTANTS.find((tool) => tool.name === "Codex CLI");
ALL_ASSISTANTS.splice(ALL_ASSISTANTS.indexOf(codexCli) + 1, 0, { ...codexCli, name: "Codex CLI (cold)", cold: true });
// BENCH_TOOLS=MAIA,"Codex CLI": only those (the ratios need Codex CLI among them).
const only = process.env.BENCH_TOOLS?.split(",").map((name) => name.trim());
const ASSISTANTS = only ? ALL_ASSISTANTS.filter((tool) => only.includes(tool.name)) : ALL_ASSISTANTS;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const quote = (word) => `'${word.replace(/'/g, `'\\''`)}'`;

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


/** The tool's command line for `args`, installing its package with npm first if the cache lacks it. */
function commandOf(tool, args) {
  return tool.pkg ? [tool.command, ...args] : [process.execPath, ...shebangFlags(maia), maia, ...args];
}

/** Installs the tool into the cache (a side folder renamed when complete, so an interrupted install never counts). */
function install(tool) {
  if (!tool.pkg) return;
  const folder = path.join(cache, "assistants", `${tool.pkg.replace("/", "+")}@${tool.version}`);
  tool.command = path.join(folder, "node_modules", ".bin", tool.bin);
  if (existsSync(tool.command)) return;
  const partial = `${folder}.partial`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(partial, { recursive: true });
  try {
    execFileSync("npm", ["install", "--prefix", partial, "--no-save", "--no-audit", "--no-fund", "--loglevel=error", `${tool.pkg}@${tool.version}`], { stdio: ["ignore", "ignore", "pipe"] });
  } catch (error) {
    rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  renameSync(partial, folder);
}

/** Whole-process time of a command that exits by itself, in ms; its output must contain `expect`. */
function timed(command, { home, cwd, env }, expect) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(command[0], command.slice(1), { cwd, env: { PATH: process.env.PATH, HOME: home, LANG: "C.UTF-8", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (data) => (out += data));
    child.stderr.on("data", (data) => (out += data));
    const timer = setTimeout(() => child.kill("SIGKILL"), SCREEN_TIMEOUT_MS);
    child.on("exit", (code) => {
      clearTimeout(timer);
      const ms = performance.now() - started;
      if (expect !== undefined && !out.includes(expect)) reject(new Error(`${command.slice(-3).join(" ")} exited ${code} without "${expect}": ${out.slice(0, 300)}`));
      else resolve(ms);
    });
  });
}

/** Waits until `text` (white space ignored) shows after position `from` of what the tool drew. */
async function shown(run, text, from) {
  const wanted = text.replace(/\s+/g, "");
  let timer;
  const at = await new Promise((resolve) => {
    timer = setTimeout(() => resolve(undefined), SCREEN_TIMEOUT_MS);
    run.onData = () => run.shown.indexOf(wanted, from) !== -1 && resolve(performance.now());
    run.done.then(() => resolve(undefined));
    run.onData();
  });
  clearTimeout(timer);
  run.onData = () => {};
  return at;
}

/** One interactive start: time to the input box, memory idle there, then memory after one answer. */
async function interactive(tool, folders) {
  const run = launch(commandOf(tool, tool.args), { ...folders, env: tool.env() });
  try {
    const screen = await firstScreen(run, tool.screen);
    await sleep(SETTLE_MS);
    const idle = run.exited ? undefined : residentMB(toolProcesses(run, folders.home));
    const from = run.shown.length;
    run.child.stdin.write("hi");
    await sleep(200);
    run.child.stdin.write("\r");
    const answered = await shown(run, ANSWER, from);
    await sleep(SETTLE_MS);
    const after = answered === undefined || run.exited ? undefined : residentMB(toolProcesses(run, folders.home));
    return { ...screen, idle, after };
  } finally {
    await stop(run);
  }
}

if (process.env.BENCH_ASSISTANTS !== "1") {
  console.log("skipped: set BENCH_ASSISTANTS=1 to install Codex CLI and Claude Code (npm, once) and time them beside MAIA");
  process.exit(0);
}
try {
  execFileSync("script", ["--version"], { stdio: "ignore" });
} catch {
  console.log("skipped: util-linux `script` (a pseudo-terminal) is not available here");
  process.exit(0);
}

server = await startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });
server.enqueue(...Array.from({ length: 4 * (runs + 1) + 10 }, () => ({ text: ANSWER })));
mkdirSync(path.join(cache, "runs"), { recursive: true });
for (const tool of ASSISTANTS) {
  try {
    install(tool);
    // Beside the cache, not in /tmp, where Codex refuses to set itself up as it does in a user's HOME.
    tool.folders = { home: mkdtempSync(path.join(cache, "runs", "home-")), cwd: mkdtempSync(path.join(cache, "runs", "project-")) };
    await tool.prepare(tool.folders.home, tool.folders.cwd);
    tool.results = { box: [], idle: [], after: [], print: [], version: [] };
  } catch (error) {
    const lines = String(error.stderr || error.message).split("\n").filter((line) => line.trim() && !line.includes("complete log"));
    tool.failed = `install failed: ${lines.slice(0, 2).join(" / ")}`;
  }
}
const bare = [];
for (let round = 0; round <= runs; round += 1) {
  const bareMs = await timed([process.execPath, "-e", "0"], { home: os.tmpdir(), cwd: os.tmpdir(), env: {} });
  if (round > 0) bare.push(bareMs);
  for (const tool of ASSISTANTS) {
    if (tool.failed) continue;
    try {
      if (tool.cold) stopDetached(tool.folders.home);
      const screen = await interactive(tool, tool.folders);
      if (tool.cold) stopDetached(tool.folders.home);
      const print = tool.cold ? undefined : await timed(commandOf(tool, tool.print), { ...tool.folders, env: tool.env() }, ANSWER);
      const version = tool.cold ? undefined : await timed(commandOf(tool, ["--version"]), { ...tool.folders, env: tool.env() });
      tool.criterion = screen.criterion;
      if (round === 0) continue; // the warm-up: file cache, first-run work
      tool.results.box.push(screen.ms);
      tool.results.idle.push(screen.idle);
      tool.results.after.push(screen.after);
      if (print !== undefined) tool.results.print.push(print);
      if (version !== undefined) tool.results.version.push(version);
    } catch (error) {
      tool.failed = `round ${round} failed: ${error.message}`;
    }
  }
}
await server.close();
for (const tool of ASSISTANTS) {
  if (!tool.folders) continue;
  stopDetached(tool.folders.home);
  rmSync(tool.folders.home, { recursive: true, force: true });
  rmSync(tool.folders.cwd, { recursive: true, force: true });
}

const median = (values) => summarise(values).median;
const seconds = (values) => {
  const { median: mid, min, max } = summarise(values);
  return `${(mid / 1000).toFixed(2)} s (${(min / 1000).toFixed(2)}–${(max / 1000).toFixed(2)})`;
};
const memory = (values) => (values.length === 0 || values.some((value) => value === undefined) ? "—" : `${median(values).toFixed(0)} MiB`);
const codex = ASSISTANTS.find((tool) => tool.name === "Codex CLI");
const ratio = (tool, key) => (codex?.results?.[key]?.length && !codex.failed ? ` ${(median(tool.results[key]) / median(codex.results[key])).toFixed(2)}×` : "");
console.log(`${machineLine()}; load average ${os.loadavg().map((value) => value.toFixed(1)).join(" / ")} (1 / 5 / 15 min)`);
console.log(`${runs} rounds after a warm-up, interleaved; median (min–max); × = ratio to Codex CLI's median; node -e 0: ${(median(bare) / 1000).toFixed(3)} s`);
const rows = [["tool", "version", "launch → input box", "-p hi round trip", "--version", "RSS idle / after one answer"]];
for (const tool of ASSISTANTS) {
  if (!tool.results?.box.length) continue;
  const r = tool.results;
  rows.push([
    tool.name,
    tool.version,
    `${seconds(r.box)}${ratio(tool, "box")}`,
    r.print.length ? `${seconds(r.print)}${ratio(tool, "print")}` : "—",
    r.version.length ? `${(median(r.version) / 1000).toFixed(3)} s ${(median(r.version) / median(bare)).toFixed(2)}× node -e 0` : "—",
    `${memory(r.idle)} / ${memory(r.after)}`,
  ]);
}
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
for (const row of rows) console.log(row.map((cell, column) => cell.padEnd(widths[column])).join("  ").trimEnd());
const cold = ASSISTANTS.find((tool) => tool.cold);
const maiaRow = ASSISTANTS.find((tool) => tool.name === "MAIA");
if (cold?.results?.box.length && maiaRow?.results?.box.length) {
  console.log(`MAIA's input box / Codex CLI (cold)'s: ${(median(maiaRow.results.box) / median(cold.results.box)).toFixed(2)}×`);
}
for (const tool of ASSISTANTS) {
  const setup = tool.pkg ? `${tool.pkg}@${tool.version}` : path.relative(root, maia);
  console.log(`${tool.name}: ${tool.failed ?? `input box = ${tool.criterion}`} (${setup})`);
}
