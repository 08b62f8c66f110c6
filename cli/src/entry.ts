// The ES bundle's entry (dist/maia.mjs), loaded by the `maia` command (bin.ts, dist/maia.js) for anything but
// `--version`: `maia --help` is answered here before the rest of MAIA is imported (issue 22); anything else loads
// main.ts, the CLI, with the early screen the command painted.
import type { EarlyScreen } from "./interactive/early-paint.ts";

export async function start(argv: readonly string[], screen: EarlyScreen | undefined): Promise<void> {
  if (argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h")) {
    // The usage text from the i18n catalogue (cli/src/messages.ts) and nothing of the kernel.
    const { helpText, BUILTIN_SUBCOMMANDS } = await import("./help.ts");
    process.stdout.write(`${helpText(BUILTIN_SUBCOMMANDS)}\n`);
    return;
  }
  const { handOverEarlyScreen } = await import("./interactive/early-handoff.ts");
  handOverEarlyScreen(screen);
  await import("./main.ts");
}
