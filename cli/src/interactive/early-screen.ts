import { parseCliArgs, splitAtSubcommand, type CliArgs } from "../args.ts";
import { t } from "../messages.ts";
import { isPlainInteractiveStart } from "../plain-start.ts";
import type { EarlyScreen } from "./early-paint.ts";

export type { EarlyScreen } from "./early-paint.ts";

/** The command line starts the interactive mode (main.ts's last branch: no subcommand, no -p, no --help). */
export function startsInteractive(args: CliArgs): boolean {
  return !args.version && !args.help && !args.print && !args.subagent && args.positionals.length === 0;
}

/**
 * The first thing `maia` does for an interactive start in a terminal (issue 22): the banner and the input zone
 * (early-paint.ts), before Ink, React, the kernel or any plugin is loaded. Undefined, having done nothing, for
 * any other command line (main.ts answers it, errors included) or without a terminal (early-paint.ts checks).
 *
 * The bundle builds this file and early-paint.ts as two CommonJS files of their own, every dependency inlined
 * (dist/early-screen.cjs, dist/early-paint.cjs): the command (bin.ts) reads them with synchronous requires, 10–20 ms sooner
 * than the same code as a graph of ES chunks, and the second (the banner, the input zone) only for an interactive
 * start. For the usual command lines (plain-start.ts) the command skips this file and its full parse.
 */
export function paintEarlyScreen(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  loadPaint: () => { paintEarly(env: NodeJS.ProcessEnv): EarlyScreen | undefined },
): EarlyScreen | undefined {
  if (!(isPlainInteractiveStart(argv) ?? parsesInteractive(argv))) return undefined;
  return loadPaint().paintEarly(env);
}

/** The full parse's answer (main.ts's): false for a command line it refuses, which main.ts reports. */
function parsesInteractive(argv: readonly string[]): boolean {
  let args: CliArgs;
  try {
    args = parseCliArgs(splitAtSubcommand(argv).own, t);
  } catch {
    return false;
  }
  return startsInteractive(args);
}
