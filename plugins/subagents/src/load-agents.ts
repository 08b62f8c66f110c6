import path from "node:path";
import { modelAliasesOf, readSettingsLayers, settingsFilesOf } from "@maia/claude-code";
import type { DoctorIgnored } from "@maia/kernel";
import { canonicalPath, definitionFolders, expandVariables, markdownFiles, readDefinitionFile, type ContributedFolder } from "@maia/util";
import { parseAgentFile, type AgentDefinition, type AgentLevel } from "./agent-definition.ts";
import { parseClaudeAgentFile } from "./claude-agent.ts";
import { t } from "./messages.ts";

/** Where agents are read: a folder, its level, and its layout (MAIA's `<name>/AGENT.md`, Claude Code's `*.md`). */
export interface AgentSource {
  root: string;
  level: AgentLevel;
  format: "maia" | "claude";
  /**
   * A Claude Code plugin's `agents/` folder (or one agent file its plugin.json names): Claude Code's format, the
   * agents named `<plugin>:<name>`, `${CLAUDE_PLUGIN_ROOT}` replaced in their text.
   */
  plugin?: ContributedFolder;
}

/** What one file became, for `maia doctor`. */
export interface AgentFileReport {
  path: string;
  format: "maia" | "claude" | "claude-plugin";
  became: string[];
  ignored: DoctorIgnored[];
}

export interface AgentsLoadResult {
  /** Sorted by name. */
  agents: AgentDefinition[];
  /** One sentence per problem, naming the file and the line (WARN). */
  warnings: string[];
  /** Every file read, what it became and what was left out. */
  files: AgentFileReport[];
}

const FILE_NAMES = ["AGENT.md", "agent.md"];
const MAX_FILE_BYTES = 1_000_000;
/** Claude Code scans its agents folders recursively; sub-folders only sort files, they do not name agents. */
const MAX_DEPTH = 5;
const MAX_FILES_PER_ROOT = 1_000;
/** How this plugin words an AGENT.md it cannot read. */
const FILE_WORDS = { unreadable: (cause: string) => t("unreadable", { cause }), tooLarge: (limit: number) => t("tooLarge", { limit }) };

/**
 * The folders agents are read from, lowest precedence first (a later one replaces an earlier one's agent of the same
 * name): the user's, then the project's (seed § 20.1, Claude Code's order too), and at each level Claude Code's
 * `agents/*.md` below MAIA's own `agents/<name>/AGENT.md`. The enabled Claude Code plugins' agents (`contributed`, the
 * claude-plugins plugin's) go first, the lowest, as in Claude Code; their names have the plugin's prefix anyway.
 */
export function agentSources(cwd: string, homeDir: string, contributed: readonly ContributedFolder[] = []): AgentSource[] {
  const plugins = contributed.map((folder): AgentSource => ({ root: folder.path, level: "user", format: "claude", plugin: folder }));
  return [
    ...plugins,
    { root: path.join(homeDir, ".claude", "agents"), level: "user", format: "claude" },
    { root: path.join(homeDir, ".maia", "agents"), level: "user", format: "maia" },
    { root: path.join(cwd, ".claude", "agents"), level: "project", format: "claude" },
    { root: path.join(cwd, ".maia", "agents"), level: "project", format: "maia" },
  ];
}

/** MAIA's own folders (`/createAgent` writes there). */
export function agentRoots(cwd: string, homeDir: string): Array<{ root: string; level: AgentLevel }> {
  return agentSources(cwd, homeDir)
    .filter((source) => source.format === "maia")
    .map(({ root, level }) => ({ root, level }));
}

/**
 * Reads every source; at equal name the source of higher precedence wins, the other is reported as replaced. When
 * the home folder is the launch folder a folder is read once, as the project's. A broken agent is a warning and the
 * others load.
 */
