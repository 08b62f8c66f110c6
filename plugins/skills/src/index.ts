import { definePlugin, PROMPT_ORDER, type DoctorEntry, type DoctorPlace, type SessionSetup } from "@maia/kernel";
import { contributedSources } from "@maia/util";
import { loadSkills, type Skill, type SkillLoadResult, type SkillSource } from "./load-skills.ts";
import { PROMPTS, t } from "./messages.ts";
import { createSkillTool } from "./skill-tool.ts";
import { oneLine, skillsPrefix } from "./skills-prefix.ts";

const PLUGIN_NAME = "skills";

export interface SkillsApi {
  /** The skills of a session (as loaded when it was built), for /help and sub-agents. */
  skillsOf(setup: SessionSetup): Promise<Skill[]>;
  /** `maia doctor`: every skill found (MAIA's and Claude Code's folders, its plugins'), what it became, what was left out. */
  doctor(place: DoctorPlace): Promise<DoctorEntry[]>;
}

const SOURCE_LABELS: Record<Exclude<SkillSource, "plugin">, "sourceProject" | "sourceParent" | "sourceUser" | "sourceClaudeProject" | "sourceClaudeUser"> = {
  project: "sourceProject",
  parent: "sourceParent",
  user: "sourceUser",
  "claude-project": "sourceClaudeProject",
  "claude-user": "sourceClaudeUser",
};

/**
 * Skills (seed § 11.3): folders `<name>/SKILL.md` with a YAML header. The system prompt lists them (name and
 * description), the Skill tool loads one on demand, and `§name [arguments]` runs one directly. They are read
 * once per session being built (start-up, /clear, /new…), so an edited skill is picked up without restarting.
 */
export default definePlugin<Record<string, never>, SkillsApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "Skills: .maia/skills/<name>/SKILL.md (and .claude/skills), the Skill tool and §name",
  apply(context) {
    // The tools and systemPrompt hooks of one session build share one reading of the disk.
    const loads = new WeakMap<SessionSetup, Promise<SkillLoadResult>>();
    const load = (setup: SessionSetup): Promise<SkillLoadResult> => {
      let pending = loads.get(setup);
      if (!pending) {
        // Claude Code plugins' skills (`plugin:skill`), when the claude-plugins plugin is on.
        const contributed = contributedSources(context.plugins)?.folders("skills") ?? [];
        pending = loadSkills(setup.cwd, setup.homeDir, contributed).then((result) => {
          for (const warning of result.warnings) context.log.warn(warning);
          if (result.skills.length > 0) {
            const label = (skill: Skill) => (skill.source === "plugin" ? t("sourcePlugin", { plugin: skill.plugin ?? "?" }) : t(SOURCE_LABELS[skill.source]));
            const list = result.skills.map((skill) => `  ${skill.name} (${label(skill)})`).join("\n");
            context.log.info(t("loaded", { list }));
          }
          return result;
        });
        loads.set(setup, pending);
      }
      return pending;
    };
    const prompts = PROMPTS[context.runtime.locale];

    context.hooks.tools.tapPromise(PLUGIN_NAME, async (tools, setup) => {
      const { skills } = await load(setup);
      return skills.length > 0 ? [...tools, createSkillTool(skills)] : tools;
    });

    context.hooks.systemPrompt.tapPromise(PLUGIN_NAME, async (sections, setup) => {
      const { skills } = await load(setup);
      if (skills.length === 0) return sections;
      const list = skills.map((skill) => `- ${skill.name}: ${oneLine(skill.description)}`).join("\n");
      return [...sections, { id: "skills:list", order: PROMPT_ORDER.SKILLS, text: `${prompts.heading}\n${prompts.intro}\n${list}` }];
    });

    context.prefixes.register(skillsPrefix(async (session) => (await load(session.setup)).skills));

    return {
      skillsOf: async (setup) => (await load(setup)).skills,
      async doctor(place) {
        const contributed = (await contributedSources(context.plugins)?.at(place))?.folders("skills") ?? [];
        const { files } = await loadSkills(place.cwd, place.homeDir, contributed);
        return files.map((file) => ({ path: file.path, format: file.format, kind: "skills", became: file.became, ignored: file.ignored }));
      },
    };
  },
});

export { loadSkills, skillLocations, type Skill, type SkillLoadResult, type SkillSource } from "./load-skills.ts";
export { expandSkill } from "./skill-prompt.ts";
export { createSkillTool } from "./skill-tool.ts";
