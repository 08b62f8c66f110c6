import path from "node:path";
import { canonicalPath, expandVariables, markdownFiles, readDefinitionFile, withoutControlChars, type ContributedFolder } from "@maia/util";
import { describeFrontMatterProblem, readFrontMatter } from "@maia/util/front-matter";
import { modelAliasesOf, readSettingsLayers, resolveModelAlias, settingsFilesOf, translateClaudeRule } from "@maia/claude-code";
import { readAllowedTools } from "./allowed-tools.ts";
import { t } from "./messages.ts";

export type CommandSource = "project" | "user" | "claude-project" | "claude-user" | "plugin";

/** A folder of command files and how to read them. */
export interface CommandLocation {
  root: string;
  source: CommandSource;
  /** Claude Code's meanings: `allowed-tools` in its rule syntax, `model` possibly an alias. */
  format?: "maia" | "claude";
  /** A Claude Code plugin's folder or single file: its names under the plugin's namespace, its variables expanded. */
  plugin?: ContributedFolder;
}

export interface CustomCommand {
  /** `review`, or `frontend:test` for `frontend/test.md`. */
  name: string;
  /** From the header, else the body's first line. */
  description: string;
  argumentHint?: string;
  model?: string;
  allowedTools: string[];
  /** The request, after the header, placeholders not yet replaced. */
  body: string;
  file: string;
  source: CommandSource;
  /** The header was not strict YAML: these keys were read as plain text (Claude Code's fallback). */
  plainValues?: string[];
  /** The Claude Code plugin it comes from (`formatter@team-tools`), for a `plugin` command. */
  plugin?: string;
}

export interface CommandLoadResult {
  commands: CustomCommand[];
  /** One sentence per problem, naming the file and the line (WARN). */
  warnings: string[];
  /** Every file read, what it became and what was left out (for `maia doctor`). */
  files: Array<{ path: string; format: "maia" | "claude" | "claude-plugin"; became: string[]; ignored: Array<{ item: string; reason: string; line?: number }> }>;
}

/** One part of a name (a folder or the file without `.md`): no blank, no `:` (it separates namespaces). */
const NAME_PART = /^[\p{L}\p{N}_.-]{1,64}$/u;
const MAX_FILE_BYTES = 200_000;
/** Sub-folders deeper than this are not read: namespaces are one or two levels in practice. */
const MAX_DEPTH = 4;
const MAX_FILES_PER_ROOT = 1_000;
const DESCRIPTION_LENGTH = 80;
const FILE_WORDS = { unreadable: (cause: string) => t("unreadable", { cause }), tooLarge: (limit: number) => t("tooLarge", { limit }) };

/**
 * Where commands are read, most specific first: the project's `.maia/commands`, the user's `~/.maia/commands`,
 * then those written for Claude Code (`.claude/commands` of the project, then of the user), which rank below
 * every MAIA folder so that users' existing commands work without shadowing MAIA's own.
 */
export function commandLocations(cwd: string, homeDir: string): CommandLocation[] {
  return [
    { root: path.join(cwd, ".maia", "commands"), source: "project", format: "maia" },
    { root: path.join(homeDir, ".maia", "commands"), source: "user", format: "maia" },
    { root: path.join(cwd, ".claude", "commands"), source: "claude-project", format: "claude" },
    { root: path.join(homeDir, ".claude", "commands"), source: "claude-user", format: "claude" },
  ];
}

/**
 * Every location, then the commands Claude Code plugins contribute (`/<plugin>:<name>`, a plugin's sub-folders
 * adding namespaces as anywhere else, read as Claude Code files); at equal name the most specific wins. A broken
 * file is one warning and the others load.
 */
