import { readFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { errorMessage, type Subcommand, type SubcommandIO } from "@maia/kernel";
import { loadEngine } from "./engine-loader.ts";
import type { Evaluation } from "./evaluate.ts";
import { t } from "./messages.ts";
import { formatPermissions, permissionsView } from "./permissions-view.ts";
import { PATH_TOOLS } from "./rule-syntax.ts";
import { defaultSources, loadRules, parseJson, readPermissions, type RuleSource } from "./settings-files.ts";

/**
 * `maia permissions [list]` prints the rules by file; `maia permissions check [--json] [--settings FILE]...
 * [--batch FILE] TOOL INPUT` prints the verdict a call would get, the rule and file that decided, and for Bash
 * the simple commands and redirect targets found. Reads only permission rules: no LiteLLM settings needed.
 */
export function permissionsSubcommand(allowRules: () => readonly string[]): Subcommand {
  return {
    name: "permissions",
    description: t("subcommandDescription"),
    async run(argv, io) {
      const args = argv[0] === "--" ? argv.slice(1) : argv;
      const [action, ...rest] = args;
      if (action === undefined || action === "list") {
        const loaded = await loadRules(defaultSources(io.cwd, io.homeDir, allowRules()), { cwd: io.cwd, homeDir: io.homeDir });
        io.stdout.write(`${formatPermissions(permissionsView(loaded))}\n`);
        for (const warning of loaded.warnings) io.stderr.write(`WARN ${warning}\n`);
        return 0;
      }
      if (action === "check") return runCheck(rest, io, allowRules());
      if (action === "help" || action === "--help" || action === "-h") {
        io.stdout.write(`${t("checkUsage")}\n`);
        return 0;
      }
      io.stderr.write(`${t("checkUnknownAction", { action })}\n${t("checkUsage")}\n`);
      return 2;
    },
  };
}

async function runCheck(args: string[], io: SubcommandIO, allowRules: readonly string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      strict: true,
      options: {
        json: { type: "boolean" },
        settings: { type: "string", multiple: true },
        batch: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    io.stderr.write(`${errorMessage(error)}\n${t("checkUsage")}\n`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout.write(`${t("checkUsage")}\n`);
    return 0;
  }
  const settings = values.settings ?? [];
  const sources: RuleSource[] =
    settings.length > 0
      ? settings.map((file) => givenFile(path.resolve(io.cwd, file)))
      : defaultSources(io.cwd, io.homeDir, allowRules);
  for (const source of sources) {
    if (source.kind !== "file" || source.origin !== "file") continue;
    try {
      await readFile(source.path);
    } catch (error) {
      io.stderr.write(`${t("checkSettingsUnreadable", { file: source.path, cause: (error as NodeJS.ErrnoException).code ?? errorMessage(error) })}\n`);
      return 1;
    }
  }
  const loaded = await loadRules(sources, { cwd: io.cwd, homeDir: io.homeDir });
  for (const warning of loaded.warnings) io.stderr.write(`WARN ${warning}\n`);
  const context = { cwd: io.cwd, homeDir: io.homeDir, env: io.env };
  const { evaluate } = await loadEngine();

  if (values.batch !== undefined) {
    if (positionals.length > 0) {
      io.stderr.write(`${t("checkBatchWithInput")}\n${t("checkUsage")}\n`);
      return 2;
    }
    return runBatch(values.batch, io, async (tool, input, inline) => {
      if (inline === undefined) return evaluate(loaded.rules, tool, input, context);
      // Rules given on the line replace the files for that line.
      const read = readPermissions(inline.permissions, inline.name);
      for (const warning of read.warnings) io.stderr.write(`WARN ${warning}\n`);
      return evaluate(read.rules, tool, input, context);
    });
  }

  const [tool, ...words] = positionals;
  if (tool === undefined || words.length === 0) {
    io.stderr.write(`${t("checkMissingArguments")}\n${t("checkUsage")}\n`);
    return 2;
  }
  const input = inputFor(tool, words.join(" "));
  const result = await evaluate(loaded.rules, tool, input, context);
  io.stdout.write(values.json ? `${JSON.stringify(toJson(tool, input, result))}\n` : `${formatText(result)}\n`);
  return 0;
}

/** INPUT on the command line: a JSON object, or the tool's main value (command, path, URL, name). */
export function inputFor(tool: string, text: string): Record<string, unknown> {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    const parsed = parseJson(trimmed);
    if (parsed.ok && typeof parsed.value === "object" && parsed.value !== null && !Array.isArray(parsed.value)) {
      return parsed.value as Record<string, unknown>;
    }
  }
  if (tool === "Bash") return { command: text };
  if (PATH_TOOLS.has(tool)) return { path: text };
  if (tool === "WebFetch") return { url: text };
  if (tool === "Skill") return { name: text };
  return { value: text };
}

type Evaluate = (tool: string, input: Record<string, unknown>, inline: { permissions: unknown; name: string } | undefined) => Promise<Evaluation>;

/** `--batch FILE` (or `-` for standard input): one JSON request per line, one JSON verdict per line, in order. */
async function runBatch(file: string, io: SubcommandIO, check: Evaluate): Promise<number> {
  let text: string;
  try {
    text = file === "-" ? await readStream(io.stdin) : await readFile(path.resolve(io.cwd, file), "utf8");
  } catch (error) {
    io.stderr.write(`${t("checkSettingsUnreadable", { file, cause: (error as NodeJS.ErrnoException).code ?? errorMessage(error) })}\n`);
    return 1;
  }
  let failures = 0;
  const lines = text.split(/\r?\n/);
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]?.trim() ?? "";
    if (line === "") continue;
    const number = index + 1;
    const request = parseRequest(line, number);
    if ("error" in request) {
      failures += 1;
      io.stdout.write(`${JSON.stringify({ line: number, error: request.error })}\n`);
      continue;
    }
    const inline = request.permissions === undefined ? undefined : { permissions: request.permissions, name: t("batchLineSource", { file, line: number }) };
    const result = await check(request.tool, request.input, inline);
    io.stdout.write(`${JSON.stringify({ line: number, ...toJson(request.tool, request.input, result) })}\n`);
  }
  return failures === 0 ? 0 : 1;
}

