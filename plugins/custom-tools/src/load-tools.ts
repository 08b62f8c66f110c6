import path from "node:path";
import { canonicalPath, definitionFolders, readDefinitionFile } from "@maia/util";
import { t } from "./messages.ts";
import { parseToolDefinition, type DefinitionProblem, type ToolDefinition } from "./tool-definition.ts";

/** Seed § 8 and § 11.3: names a custom tool may not take (compared without case). */
export const BUILTIN_TOOL_NAMES = ["Read", "Glob", "Grep", "Write", "Edit", "Bash", "TodoWrite", "WebFetch", "CurrentModel", "Skill", "Agent"];

/** A TOOL.json is a few hundred bytes; anything this large is a mistake, not a definition. */
const MAX_FILE_BYTES = 1_000_000;
const FILE_NAMES = ["TOOL.json", "tool.json"];
/** How this plugin words a TOOL.json it cannot read. */
const FILE_WORDS = { unreadable: (cause: string) => t("unreadable", { cause }), tooLarge: (limit: number) => t("tooLarge", { limit }) };

export interface LoadedTool {
  definition: ToolDefinition;
  /** The definition file, for messages. */
  file: string;
  source: "project" | "user";
}

export interface LoadResult {
  tools: LoadedTool[];
  /** One sentence per problem, naming the file and the line (WARN). */
  warnings: string[];
}

export interface LoadOptions {
  cwd: string;
  homeDir: string;
  /** Names of the tools other plugins already offer: a custom tool may not take them either. */
  taken?: readonly string[];
}

/**
 * Finds the custom tools (seed § 10.1): `./.maia/tools/<folder>/TOOL.json` (or `tool.json`) of the launch
 * folder, then `~/.maia/tools/<folder>/…` — never a parent folder. Folders are read in alphabetical order; at
 * equal name the project's tool wins and the user's is dropped without a word; two tools of one name at the
 * same level are a warning on the second. A broken definition is one warning per problem and the others load.
 */
export async function loadCustomTools(options: LoadOptions): Promise<LoadResult> {
  const warnings: string[] = [];
  const tools: LoadedTool[] = [];
  const byName = new Map<string, LoadedTool>();
  const taken = new Map((options.taken ?? []).map((name) => [name.toLowerCase(), name]));
  const builtin = new Map(BUILTIN_TOOL_NAMES.map((name) => [name.toLowerCase(), name]));

  const projectRoot = path.join(options.cwd, ".maia", "tools");
  const userRoot = path.join(options.homeDir, ".maia", "tools");
  const roots: Array<{ root: string; source: LoadedTool["source"] }> = [{ root: projectRoot, source: "project" }];
  // Started in the home folder, both are one folder: read it once.
  if ((await canonicalPath(userRoot)) !== (await canonicalPath(projectRoot))) roots.push({ root: userRoot, source: "user" });

  for (const { root, source } of roots) {
    for (const folder of await definitionFolders(root)) {
      const found = await readDefinitionFile(folder, FILE_NAMES, MAX_FILE_BYTES, FILE_WORDS);
      if (found.kind === "none") {
        warnings.push(t("noDefinition", { folder }));
        continue;
      }
      const fail = (problems: DefinitionProblem[]) => {
        for (const problem of problems) warnings.push(format(found.file, problem));
      };
      if (found.kind === "unreadable") {
        fail([{ message: found.message }]);
        continue;
      }
      const parsed = parseToolDefinition(found.text, { folder, folderName: path.basename(folder) });
      if (!parsed.ok) {
        fail(parsed.problems);
        continue;
      }
      const { definition } = parsed;
      const key = definition.name.toLowerCase();
      const nameLine = parsed.nameLine;
      const clash = (message: string) => fail([nameLine === undefined ? { message } : { line: nameLine, message }]);
      const reserved = builtin.get(key);
      if (reserved !== undefined) {
        clash(t("reservedName", { name: definition.name, builtin: reserved }));
        continue;
      }
      const other = taken.get(key);
      if (other !== undefined) {
        clash(t("takenName", { name: definition.name, other }));
        continue;
      }
      const earlier = byName.get(key);
      if (earlier) {
        // Project over user, silently (seed § 10.1); the same level twice is a mistake to fix.
        if (earlier.source !== source) continue;
        clash(t("duplicateName", { name: definition.name, other: earlier.file }));
        continue;
      }
      const loaded: LoadedTool = { definition, file: found.file, source };
      byName.set(key, loaded);
      tools.push(loaded);
    }
  }
  tools.sort((a, b) => a.definition.name.localeCompare(b.definition.name, "en"));
  return { tools, warnings };
}

function format(file: string, problem: DefinitionProblem): string {
  return t("problem", { file, where: problem.line === undefined ? "" : t("where", { line: problem.line }), problem: problem.message });
}
