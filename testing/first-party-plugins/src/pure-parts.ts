import type { AnyTool } from "@maia/kernel";
import { createSkillTool } from "@maia/plugin-skills";
import { normalizeSessionName, sessionNameProblem } from "@maia/plugin-sessions";

/**
 * Pure parts of first-party plugins that another plugin's tests check their output against: what a plugin
 * makes must be what the other one accepts. Through here, the plugin under test imports no other plugin.
 */

/** The skills plugin's real Skill tool over these skills (its input schema lists their names). */
export function skillTool(skills: Parameters<typeof createSkillTool>[0]): AnyTool {
  return createSkillTool(skills) as AnyTool;
}

/** The sessions plugin's rules for a session name: how it normalizes one, and what it refuses (undefined: fine). */
export const sessionNames: { normalize(input: string): string; problem(name: string): string | undefined } = {
  normalize: normalizeSessionName,
  problem: sessionNameProblem,
};
