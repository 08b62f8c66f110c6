// The entry of dist/print.cjs (issue 22): `maia -p` and a sub-agent's process, as one CommonJS bundle that the
// command (bin.ts) loads with a V8 code cache taken after a run (code-cache.ts). Nothing of the interactive mode,
// ACP or the hub is in it; a command line that is not a print run goes back to the ES bundle's main.ts.
import { readCommandLine, settleExit } from "../command-line.ts";
import { runOneShot } from "../one-shot.ts";
import { useModuleImporter, type ModuleImporter } from "../plugins/module-importer.ts";

/**
 * Runs `maia -p …` or `maia --subagent`; `fallback` (the ES entry) for any other command line. `importModule` is
 * the command's own `import()`, for third-party plugins (module-importer.ts). `onAnswered` is called when the
 * run did its work and is about to exit with 0: the command then keeps this run's code cache (code-cache.ts).
 */
export function startPrint(argv: readonly string[], fallback: () => void, importModule: ModuleImporter, onAnswered?: () => void): void {
  settleExit(runPrint(argv, importModule, onAnswered), fallback);
}

/**
 * The exit code of a print run or a sub-agent, or undefined for any other command line. The ES bundle's main.ts
 * calls it too, for a print run the command did not recognise (grouped short options, `maia -cp "…"`): the
 * shipped program has one way to run `-p`.
 */
export async function runPrint(argv: readonly string[], importModule: ModuleImporter, onAnswered?: () => void): Promise<number | undefined> {
  useModuleImporter(importModule);
  const io = {
    stdout: process.stdout,
    stderr: process.stderr,
    // Built when read (a prompt piped in), not at every start: for a terminal, a file or /dev/null, Node builds
    // it with modules of its own that `maia -p "…"` has no use for.
    get stdin() {
      return process.stdin;
    },
    env: process.env,
  };
  const line = readCommandLine(argv, io);
  // --version, --help, a usage error: answered before any work, not a run worth a code cache.
  if ("exitCode" in line) return line.exitCode;
  const code = await runOneShot(line.args, io);
  if (code === 0) onAnswered?.();
  return code;
}
