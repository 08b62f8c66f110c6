/**
 * The command lines of most interactive starts, recognised without node:util's parseArgs, whose first call costs
 * about a millisecond before the early paint (issue 22): none at all, a model, a session to resume, `-c`,
 * `--strict-plugins`. True when `argv` is surely one of them; undefined for anything else (another option, a
 * value that looks like an option, a subcommand, `--`, grouped short options), which the full parse answers.
 * The option names are args.ts's.
 */
export function isPlainInteractiveStart(argv: readonly string[]): true | undefined {
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index] ?? "";
    if (FLAGS.has(word)) continue;
    const inline = /^(--model|--resume)=(.*)$/s.exec(word);
    if (inline) {
      if (!isPlainValue(inline[2] ?? "")) return undefined;
      continue;
    }
    if (!VALUE_OPTIONS.has(word)) return undefined;
    const value = argv[index + 1];
    if (value === undefined || !isPlainValue(value)) return undefined;
    index += 1;
  }
  return true;
}

/** Options without a value that leave a start interactive. */
const FLAGS = new Set(["-c", "--continue", "--strict-plugins"]);
/** Options whose value is any word (not validated by args.ts), as `--name value`. */
const VALUE_OPTIONS = new Set(["-m", "--model", "--resume"]);

/** A value parseArgs takes as it is: not empty, not looking like an option. */
function isPlainValue(value: string): boolean {
  return value !== "" && !value.startsWith("-");
}
