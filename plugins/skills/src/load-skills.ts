import path from "node:path";
import { canonicalPath, definitionFolders, expandVariables, readDefinitionFile, withoutControlChars, type ContributedFolder } from "@maia/util";
import { describeFrontMatterProblem, readFrontMatter } from "@maia/util/front-matter";
import { t } from "./messages.ts";

export type SkillSource = "project" | "parent" | "user" | "claude-project" | "claude-user" | "plugin";

export interface Skill {
  /** The folder's name, which is authoritative (seed § 11.3). */
  name: string;
  description: string;
  /** The instructions, after the YAML header. */
  body: string;
  folder: string;
  file: string;
  source: SkillSource;
  /** The Claude Code plugin it comes from (`formatter@team-tools`), for a `plugin` skill. */
  plugin?: string;
}

export interface SkillLoadResult {
  skills: Skill[];
  /** One sentence per problem, naming the file and the line (WARN). */
  warnings: string[];
  /** Every skill file read, what it became and what was left out (for `maia doctor`). */
  files: Array<{ path: string; format: "maia" | "claude" | "claude-plugin"; became: string[]; ignored: Array<{ item: string; reason: string }> }>;
}

/** A folder name usable after `§` and as the Skill tool's value: no blanks, nothing exotic. */
const SKILL_NAME = /^[\p{L}\p{N}_.:-]{1,64}$/u;
const MAX_FILE_BYTES = 1_000_000;
const FILE_NAMES = ["SKILL.md", "skill.md"];
/** How this plugin words a SKILL.md it cannot read. */
const FILE_WORDS = { unreadable: (cause: string) => t("unreadable", { cause }), tooLarge: (limit: number) => t("tooLarge", { limit }) };

/**
 * The skill folders, most specific first (seed § 11.3: launch folder, its parent, the user's home), then the
 * skills written for Claude Code (`.claude/skills` of the project, then of the user) — our decision beyond the
 * seed, so that users' existing skills work; they rank below every MAIA location. `.claude` is read for
 * skills only, never for permissions (seed § 9.1).
 */
export function skillLocations(cwd: string, homeDir: string): Array<{ root: string; source: SkillSource }> {
  return [
    { root: path.join(cwd, ".maia", "skills"), source: "project" },
    { root: path.join(path.dirname(path.resolve(cwd)), ".maia", "skills"), source: "parent" },
    { root: path.join(homeDir, ".maia", "skills"), source: "user" },
    { root: path.join(cwd, ".claude", "skills"), source: "claude-project" },
    { root: path.join(homeDir, ".claude", "skills"), source: "claude-user" },
  ];
}

/**
 * Reads every location, then the skills Claude Code plugins contribute (`<plugin>:<folder>`, below every folder
 * of the user's); at equal name the most specific wins and the others are dropped without a word (`maia doctor`
 * names them). A broken skill is one warning (file, line, what to fix) and the others load. Sorted by name.
 */
export async function loadSkills(cwd: string, homeDir: string, contributed: readonly ContributedFolder[] = []): Promise<SkillLoadResult> {
  const warnings: string[] = [];
  const files: SkillLoadResult["files"] = [];
  const byName = new Map<string, Skill>();
  const seenRoots = new Set<string>();
  const add = async (folder: string, source: SkillSource, plugin?: ContributedFolder) => {
    const name = plugin ? `${plugin.namespace}:${path.basename(folder)}` : path.basename(folder);
    const format = plugin ? "claude-plugin" : source === "project" || source === "parent" || source === "user" ? "maia" : "claude";
    const result = await readSkill(folder, name, source, plugin);
    if ("warning" in result) {
      warnings.push(result.warning);
      files.push({ path: result.file, format, became: [], ignored: [{ item: result.file === folder ? "folder" : "skill", reason: result.reason }] });
      return;
    }
    warnings.push(...result.notes);
    const report: SkillLoadResult["files"][number] = { path: result.skill.file, format, became: [], ignored: [] };
    files.push(report);
    const winner = byName.get(name);
    if (winner) {
      report.ignored.push({ item: `skill ${name}`, reason: t("shadowed", { file: winner.file }) });
      return;
    }
    report.became.push(`skill ${name}`);
    byName.set(name, result.skill);
  };
  for (const { root, source } of skillLocations(cwd, homeDir)) {
    // The parent may be the home folder, the launch folder may be the home: each folder is read once, at its
    // most specific rank.
    const canonical = await canonicalPath(root);
    if (seenRoots.has(canonical)) continue;
    seenRoots.add(canonical);
    for (const folder of await definitionFolders(root)) await add(folder, source);
  }
  for (const plugin of contributed) {
    for (const folder of plugin.single ? [plugin.path] : await definitionFolders(plugin.path)) await add(folder, "plugin", plugin);
  }
  const skills = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name, "en"));
  return { skills, warnings, files };
}

/** A skill read, with its notes (WARN, it loads all the same); or why it does not load, with the file to name. */
type SkillRead = { skill: Skill; notes: string[] } | { warning: string; file: string; reason: string };

async function readSkill(folder: string, name: string, source: SkillSource, plugin?: ContributedFolder): Promise<SkillRead> {
  const read = await readDefinitionFile(folder, FILE_NAMES, MAX_FILE_BYTES, FILE_WORDS);
  if (read.kind === "none") {
    const warning = t("noSkillFile", { folder });
    return { warning, file: folder, reason: warning };
  }
  const fail = (message: string, line?: number): SkillRead => ({
    warning: t("problem", { file: read.file, where: line === undefined ? "" : t("where", { line }), problem: message }),
    file: read.file,
    reason: message,
  });
  if (read.kind === "unreadable") return fail(read.message);
  if (!SKILL_NAME.test(name)) return fail(t("badFolderName", { name }));
  // A plugin's skill names its own files as Claude Code lets it: `${CLAUDE_PLUGIN_ROOT}/scripts/x.sh`.
  const parsed = readFrontMatter(plugin ? expandVariables(read.text, plugin.variables) : read.text);
  if (!parsed.ok) {
    const { problem } = parsed;
    return fail(describeFrontMatterProblem(problem), parsed.line);
  }
  const description = parsed.data.description;
  const descriptionLine = parsed.entries.find((entry) => entry.key === "description")?.line;
  if (description === undefined || description === null || (typeof description === "string" && description.trim() === "")) {
    return fail(t("missingDescription"), descriptionLine ?? 1);
  }
  if (typeof description !== "string") return fail(t("badDescription"), descriptionLine);
  const notes: string[] = [];
  const declared = parsed.data.name;
  const folderName = path.basename(folder);
  if (declared !== undefined && String(declared) !== folderName) notes.push(t("nameMismatch", { file: read.file, name: String(declared), folder: folderName }));
  // Both reach the model (the list in the system prompt, the body when the skill runs): no raw control character.
  const shown = { description: withoutControlChars(description.trim()), body: withoutControlChars(parsed.body.trim()) };
  return { skill: { name, ...shown, folder, file: read.file, source, ...(plugin ? { plugin: plugin.id } : {}) }, notes };
}
