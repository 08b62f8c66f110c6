import { parseCliArgs, splitAtSubcommand, UsageError, type CliArgs } from "./args.ts";
import { errorMessage } from "@maia/util/error-message";
import { t } from "./messages.ts";

declare const MAIA_VERSION: string;

export interface CommandLineIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/** `maia`'s words read: its own options and, after a subcommand's name, that subcommand's words. */
export type CommandLine = { args: CliArgs; rest: string[] } | { exitCode: number };

/**
 * Reads the command line as every entry does (main.ts, and print-entry.ts for `-p`): a usage error is written
 * with its message (exit code 2) and `--version` answered (0), so that both entries say the same.
 */
export function readCommandLine(argv: readonly string[], io: CommandLineIo): CommandLine {
  let args: CliArgs;
  let rest: string[] = [];
  try {
    const split = splitAtSubcommand(argv);
    rest = split.rest;
    args = parseCliArgs(split.own, t);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`${t("badUsage", { message: error.message })}\n`);
      return { exitCode: 2 };
    }
    throw error;
  }
  if (args.version) {
    io.stdout.write(`${typeof MAIA_VERSION === "string" ? MAIA_VERSION : "dev"}\n`);
    return { exitCode: 0 };
  }
  return { args, rest };
}

/** Runs an entry's work: its exit code becomes the process's; an error that escaped it is reported. */
export function settleExit(work: Promise<number | undefined>, onUndefined: () => void = () => undefined): void {
  work.then(
    (code) => {
      if (code === undefined) onUndefined();
      else process.exitCode = code;
    },
    (error: unknown) => {
      process.exitCode = 1;
      process.stderr.write(`${t("errorPrefix", { message: errorMessage(error) })}\n`);
    },
  );
}
