// Only what parses the command line is imported here: each front end and subcommand imports the rest (the kernel,
// boot, plugins) itself, so that the interactive mode writes its banner before any of it is evaluated (issue 22).
import { createRequire } from "node:module";
import { readCommandLine, settleExit } from "./command-line.ts";
import { runOneShot } from "./one-shot.ts";
import { helpText, SUBCOMMAND_PLUGINS } from "./help.ts";
import { t } from "./messages.ts";
import { takeEarlyScreen } from "./interactive/early-handoff.ts";
import { loadWithoutFetch } from "./interactive/load-without-fetch.ts";
import type * as PrintEntryModule from "./headless/print-entry.ts";

/** Defined by the build (cli/tsup.config.ts): what only a run from the sources needs is left out of the bundle. */
declare const MAIA_BUNDLED: boolean;

/** `maia`'s entry point: parses arguments and hands over to a front end or a subcommand. */
export async function main(argv: readonly string[]): Promise<number> {
  const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
  const line = readCommandLine(argv, io);
  if ("exitCode" in line) return line.exitCode;
  const { args, rest } = line;
  // In the bundle, `-p` and sub-agents run in dist/print.cjs whichever entry they reach (the command sends them
  // there, but for a command line it did not recognise as one, such as `maia -cp "…"`).
  const oneShot = typeof MAIA_BUNDLED === "undefined" ? await runOneShot(args, io) : await runInPrintBundle(args, argv);
  if (oneShot !== undefined) return oneShot;
  const [command] = args.positionals;
  if (command === "plugins") return (await import("./plugins/plugins-command.ts")).runPluginsCommand(args, io);
  // ACP front end (editors, the hub): loaded only when asked for, never Ink.
  if (command === "acp") return (await import("./acp/run-acp.ts")).runAcp(args, { ...io, stdout: process.stdout, stdin: process.stdin });
  if (command !== undefined || args.help) return runSubcommand(command, args.help, rest, io);
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    io.stderr.write(`${t("noTty")}\n`);
    return 1;
  }
  // The banner and the input zone, with keys kept from then on, before Ink loads: painted by the command (bin.ts) already
  // (early-screen.ts), or here when this file runs from source.
  // In the bundle, a start the command did not paint (a model named "-p") leaves the banner to Ink.
  const screen = takeEarlyScreen() ?? (typeof MAIA_BUNDLED === "undefined" ? await paintEarlyScreenHere(argv, io.env) : { bannerPainted: false });
  // Loaded only here: headless runs, ACP and `plugins list` never load Ink or React (one chunk of the bundle).
  const { runInteractive } = await loadWithoutFetch(() => import("./interactive/run-interactive.ts"));
  return runInteractive(args, { stdout: process.stdout, stdin: process.stdin, env: io.env, ...screen });
}

/** dist/print.cjs, beside this bundle, for a print run or a sub-agent; undefined for any other command line. */
async function runInPrintBundle(args: { print: boolean; subagent: boolean }, argv: readonly string[]): Promise<number | undefined> {
  if (!args.print && !args.subagent) return undefined;
  const print = createRequire(import.meta.url)("./print.cjs") as typeof PrintEntryModule;
  return print.runPrint(argv, (url) => import(url));
}

/** The early screen painted by this module, when the command did not (this file run from source). */
async function paintEarlyScreenHere(argv: readonly string[], env: NodeJS.ProcessEnv) {
  const [{ paintEarlyScreen }, paint] = await Promise.all([import("./interactive/early-screen.ts"), import("./interactive/early-paint.ts")]);
  return paintEarlyScreen(argv, env, () => paint) ?? { bannerPainted: false };
}

/** A subcommand that a plugin registered (`maia permissions check`, `maia hub`), or the help; `maia acp` is the CLI's own. */
async function runSubcommand(
  name: string | undefined,
  help: boolean,
  argv: readonly string[],
  io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream; stdin: NodeJS.ReadableStream; env: NodeJS.ProcessEnv },
): Promise<number> {
  const log = {
    info: () => undefined,
    debug: () => undefined,
    warn: (message: string) => void io.stderr.write(`WARN ${message}\n`),
    error: (message: string) => void io.stderr.write(`FAIL ${message}\n`),
  };
  // A first-party plugin's subcommand loads that plugin alone (issue 22); any other name needs them all, to be found.
  const owner = name !== undefined && !help ? SUBCOMMAND_PLUGINS[name] : undefined;
  const { boot } = await import("./boot.ts");
  const { kernel, cwd, homeDir } = await boot({ frontEnd: "headless", log, env: io.env, subcommands: true, ...(owner ? { only: owner } : {}) });
  const subcommands = kernel.plugins.subcommands;
  if (help || name === undefined) {
    io.stdout.write(`${helpText(["plugins", ...subcommands.list().map((subcommand) => subcommand.name)])}\n`);
    return 0;
  }
  const subcommand = subcommands.get(name);
  if (!subcommand) {
    io.stderr.write(`${t("badUsage", { message: t("unknownSubcommand", { name }) })}\n`);
    return 2;
  }
  const rest = [...argv];
  return subcommand.run(rest, { ...io, cwd, homeDir });
}

settleExit(main(process.argv.slice(2)));
