import path from "node:path";
import { canonicalPath, definitionFolders, readDefinitionFile } from "@maia/util";
import { parseAgentFile, type AgentDefinition, type AgentLevel } from "./agent-definition.ts";
import { t } from "./messages.ts";

export interface AgentsLoadResult {
  /** Sorted by name. */
  agents: AgentDefinition[];
  /** One sentence per problem, naming the file and the line (WARN). */
  warnings: string[];
}

const FILE_NAMES = ["AGENT.md", "agent.md"];
const MAX_FILE_BYTES = 1_000_000;
/** How this plugin words an AGENT.md it cannot read. */
const FILE_WORDS = { unreadable: (cause: string) => t("unreadable", { cause }), tooLarge: (limit: number) => t("tooLarge", { limit }) };

/** Seed § 20.1: the user's agents, then the project's (which win at equal name). */
export function agentRoots(cwd: string, homeDir: string): Array<{ root: string; level: AgentLevel }> {
  return [
    { root: path.join(homeDir, ".maia", "agents"), level: "user" },
    { root: path.join(cwd, ".maia", "agents"), level: "project" },
  ];
}

/**
 * Reads `~/.maia/agents/<name>/AGENT.md` then `./.maia/agents/<name>/AGENT.md`: a project agent replaces the
 * user's of the same name; when both roots are one folder (MAIA started in the home folder) it is read once.
 * A broken agent is a warning and the others load.
 */
export async function loadAgents(cwd: string, homeDir: string): Promise<AgentsLoadResult> {
  const warnings: string[] = [];
  const byName = new Map<string, AgentDefinition>();
  const roots = agentRoots(cwd, homeDir);
  const canonical = await Promise.all(roots.map(({ root }) => canonicalPath(root)));
  for (const [index, { root, level }] of roots.entries()) {
    // The same folder twice: read it once, as the project's (the more specific level).
    if (index === 0 && canonical[0] === canonical[1]) continue;
    // The layout of custom tools and skills: one folder per agent, hidden folders left out.
    for (const folder of await definitionFolders(root)) {
      const folderName = path.basename(folder);
      const read = await readDefinitionFile(folder, FILE_NAMES, MAX_FILE_BYTES, FILE_WORDS);
      if (read.kind === "none") {
        warnings.push(t("noAgentFile", { folder, name: folderName }));
        continue;
      }
      if (read.kind === "unreadable") {
        warnings.push(t("fileProblem", { file: read.file, where: "", problem: read.message }));
        continue;
      }
      const parsed = parseAgentFile(read.text, { folderName, file: read.file, level });
      if (!parsed.ok) {
        warnings.push(parsed.warning);
        continue;
      }
      warnings.push(...parsed.warnings);
      byName.set(parsed.agent.name, parsed.agent);
    }
  }
  const agents = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return { agents, warnings };
}
