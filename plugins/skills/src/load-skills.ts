import path from "node:path";
import { canonicalPath, definitionFolders, readDefinitionFile, withoutControlChars } from "@maia/util";
import { describeFrontMatterProblem, readFrontMatter } from "@maia/util/front-matter";
import { t } from "./messages.ts";

export type SkillSource = "project" | "parent" | "user" | "claude-project" | "claude-user";

export interface Skill {
  /** The folder's name, which is authoritative (seed § 11.3). */
  name: string;
  description: string;
  /** The instructions, after the YAML header. */
  body: string;
  folder: string;
  file: string;
  source: SkillSource;
}

export interface SkillLoadResult {
  skills: Skill[];
  /** One sentence per problem, naming the file and the line (WARN). */
  warnings: string[];
  /** Every skill file read, what it became and what was left out (for `maia doctor`). */
  files: Array<{ path: string; format: "maia" | "claude"; became: string[]; ignored: Array<{ item: string; reason: string }> }>;
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
 * Reads every location; at equal name the most specific wins and the others are dropped without a word. A
 * broken skill is one warning (file, line, what to fix) and the others load. Sorted by name.
 */
export async function loadSkills(cwd: string, homeDir: string, locations = skillLocations(cwd, homeDir)): Promise<SkillLoadResult> {
  const warnings: string[] = [];
  const files: SkillLoadResult["files"] = [];
  const byName = new Map<string, Skill>();
  const seenRoots = new Set<string>();
  for (const { root, source } of locations) {
    // The parent may be the home folder, the launch folder may be the home: each folder is read once, at its
    // most specific rank.
    const canonical = await canonicalPath(root);
    if (seenRoots.has(canonical)) continue;
    seenRoots.add(canonical);
    for (const folder of await definitionFolders(root)) {
      const name = path.basename(folder);
      const read = await readDefinitionFile(folder, FILE_NAMES, MAX_FILE_BYTES, FILE_WORDS);
      const format = source.startsWith("claude") ? "claude" : "maia";
      if (read.kind === "none") {
        warnings.push(t("noSkillFile", { folder }));
        files.push({ path: folder, format, became: [], ignored: [{ item: "folder", reason: t("noSkillFile", { folder }) }] });
        continue;
      }
      const report: SkillLoadResult["files"][number] = { path: read.file, format, became: [], ignored: [] };
      files.push(report);
      const fail = (message: string, line?: number) => {
        warnings.push(t("problem", { file: read.file, where: line === undefined ? "" : t("where", { line }), problem: message }));
        report.ignored.push({ item: "skill", reason: message });
      };
      if (read.kind === "unreadable") {
        fail(read.message);
        continue;
      }
      if (!SKILL_NAME.test(name)) {
        fail(t("badFolderName", { name }));
        continue;
      }
      const parsed = readFrontMatter(read.text);
      if (!parsed.ok) {
        const { problem } = parsed;
        fail(describeFrontMatterProblem(problem), parsed.line);
        continue;
      }
      const description = parsed.data.description;
      const descriptionLine = parsed.entries.find((entry) => entry.key === "description")?.line;
      if (description === undefined || description === null || (typeof description === "string" && description.trim() === "")) {
        fail(t("missingDescription"), descriptionLine ?? 1);
        continue;
      }
      if (typeof description !== "string") {
        fail(t("badDescription"), descriptionLine);
        continue;
      }
      const declared = parsed.data.name;
      if (declared !== undefined && String(declared) !== name) {
        warnings.push(t("nameMismatch", { file: read.file, name: String(declared), folder: name }));
      }
      if (byName.has(name)) {
        report.ignored.push({ item: `skill ${name}`, reason: t("shadowed", { file: byName.get(name)?.file ?? "" }) });
        continue;
      }
      report.became.push(`skill ${name}`);
      // Both reach the model (the list in the system prompt, the body when the skill runs): no raw control character.
      const shown = { description: withoutControlChars(description.trim()), body: withoutControlChars(parsed.body.trim()) };
      byName.set(name, { name, ...shown, folder, file: read.file, source });
    }
  }
  const skills = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name, "en"));
  return { skills, warnings, files };
}

