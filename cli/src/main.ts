// Only what parses the command line is imported here: each front end and subcommand imports the rest (the kernel,
// boot, plugins) itself, so that the interactive mode writes its banner before any of it is evaluated (issue 22).
import { readCommandLine, settleExit } from "./command-line.ts";
import { runOneShot } from "./one-shot.ts";
import { helpText, SUBCOMMAND_PLUGINS } from "./help.ts";
import { t } from "./messages.ts";
import { takeEarlyScreen } from "./interactive/early-handoff.ts";
import { loadWithoutFetch } from "./interactive/load-without-fetch.ts";

/** `maia`'s entry point: parses arguments and hands over to a front end or a subcommand. */
export async function main(argv: readonly string[]): Promise<number> {
  const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
  const line = readCommandLine(argv, io);
  if ("exitCode" in line) return line.exitCode;
  const { args, rest } = line;
  const oneShot = await runOneShot(args, io);
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
  const screen = takeEarlyScreen() ?? (await paintEarlyScreenHere(argv, io.env));
  // Loaded only here: headless runs, ACP and `plugins list` never load Ink or React (one chunk of the bundle).
  const { runInteractive } = await loadWithoutFetch(() => import("./interactive/run-interactive.ts"));
  return runInteractive(args, { stdout: process.stdout, stdin: process.stdin, env: io.env, ...screen });
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
