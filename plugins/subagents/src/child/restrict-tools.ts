import type { AnyTool, JsonSchema } from "@maia/kernel";
import { mcpServerEntry, selectsMcpTool } from "@maia/subagent-protocol";
import type { AgentDefinition } from "../agent-definition.ts";
import { AGENT_TOOL } from "../agent-tool.ts";
import { t } from "../messages.ts";

const SKILL_TOOL = "Skill";

export interface Restricted {
  tools: AnyTool[];
  /** The skills the system prompt may list: undefined = all of them, [] = none (no Skill tool left). */
  skills: string[] | undefined;
  /** Only the definition's own problems (seed § 20.3.1): a tool or a skill it names that does not exist. */
  warnings: string[];
}

/**
 * Seed § 20.3.1: the tools reloaded from disk, restricted by the definition — `tools` (names without case; never
 * Agent: sub-agents do not start sub-agents), then `skills` (the Skill tool only offers those, and disappears when
 * none is left). Pure.
 */
export function restrictTools(all: readonly AnyTool[], agent: Pick<AgentDefinition, "tools" | "skills" | "disallowedTools">): Restricted {
  const warnings: string[] = [];
  // Claude Code's `disallowedTools` first (its sub-agents page: removed, then `tools` resolved against the rest).
  const disallowed = agent.disallowedTools ?? [];
  const removed = (name: string) =>
    disallowed.some((entry) => entry.toLowerCase() === name.toLowerCase() || (mcpServerEntry(entry) !== undefined && selectsMcpTool([entry], name)));
  const available = all.filter((tool) => tool.spec.name !== AGENT_TOOL && !removed(tool.spec.name));
  let kept = available;
  if (agent.tools !== undefined) {
    const wanted = new Set<string>();
    for (const name of agent.tools) {
      if (name.toLowerCase() === AGENT_TOOL.toLowerCase()) {
        warnings.push(t("agentToolNever"));
        continue;
      }
      // `Mcp(server)`: every tool of that MCP server the parent offered.
      const server = mcpServerEntry(name);
      if (server !== undefined) {
        const tools = available.filter((candidate) => selectsMcpTool([name], candidate.spec.name));
        for (const tool of tools) wanted.add(tool.spec.name);
        if (tools.length === 0) warnings.push(t("mcpServerNotFound", { entry: name.trim(), server }));
        continue;
      }
      const tool = available.find((candidate) => candidate.spec.name.toLowerCase() === name.toLowerCase());
      if (tool) wanted.add(tool.spec.name);
      // Listed in both tools and disallowedTools: removed, as Claude Code does, without a word.
      else if (removed(name)) continue;
      else warnings.push(t("toolNotFound", { tool: name, list: available.map((candidate) => candidate.spec.name).join(", ") }));
    }
    kept = available.filter((tool) => wanted.has(tool.spec.name));
  }

  const skillTool = all.find((tool) => tool.spec.name === SKILL_TOOL);
  const known = skillTool ? skillNamesOf(skillTool.spec.inputSchema) : [];
  let allowed: string[] | undefined;
  if (agent.skills !== undefined) {
    allowed = [];
    for (const name of agent.skills) {
      const found = known?.find((skill) => skill.toLowerCase() === name.toLowerCase());
      // A Skill tool that does not list its names (another plugin's) cannot be checked: the name is kept.
      if (found !== undefined) allowed.push(found);
      else if (known === undefined) allowed.push(name);
      else warnings.push(t("skillNotFound", { skill: name }));
    }
  }
  const keptSkill = kept.find((tool) => tool.spec.name === SKILL_TOOL);
  if (keptSkill && allowed !== undefined) {
    kept = allowed.length === 0 ? kept.filter((tool) => tool !== keptSkill) : kept.map((tool) => (tool === keptSkill ? withSkills(tool, allowed ?? []) : tool));
  }
  const skills = kept.some((tool) => tool.spec.name === SKILL_TOOL) ? allowed : [];
  return { tools: kept, skills, warnings };
}

/** The names the Skill tool's `name` parameter accepts, or undefined when its schema does not say. */
function skillNamesOf(schema: JsonSchema): string[] | undefined {
  const properties = schema.properties as Record<string, { enum?: unknown }> | undefined;
  const names = properties?.name?.enum;
  return Array.isArray(names) && names.every((name) => typeof name === "string") ? names : undefined;
}

/** The same Skill tool, offering only `skills`: the runner's input check refuses any other name. */
function withSkills(tool: AnyTool, skills: readonly string[]): AnyTool {
  const spec = structuredClone(tool.spec);
  const properties = spec.inputSchema.properties as Record<string, Record<string, unknown>> | undefined;
  if (properties?.name) properties.name.enum = [...skills];
  return { ...tool, spec };
}