export async function loadCommands(cwd: string, homeDir: string, contributed: readonly ContributedFolder[] = []): Promise<CommandLoadResult> {
  const locations: CommandLocation[] = [...commandLocations(cwd, homeDir), ...contributed.map(pluginLocation)];
  const warnings: string[] = [];
  const files: CommandLoadResult["files"] = [];
  const byName = new Map<string, CustomCommand>();
  const seenRoots = new Set<string>();
  let aliases: Promise<Record<string, string>> | undefined;
  const claude: ClaudeReading = {
    cwd,
    aliases: () => (aliases ??= readSettingsLayers(settingsFilesOf("maia", cwd, homeDir)).then((layers) => modelAliasesOf(layers).aliases)),
  };
  for (const location of locations) {
    const { root, plugin } = location;
    // The launch folder may be the home folder: each root is read once, at its most specific rank.
    const canonical = await canonicalPath(plugin?.path ?? root);
    if (seenRoots.has(canonical)) continue;
    seenRoots.add(canonical);
    for (const file of plugin?.single ? [plugin.path] : await markdownFiles(root, { maxDepth: MAX_DEPTH, maxFiles: MAX_FILES_PER_ROOT })) {
      const result = await readCommandFile(root, file, location, claude);
      const report: CommandLoadResult["files"][number] = { path: file, format: plugin ? "claude-plugin" : (location.format ?? "maia"), became: [], ignored: [] };
      files.push(report);
      if ("warning" in result) {
        warnings.push(result.warning);
        report.ignored.push({ item: "command", reason: result.warning.slice(file.length).replace(/^\s*(\(line \d+\))?\s*:?\s*/, "") });
        continue;
      }
      warnings.push(...result.warnings);
      for (const warning of result.warnings) report.ignored.push({ item: "command", reason: warning.slice(file.length).replace(/^\s*(\(line \d+\))?\s*:?\s*/, "") });
      if (result.command.plainValues) report.ignored.push({ item: result.command.plainValues.join(", "), reason: t("plainValues") });
      const winner = byName.get(result.command.name);
      if (winner) {
        report.ignored.push({ item: `/${result.command.name}`, reason: t("shadowed", { file: winner.file }) });
        continue;
      }
      byName.set(result.command.name, result.command);
      report.became.push(`/${result.command.name}${result.command.allowedTools.length > 0 ? ` (allowed-tools ${result.command.allowedTools.join(", ")})` : ""}`);
    }
  }
  const commands = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name, "en"));
  return { commands, warnings, files };
}

/** A plugin's `commands/` folder (or one command file named in its plugin.json), read as Claude Code's. */
function pluginLocation(folder: ContributedFolder): CommandLocation {
  return { root: folder.single ? path.dirname(folder.path) : folder.path, source: "plugin", format: "claude", plugin: folder };
}


/** `frontend/test.md` under the root → `frontend:test`; undefined when a part cannot be typed after `/`. */
export function commandName(root: string, file: string): string | undefined {
  const parts = path.relative(root, file).split(path.sep);
  const last = parts.length - 1;
  parts[last] = (parts[last] ?? "").replace(/\.md$/i, "");
  return parts.every((part) => NAME_PART.test(part)) ? parts.join(":") : undefined;
}

/** What a Claude Code command needs read beyond its file: the launch folder (its rules' anchor), the model aliases. */
interface ClaudeReading {
  cwd: string;
  aliases(): Promise<Record<string, string>>;
}

