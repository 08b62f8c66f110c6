import { errorMessage } from "@maia/kernel";
import { parseCliArgs, UsageError } from "./args.ts";
import { boot } from "./boot.ts";
import { t } from "./messages.ts";
import { runHeadless } from "./headless/run-headless.ts";
import { runPluginsCommand } from "./plugins/plugins-command.ts";

declare const MAIA_VERSION: string;

/** `maia`'s entry point: parses arguments and hands over to a front end or a subcommand. */
export async function main(argv: readonly string[]): Promise<number> {
  const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env };
  let args;
  try {
    args = parseCliArgs(argv, t);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${t("badUsage", { message: error.message })}\n`);
      return 2;
    }
    throw error;
  }
  if (args.version) {
    io.stdout.write(`${typeof MAIA_VERSION === "string" ? MAIA_VERSION : "dev"}\n`);
    return 0;
  }
  if (args.print) return runHeadless(args, io);
  const [command] = args.positionals;
  if (command === "plugins") return runPluginsCommand(args, io);
  if (command !== undefined || args.help) return runSubcommand(command, args.help, argv, io);
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    io.stderr.write(`${t("noTty")}\n`);
    return 1;
  }
  io.stderr.write(`${t("interactiveUnavailable")}\n`);
  return 1;
}

/** A subcommand that a plugin registered (`maia permissions check`, `maia acp`), or the help. */
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
  const { kernel, cwd, homeDir } = await boot({ frontEnd: "headless", log, env: io.env });
  const subcommands = kernel.plugins.subcommands;
  if (help || name === undefined) {
    const names = ["plugins", ...subcommands.list().map((subcommand) => subcommand.name)].join(", ");
    io.stdout.write(`${t("usage", { subcommands: names })}\n`);
    return 0;
  }
  const subcommand = subcommands.get(name);
  if (!subcommand) {
    io.stderr.write(`${t("badUsage", { message: t("unknownSubcommand", { name }) })}\n`);
    return 2;
  }
  const rest = argv.slice(argv.indexOf(name) + 1);
  return subcommand.run(rest, { ...io, cwd, homeDir });
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`${t("errorPrefix", { message: errorMessage(error) })}\n`);
    process.exitCode = 1;
  },
);