export async function loadAgents(cwd: string, homeDir: string, sources: readonly AgentSource[] = agentSources(cwd, homeDir)): Promise<AgentsLoadResult> {
  const warnings: string[] = [];
  const files: AgentFileReport[] = [];
  const byName = new Map<string, { agent: AgentDefinition; report: AgentFileReport }>();
  const canonical = await Promise.all(sources.map(({ root }) => canonicalPath(root)));
  let aliases: Promise<Record<string, string>> | undefined;
  const aliasTable = () => (aliases ??= readSettingsLayers(settingsFilesOf("maia", cwd, homeDir)).then((layers) => modelAliasesOf(layers).aliases));
  const keep = (agent: AgentDefinition, report: AgentFileReport) => {
    const previous = byName.get(agent.name);
    if (previous) previous.report.ignored.push({ item: `agent ${agent.name}`, reason: t("shadowed", { file: agent.file }) });
    byName.set(agent.name, { agent, report });
  };
  for (const [index, source] of sources.entries()) {
    // The same folder twice (MAIA started in the home folder): read it once, at its most specific rank.
    if (canonical.indexOf(canonical[index] as string, index + 1) !== -1) continue;
    if (source.format === "claude") {
      const { plugin } = source;
      for (const file of plugin?.single ? [plugin.path] : await markdownFiles(source.root, { maxDepth: MAX_DEPTH, maxFiles: MAX_FILES_PER_ROOT })) {
        const report: AgentFileReport = { path: file, format: plugin ? "claude-plugin" : "claude", became: [], ignored: [] };
        files.push(report);
        const read = await readDefinitionFile(path.dirname(file), [path.basename(file)], MAX_FILE_BYTES, FILE_WORDS);
        if (read.kind !== "text") {
          const message = read.kind === "unreadable" ? read.message : t("unreadable", { cause: "gone" });
          warnings.push(t("fileProblem", { file, where: "", problem: message }));
          report.ignored.push({ item: "file", reason: message });
          continue;
        }
        const parsed = plugin
          ? parseClaudeAgentFile(expandVariables(read.text, plugin.variables), { file, level: source.level, aliases: await aliasTable(), plugin: { id: plugin.id, namespace: plugin.namespace } })
          : parseClaudeAgentFile(read.text, { file, level: source.level, aliases: await aliasTable() });
        report.ignored.push(...parsed.ignored);
        if (!parsed.ok) {
          if (parsed.warning !== undefined) warnings.push(parsed.warning);
          continue;
        }
        warnings.push(...parsed.warnings);
        report.became.push(...parsed.became);
        keep(parsed.agent, report);
      }
      continue;
    }
    // MAIA's layout, as custom tools and skills: one folder per agent, hidden folders left out.
    for (const folder of await definitionFolders(source.root)) {
      const folderName = path.basename(folder);
      const read = await readDefinitionFile(folder, FILE_NAMES, MAX_FILE_BYTES, FILE_WORDS);
      if (read.kind === "none") {
        const message = t("noAgentFile", { folder, name: folderName });
        warnings.push(message);
        files.push({ path: folder, format: "maia", became: [], ignored: [{ item: "folder", reason: message }] });
        continue;
      }
      const report: AgentFileReport = { path: read.file, format: "maia", became: [], ignored: [] };
      files.push(report);
      if (read.kind === "unreadable") {
        warnings.push(t("fileProblem", { file: read.file, where: "", problem: read.message }));
        report.ignored.push({ item: "file", reason: read.message });
        continue;
      }
      const parsed = parseAgentFile(read.text, { folderName, file: read.file, level: source.level });
      if (!parsed.ok) {
        warnings.push(parsed.warning);
        report.ignored.push({ item: "agent", reason: parsed.warning });
        continue;
      }
      warnings.push(...parsed.warnings);
      report.became.push(`agent ${parsed.agent.name}`);
      keep(parsed.agent, report);
    }
  }
  const agents = [...byName.values()].map((entry) => entry.agent).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { agents, warnings, files };
}

