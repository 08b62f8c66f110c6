// The `maia` command (dist/maia.js, built as CommonJS, issue 22). A CommonJS file starts sooner than an ES module
// (no ES loader to set up before the first line runs): `maia --version` is answered here, and an interactive
// start paints its banner and input box (dist/early-screen.cjs, early-paint.cjs) before the ES loader is even
// needed. `maia -p` and a sub-agent's process load dist/print.cjs, one CommonJS bundle read with a code cache
// (code-cache.ts). Everything else is the ES bundle, from its entry (entry.ts, dist/maia.mjs).
import { existsSync, writeSync } from "node:fs";
import { createRequire, enableCompileCache } from "node:module";
import { join } from "node:path";
import { requireWithCodeCache } from "./code-cache.ts";
import { nodeTooOld } from "./node-version.ts";
import { isPlainInteractiveStart, isPrintWord } from "./plain-start.ts";
import { noteLoaded, traceModuleLoads } from "./trace-loads.ts";
import type * as EarlyPaintModule from "./interactive/early-paint.ts";
import type * as EarlyScreenModule from "./interactive/early-screen.ts";
import type * as EntryModule from "./entry.ts";
import type * as PrintEntryModule from "./headless/print-entry.ts";

declare const MAIA_VERSION: string;

// Beside this file in dist/; a variable, so that the bundler leaves the ES entry to Node.
const ES_ENTRY = "./maia.mjs";
const PRINT_BUNDLE = join(__dirname, "print.cjs");

const argv = process.argv.slice(2);
traceModuleLoads();
const tooOld = nodeTooOld(process.versions.node, process.execPath);
if (tooOld !== undefined) {
  process.stderr.write(`${tooOld}\n`);
  process.exitCode = 1;
} else if (argv.length === 1 && argv[0] === "--version") {
  writeOut(`${typeof MAIA_VERSION === "string" ? MAIA_VERSION : "dev"}\n`);
} else {
  const help = argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h");
  // V8's compile cache (Node >= 22.1): the chunks loaded later (Ink for the interactive mode, plugins, the
  // tokenizer's tables) are compiled once and read back on the next starts, which is most of what a start costs
  // after the first.
  if (!help) enableCompileCache?.();
  if (!help && mayPrint(argv) && existsSync(PRINT_BUNDLE)) {
    // The code cache is written by the first run that answers (see CodeCacheOptions.keepCacheIf).
    let answered = false;
    noteLoaded(PRINT_BUNDLE); // read as a script with its code cache, not through the module loader
    const print = requireWithCodeCache<typeof PrintEntryModule>(PRINT_BUNDLE, { keepCacheIf: () => answered });
    print.startPrint(argv, () => startEsEntry(undefined), (url) => import(url), () => (answered = true));
  } else {
    startEsEntry(!help && mayBeInteractive(argv) ? paintEarlyScreen() : undefined);
  }
}

function startEsEntry(screen: ReturnType<typeof paintEarlyScreen>): void {
  (import(ES_ENTRY) as Promise<typeof EntryModule>).then(
    (entry) => entry.start(argv, screen),
    (error: unknown) => {
      process.exitCode = 1;
      throw error;
    },
  );
}

/**
 * Writes to file descriptor 1 directly: `process.stdout` is a stream built on first use, with the modules behind
 * it, which would cost `--version` more than the rest of it. A non-blocking pipe that is full (EAGAIN) gets the
 * stream after all; a closed one (EPIPE) has nobody to read the answer.
 */
function writeOut(text: string): void {
  try {
    writeSync(1, text);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EAGAIN") process.stdout.write(text);
  }
}

/**
 * A first look at the command line, cheaper than reading early-screen.cjs and parsing it: false for what surely
 * is not an interactive start (`-p`, `--print`, `--subagent`, a subcommand word first), so that `maia -p` and
 * the subcommands skip that file. A wrong "false" (a model named "-p") only leaves the painting to main.ts; a
 * wrong "true" is what early-screen.ts's full parse then answers.
 */
function mayBeInteractive(words: readonly string[]): boolean {
  return !startsWithSubcommand(words) && !words.some(isPrintOrSubagentWord);
}

/** `-p` (grouped `-cp` too), `--print`, `--subagent`: the words of a print run or of a sub-agent's process. */
function isPrintOrSubagentWord(word: string): boolean {
  return isPrintWord(word) || word === "--subagent";
}

/** A subcommand's name first (`maia hub`, `maia plugins list`): neither a print run nor an interactive start. */
function startsWithSubcommand(words: readonly string[]): boolean {
  const first = words[0];
  return first !== undefined && !first.startsWith("-");
}

/**
 * A print run or a sub-agent, at first sight: print.cjs. A wrong "true" (a model named "-p") costs only the
 * detour: print-entry.ts hands any other command line back to the ES entry.
 */
function mayPrint(words: readonly string[]): boolean {
  return !startsWithSubcommand(words) && words.some(isPrintOrSubagentWord);
}

/**
 * The banner and the input zone of an interactive start (early-screen.ts), read with synchronous requires.
 * Absent (the files not built), main.ts paints them itself.
 */
function paintEarlyScreen() {
  const load = createRequire(__filename);
  const loadPaint = () => load("./early-paint.cjs") as typeof EarlyPaintModule;
  try {
    // The usual command lines are recognised here, without early-screen.cjs and its full parse.
    if (isPlainInteractiveStart(argv)) return loadPaint().paintEarly(process.env);
    return (load("./early-screen.cjs") as typeof EarlyScreenModule).paintEarlyScreen(argv, process.env, loadPaint);
  } catch (error) {
    if ((error as { code?: unknown }).code === "MODULE_NOT_FOUND") return undefined;
    throw error;
  }
}
