// The bundle's entry (dist/maia.js): `maia --version` and `maia --help` are answered here, before the rest of
// MAIA is imported (issue 22: a bare `node -e 0` plus a few milliseconds); anything else loads main.ts, the CLI.
// Only the exact one-word command lines take this path: with other words, main.ts parses and answers as before.
import { enableCompileCache } from "node:module";

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
  await import("./main.ts");
}