async function readCommandFile(
  root: string,
  file: string,
  location: CommandLocation,
  claude: ClaudeReading,
): Promise<{ command: CustomCommand; warnings: string[] } | { warning: string }> {
  const { source, plugin } = location;
  const problem = (message: string, line?: number) => ({
    warning: t("problem", { file, where: line === undefined ? "" : t("where", { line }), problem: message }),
  });
  const ownName = commandName(root, file);
  if (ownName === undefined) return problem(t("badName", { name: path.relative(root, file) }));
  const name = plugin ? `${plugin.namespace}:${ownName}` : ownName;
  const read = await readDefinitionFile(path.dirname(file), [path.basename(file)], MAX_FILE_BYTES, FILE_WORDS);
  if (read.kind === "none") return problem(t("unreadable", { cause: "gone" }));
  if (read.kind === "unreadable") return problem(read.message);

  const raw = read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text;
  // A plugin's command names its own files as Claude Code lets it: `${CLAUDE_PLUGIN_ROOT}/scripts/x.sh`.
  const text = plugin ? expandVariables(raw, plugin.variables) : raw;
  // The header is optional: a file that does not open with `---` is all body.
  let data: Record<string, unknown> = {};
  let lineOf = (_key: string): number | undefined => undefined;
  let rawOf = (_key: string): string | undefined => undefined;
  let body = text;
  let plainValues: string[] | undefined;
  if (/^---[ \t]*\r?(\n|$)/.test(text)) {
    // A header Claude Code accepts loads here too: not strict YAML (`argument-hint: [message] | --amend`) is read
    // again with plain values, as Claude Code does.
    const parsed = readFrontMatter(text, { plainValueRetry: true });
    if (!parsed.ok) {
      const { problem: cause } = parsed;
      return problem(describeFrontMatterProblem(cause), parsed.line);
    }
    data = parsed.data;
    lineOf = (key) => parsed.entries.find((entry) => entry.key === key)?.line;
    rawOf = (key) => parsed.entries.find((entry) => entry.key === key)?.raw;
    body = parsed.body;
    plainValues = parsed.plainValues;
  }
  const texts: Record<string, string | undefined> = {};
  for (const key of ["description", "argument-hint", "model"]) {
    const value = data[key];
    if (value === undefined || value === null) continue;
    // `argument-hint: [user prompt]` is a YAML list where text is meant: the text as written, as Claude Code shows it.
    const written = typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : rawOf(key);
    if (written === undefined) return problem(t("notText", { key }), lineOf(key));
    const trimmed = withoutControlChars(written.replace(/\s+/g, " ").trim());
    if (trimmed !== "") texts[key] = trimmed;
  }
  const written = readAllowedTools(data["allowed-tools"]);
  if (written === undefined) return problem(t("badAllowedTools"), lineOf("allowed-tools"));
  const warnings: string[] = [];
  const at = (key: string) => {
    const line = lineOf(key);
    return line === undefined ? "" : t("where", { line });
  };
  let allowedTools = written;
  if (location.format === "claude") {
    // Claude Code's rule syntax, its paths starting at the project: written as MAIA rules, never wider.
    // `Read, Grep` is `Read`, `Glob`, `Grep` and `Grep` again: each rule once.
    allowedTools = [
      ...new Set(
        written.flatMap((rule) => {
          const translated = translateClaudeRule(rule, "allow", claude.cwd);
          if (translated.warning !== undefined) warnings.push(t("allowedToolWarning", { file, where: at("allowed-tools"), rule, problem: translated.warning }));
          return translated.rules.filter((each) => each.kind === "allow").map((each) => each.text);
        }),
      ),
    ];
    const model = texts["model"];
    if (model !== undefined) {
      const resolved = resolveModelAlias(model, await claude.aliases());
      if (resolved.kind === "model") texts["model"] = resolved.model;
      else {
        delete texts["model"];
        if (resolved.kind === "noAlias") warnings.push(t("modelNoAlias", { file, where: at("model"), model, name }));
      }
    }
  }
  // The body reaches the model as the user's request: no raw control character.
  const request = withoutControlChars(body.trim());
  if (request === "") return problem(t("emptyBody"));
  const firstLine = request.split("\n").find((line) => line.trim() !== "")?.trim() ?? "";
  const description = texts["description"] ?? cut(firstLine.replace(/^#+\s*/, ""), DESCRIPTION_LENGTH);
  return {
    command: {
      name,
      description,
      ...(texts["argument-hint"] === undefined ? {} : { argumentHint: texts["argument-hint"] }),
      ...(texts["model"] === undefined ? {} : { model: texts["model"] }),
      allowedTools,
      body: request,
      file,
      source,
      ...(plainValues ? { plainValues } : {}),
      ...(location.plugin ? { plugin: location.plugin.id } : {}),
    },
    warnings,
  };
}

function cut(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}
