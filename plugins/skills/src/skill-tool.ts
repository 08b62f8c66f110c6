import type { Tool } from "@maia/kernel";
import type { Skill } from "./load-skills.ts";
import { t } from "./messages.ts";
import { expandSkill, findSkill } from "./skill-prompt.ts";

/**
 * The Skill tool (seed § 11.3): the model loads a skill's instructions when it needs them, so the system prompt
 * only carries names and descriptions. Created only when there are skills. Permission "ask" by default;
 * rules name the skill (`Skill(review)`), which is why the skill's name is the `name` parameter.
 */
export function createSkillTool(skills: readonly Skill[]): Tool {
  return {
    spec: {
      name: "Skill",
      description: t("toolDescription"),
      inputSchema: {
        type: "object",
        properties: {
          name: { type: "string", enum: skills.map((skill) => skill.name), description: t("toolName") },
          arguments: { type: "string", description: t("toolArguments") },
        },
        required: ["name"],
        additionalProperties: false,
      },
    },
    permission: "ask",
    describe: (input) => [input.name, input.arguments].filter((part) => typeof part === "string" && part !== "").join(" "),
    async execute(input) {
      const skill = findSkill(skills, String(input.name));
      if (!skill) {
        const list = skills.map((entry) => entry.name).join(", ");
        return { content: t("unknown", { name: String(input.name), list }), isError: true };
      }
      const args = typeof input.arguments === "string" ? input.arguments : "";
      return t("toolResult", { name: skill.name, folder: skill.folder, body: expandSkill(skill.body, args) });
    },
  };
}
