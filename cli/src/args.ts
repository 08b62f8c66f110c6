import { parseArgs } from "node:util";
import { isPrintWord } from "./plain-start.ts";

export type OutputFormat = "text" | "json" | "stream-json";

/** The approval modes of the permissions plugin (its `PermissionMode`, spelled out: args.ts imports no plugin). */
export type PermissionModeName = "default" | "acceptEdits" | "plan";
const MODES: readonly PermissionModeName[] = ["default", "acceptEdits", "plan"];

export interface CliArgs {
  model?: string;
  help: boolean;
  version: boolean;
  print: boolean;
  outputFormat: OutputFormat;
  allow: string[];
  /** `--permission-mode`: the approval mode at launch (with -p, for the whole run). */
  permissionMode: PermissionModeName;
  maxIterations?: number;
  strictPlugins: boolean;
  resume?: string;
  continue: boolean;
  json: boolean;
  global: boolean;
  project: boolean;
  /** `--image FILE` (repeatable, with -p): images sent with the request. */
  images: string[];
  /** `--subagent`: this process runs one sub-agent for a parent MAIA (an IPC channel; not for users). */
  subagent: boolean;
  /** Words that are not options: the prompt with -p, else a subcommand and its arguments. */
  positionals: string[];
}

export class UsageError extends Error {
  override readonly name = "UsageError";
}

const FORMATS: readonly OutputFormat[] = ["text", "json", "stream-json"];

/** `maia`'s command line; a mistake is a UsageError (exit code 2), with the message the user needs. */
export function parseCliArgs(argv: readonly string[], t: (key: "badOutputFormat" | "badMaxIterations" | "badPermissionMode" | "unknownOption" | "missingValue", params: Record<string, string>) => string): CliArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const option = /'([^']+)'/.exec((error as Error).message)?.[1] ?? "";
    if (code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") throw new UsageError(t("unknownOption", { option }));
    if (code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") throw new UsageError(t("missingValue", { option }));
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const format = values["output-format"] ?? "text";
  if (!FORMATS.includes(format as OutputFormat)) throw new UsageError(t("badOutputFormat", { value: format }));
  const mode = values["permission-mode"] ?? "default";
  if (!MODES.includes(mode as PermissionModeName)) throw new UsageError(t("badPermissionMode", { value: mode }));
  let maxIterations: number | undefined;
  if (values["max-iterations"] !== undefined) {
    maxIterations = Number(values["max-iterations"]);
    if (!Number.isInteger(maxIterations) || maxIterations <= 0) {
      throw new UsageError(t("badMaxIterations", { value: values["max-iterations"] }));
    }
  }
  return {
    ...(values.model === undefined ? {} : { model: values.model }),
    help: values.help ?? false,
    version: values.version ?? false,
    print: values.print ?? false,
    outputFormat: format as OutputFormat,
    allow: values.allow ?? [],
    permissionMode: mode as PermissionModeName,
    ...(maxIterations === undefined ? {} : { maxIterations }),
    strictPlugins: values["strict-plugins"] ?? false,
    ...(values.resume === undefined ? {} : { resume: values.resume }),
    continue: values.continue ?? false,
    json: values.json ?? false,
    global: values.global ?? false,
    project: values.project ?? false,
    subagent: values.subagent ?? false,
    images: values.image ?? [],
    positionals,
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      model: { type: "string", short: "m" },
      help: { type: "boolean", short: "h" },
      version: { type: "boolean" },
      print: { type: "boolean", short: "p" },
      "output-format": { type: "string" },
      allow: { type: "string", multiple: true },
      "permission-mode": { type: "string" },
      "max-iterations": { type: "string" },
      "strict-plugins": { type: "boolean" },
      resume: { type: "string" },
      continue: { type: "boolean", short: "c" },
      json: { type: "boolean" },
      global: { type: "boolean" },
      project: { type: "boolean" },
      subagent: { type: "boolean" },
      image: { type: "string", multiple: true },
    },
  });
}

/** Options of `maia` itself that take a value (the next word is theirs, not a subcommand). */
const VALUE_OPTIONS = new Set(["--model", "-m", "--output-format", "--allow", "--permission-mode", "--max-iterations", "--resume", "--image"]);
/** Subcommands whose options `maia` parses itself; any other subcommand gets its words as they are. */
const OWN_SUBCOMMANDS = new Set(["plugins", "acp"]);

/**
 * Splits `maia [options] <subcommand> [its arguments…]` at the subcommand, so that a plugin's subcommand
 * (`maia permissions check --settings f Bash ls`) receives its options untouched. No split in headless mode
 * (`-p`: the words are the prompt) or for the subcommands handled here.
 */
export function splitAtSubcommand(argv: readonly string[]): { own: string[]; rest: string[] } {
  for (let index = 0; index < argv.length; index += 1) {
    const word = argv[index] ?? "";
    if (word === "--") {
      // `maia -- permissions check --json …`: what follows is a subcommand and its own words.
      const command = argv[index + 1];
      if (command === undefined || OWN_SUBCOMMANDS.has(command)) break;
      return { own: [...argv.slice(0, index), command], rest: argv.slice(index + 2) };
    }
    if (isPrintWord(word)) break;
    if (word.startsWith("-")) {
      if (VALUE_OPTIONS.has(word)) index += 1;
      continue;
    }
    if (OWN_SUBCOMMANDS.has(word)) break;
    return { own: argv.slice(0, index + 1), rest: argv.slice(index + 1) };
  }
  return { own: [...argv], rest: [] };
}
