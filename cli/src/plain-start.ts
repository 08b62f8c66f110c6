/** Options without a value that leave a start interactive (isPlainInteractiveStart). */
const PLAIN_FLAGS = new Set(["-c", "--continue", "--strict-plugins"]);
/** Options whose value is any word, not validated by parseCliArgs (isPlainInteractiveStart). */
const PLAIN_VALUE_OPTIONS = new Set(["-m", "--model", "--resume"]);

/**
 * The command lines of most interactive starts, recognised without node:util's parseArgs (args.ts), whose first
 * call loads its module before the early paint (issue 22): none at all, a model, a session to resume, `-c`,
 * `--strict-plugins`. True when `argv` is surely one of them; undefined for anything else (another option, a
 * value that looks like an option, a subcommand, `--`, grouped short options), which the full parse answers.
 * A module of its own, without imports: the command (bin.ts) asks it before it loads anything, so that the
 * early screen's full parse (early-screen.ts) loads only for the other command lines.
 */
export function isPlainInteractiveStart(argv: readonly string[]): true | undefined {
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index] ?? "";
    if (PLAIN_FLAGS.has(word)) continue;
    const inline = /^(--model|--resume)=(.*)$/s.exec(word);
    if (inline) {
      if (!isPlainValue(inline[2] ?? "")) return undefined;
      continue;
    }
    if (!PLAIN_VALUE_OPTIONS.has(word)) return undefined;
    const value = argv[index + 1];
    if (value === undefined || !isPlainValue(value)) return undefined;
    index += 1;
  }
  return true;
}

/** A value parseArgs takes as it is: not empty, not looking like an option. */
function isPlainValue(value: string): boolean {
  return value !== "" && !value.startsWith("-");
}

/**
 * A word that makes the command line a print run: `-p`, `--print`, or grouped short options that hold `p` (`-cp`
 * is `-c -p`). `-m` takes a value: what follows it in the group is the model's name (`-mp`, `-cmp`), never an
 * option. Shared by the
 * command (bin.ts), which sends print runs to dist/print.cjs, and by the subcommand split (args.ts).
 */
export function isPrintWord(word: string): boolean {
  return word === "--print" || /^-[ch]*p/.test(word);
}
