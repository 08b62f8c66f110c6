// The bundle's entry (dist/maia.js): `maia --version` and `maia --help` are answered here, before the rest of
// MAIA is imported (issue 22: a bare `node -e 0` plus a few milliseconds); anything else loads main.ts, the CLI.
// Only the exact one-word command lines take this path: with other words, main.ts parses and answers as before.
// An interactive start paints its banner and input box first (early-screen.ts).
import { createRequire, enableCompileCache } from "node:module";
import type * as EarlyPaintModule from "./interactive/early-paint.ts";
import type * as EarlyScreenModule from "./interactive/early-screen.ts";

declare const MAIA_VERSION: string;

const argv = process.argv.slice(2);
if (argv.length === 1 && argv[0] === "--version") {
  process.stdout.write(`${typeof MAIA_VERSION === "string" ? MAIA_VERSION : "dev"}\n`);
} else if (argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h")) {
  // The usage text from the i18n catalogue (cli/src/messages.ts) and nothing of the kernel.
  const { helpText, BUILTIN_SUBCOMMANDS } = await import("./help.ts");
  process.stdout.write(`${helpText(BUILTIN_SUBCOMMANDS)}\n`);
} else {
  // V8's compile cache (Node >= 22.1): the chunks loaded later (Ink for the interactive mode, plugins, the
  // tokenizer's tables) are compiled once and read back on the next starts, which is most of what a start costs
  // after the first.
  enableCompileCache?.();
  const screen = mayBeInteractive(argv) ? paintEarlyScreen() : undefined;
  const { handOverEarlyScreen } = await import("./interactive/early-handoff.ts");
  handOverEarlyScreen(screen);
  await import("./main.ts");
}

/**
 * A first look at the command line, cheaper than reading early-screen.cjs and parsing it: false for what surely
 * is not an interactive start (`-p`, `--print`, `--subagent`, a subcommand word first), so that `maia -p` and
 * the subcommands skip that file. A wrong "false" (a model named "-p") only leaves the painting to main.ts; a
 * wrong "true" is what early-screen.ts's full parse then answers.
 */
function mayBeInteractive(words: readonly string[]): boolean {
  const first = words[0];
  if (first !== undefined && !first.startsWith("-")) return false;
  return !words.some((word) => word === "-p" || word === "--print" || word.startsWith("--print=") || word === "--subagent");
}

/**
 * The banner and the input zone of an interactive start, painted before main.ts and its modules are loaded
 * (early-screen.ts): CommonJS files read with synchronous requires. Absent (main.ts run from source, or the
 * files not built), main.ts paints them itself.
 */
function paintEarlyScreen() {
  const load = createRequire(import.meta.url);
  let early: typeof EarlyScreenModule;
  try {
    early = load("./early-screen.cjs") as typeof EarlyScreenModule;
  } catch (error) {
    if ((error as { code?: unknown }).code === "MODULE_NOT_FOUND") return undefined;
    throw error;
  }
  return early.paintEarlyScreen(argv, process.env, () => load("./early-paint.cjs") as typeof EarlyPaintModule);
}
