import type { CliArgs } from "./args.ts";
import type { HeadlessIO } from "./headless/run-headless.ts";

/**
 * A sub-agent's process (forked by MAIA itself, seed § 20.2) or `maia -p`, each loaded only then: the exit code,
 * or undefined for any other command line. Both entries start them this way, main.ts and print-entry.ts
 * (dist/print.cjs).
 */
export async function runOneShot(args: CliArgs, io: HeadlessIO): Promise<number | undefined> {
  if (args.subagent) return (await import("./subagent/run-subagent.ts")).runSubagent({ stderr: io.stderr, env: io.env });
  if (args.print) return (await import("./headless/run-headless.ts")).runHeadless(args, io);
  return undefined;
}