function parseRequest(line: string, number: number): { tool: string; input: Record<string, unknown>; permissions?: unknown } | { error: string } {
  const parsed = parseJson(line);
  if (!parsed.ok) return { error: t("batchInvalidJson", { line: number, column: parsed.column }) };
  const value = parsed.value as Record<string, unknown> | null;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { error: t("batchNotObject", { line: number }) };
  if (typeof value.tool !== "string" || value.tool === "") return { error: t("batchNoTool", { line: number }) };
  const input = value.input;
  let resolved: Record<string, unknown>;
  if (typeof input === "string") resolved = inputFor(value.tool, input);
  else if (typeof input === "object" && input !== null && !Array.isArray(input)) resolved = input as Record<string, unknown>;
  else return { error: t("batchNoInput", { line: number }) };
  return value.permissions === undefined ? { tool: value.tool, input: resolved } : { tool: value.tool, input: resolved, permissions: value.permissions };
}

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}

function toJson(tool: string, input: Record<string, unknown>, result: Evaluation): Record<string, unknown> {
  return {
    tool,
    input,
    decision: result.verdict.decision,
    ...(result.verdict.rule === undefined ? {} : { rule: result.verdict.rule }),
    ...(result.verdict.source === undefined ? {} : { source: result.verdict.source }),
    ...(result.verdict.reason === undefined ? {} : { reason: result.verdict.reason }),
    rules: result.rules,
    ...(result.bash ?? {}),
  };
}

function formatText(result: Evaluation): string {
  const lines = [t("checkVerdict", { decision: result.verdict.decision })];
  for (const entry of result.rules) lines.push(t("checkRule", { rule: entry.rule, source: entry.source }));
  if (result.verdict.reason) lines.push(t("checkReason", { reason: result.verdict.reason }));
  const bash = result.bash;
  if (bash) {
    const section = (title: string, items: string[]) => {
      if (items.length > 0) lines.push(title, ...items.map((item) => `  ${item}`));
    };
    section(t("checkCommands"), bash.commands);
    section(t("checkRedirects"), bash.redirects);
    section(t("checkSubstitutions"), bash.substitutions);
    section(t("checkUncertain"), bash.uncertain);
  }
  return lines.join("\n");
}

/**
 * A file given with `--settings`: read in Claude Code's syntax when it is one of Claude Code's settings files
 * (`.claude/settings.json`, `.claude/settings.local.json`), its `/path` rules starting at the folder that holds
 * `.claude`, as Claude Code's project settings do.
 */
function givenFile(file: string): RuleSource {
  const folder = path.dirname(file);
  const claude = path.basename(folder) === ".claude" && /^settings(\.local)?\.json$/.test(path.basename(file));
  return claude ? { kind: "file", path: file, origin: "file", format: "claude", anchor: path.dirname(folder) } : { kind: "file", path: file, origin: "file" };
}
