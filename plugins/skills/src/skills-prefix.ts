import type { AgentSession, InputPrefix } from "@maia/kernel";
import type { Skill } from "./load-skills.ts";
import { t } from "./messages.ts";
import { expandSkill, findSkill, parseSkillInvocation } from "./skill-prompt.ts";

/**
 * `§` (seed § 11.3, handled after `!` and before `/`): `§name [arguments]` sends the skill's instructions to the
 * model as the user's request; `§` alone lists the skills; an unknown name is an error with the list.
 */
export function skillsPrefix(skillsOf: (session: AgentSession) => Promise<readonly Skill[]>): InputPrefix {
  return {
    prefix: "§",
    order: 20,
    description: t("prefixDescription"),
    async run(context) {
      const skills = await skillsOf(context.session);
      const { name, args } = parseSkillInvocation(context.args);
      if (name === undefined) {
        if (skills.length === 0) context.output.info(t("none"));
        else context.output.info(t("list", { list: skills.map((skill) => `  §${skill.name} — ${oneLine(skill.description)}`).join("\n") }));
        return;
      }
      const skill = findSkill(skills, name);
      if (!skill) {
        const list = skills.map((entry) => entry.name).join(", ");
        context.output.error(skills.length === 0 ? t("unknownNone", { name }) : t("unknown", { name, list }));
        return;
      }
      await context.submit(expandSkill(skill.body, args));
    },
  };
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
