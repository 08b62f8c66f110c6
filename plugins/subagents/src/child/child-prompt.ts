import { PROMPT_ORDER, type PromptSection } from "@maia/kernel";
import { ITERATIONS_BY_EFFORT, type AgentDefinition } from "../agent-definition.ts";
import { t } from "../messages.ts";

/** Sections of the memory plugin this prompt replaces or drops (its identity is MAIA's, not the sub-agent's). */
const MAIN_IDENTITY = "memory:identity";
const PROJECT_CONTEXT = ["memory:instructions", "memory:start-context"];
const SKILLS_LIST = "skills:list";

/**
 * Seed § 20.3.2, a sub-agent's system prompt: its identity, autonomy (nobody can answer), the working folder,
 * the effort, its sections — Constraints followed by the rule « a foreseen or forbidden case: stop and report »
 * —, Output, and « the final answer follows Output and stands on its own »; then the project context (MAIA.md…,
 * unless `omitMd`) and the skills it may use, as the other plugins wrote them.
 */
export function subAgentPrompt(agent: AgentDefinition, cwd: string): string {
  // A Claude Code agent: its body is its system prompt (its sub-agents page), with what MAIA adds about the
  // working folder and that nobody can answer during the task.
  if (agent.format === "claude") return [agent.prompt ?? agent.description, t("promptAutonomy"), t("promptFolder", { cwd }), t("promptClaudeFinal")].join("\n\n");
  const parts = [
    t("promptIdentity", { name: agent.name, description: agent.description }),
    t("promptAutonomy"),
    t("promptFolder", { cwd }),
    t(`effort-${agent.effort}`, { iterations: ITERATIONS_BY_EFFORT[agent.effort] }),
    `${t("promptInstructions")}\n\n${agent.instructions}`,
    `${t("promptMissions")}\n\n${agent.missions}`,
  ];
  if (agent.constraints !== undefined) parts.push(`${t("promptConstraints")}\n\n${agent.constraints}\n\n${t("promptConstraintsRule")}`);
  parts.push(`${t("promptOutput")}\n\n${agent.output}`, t("promptFinal"));
  return parts.join("\n\n");
}

/** The sections the other plugins collected, rewritten for the sub-agent. `skills`: see restrictTools. */
export function rewriteSections(
  sections: readonly PromptSection[],
  agent: AgentDefinition,
  cwd: string,
  skills: readonly string[] | undefined,
  /** A Claude Code agent's `skills`: the text of each, preloaded into its prompt. */
  preloaded: ReadonlyArray<{ name: string; body: string }> = [],
): PromptSection[] {
  const rewritten: PromptSection[] = [{ id: "subagents:identity", order: PROMPT_ORDER.IDENTITY, text: subAgentPrompt(agent, cwd) }];
  for (const skill of preloaded) {
    rewritten.push({ id: `subagents:skill:${skill.name}`, order: PROMPT_ORDER.SKILLS, text: `${t("promptPreloadedSkill", { name: skill.name })}\n\n${skill.body}` });
  }
  for (const section of sections) {
    if (section.id === MAIN_IDENTITY) continue;
    if (agent.omitMd && PROJECT_CONTEXT.includes(section.id)) continue;
    if (section.id === SKILLS_LIST && skills !== undefined) {
      const text = keepSkills(section.text, skills);
      if (text !== undefined) rewritten.push({ ...section, text });
      continue;
    }
    rewritten.push(section);
  }
  return rewritten;
}

/** The skills list (`- name: description` lines under a heading) with only `skills`; undefined when none is left. */
function keepSkills(text: string, skills: readonly string[]): string | undefined {
  let listed = 0;
  const lines = text.split("\n").filter((line) => {
    if (!line.startsWith("- ")) return true;
    const keep = skills.some((skill) => line.startsWith(`- ${skill}:`));
    if (keep) listed += 1;
    return keep;
  });
  return listed === 0 ? undefined : lines.join("\n");
}
