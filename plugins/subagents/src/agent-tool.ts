import type { Tool, ToolContext, ToolOutput } from "@maia/kernel";
import type { AgentDefinition } from "./agent-definition.ts";
import { t } from "./messages.ts";

export const AGENT_TOOL = "Agent";

/**
 * The Agent tool (seed § 20.2): offered to the main agent when at least one sub-agent exists. Permission "ask";
 * rules name the agent (`Agent(reviewer)`), which is why `agent` is the first property of the schema (the value
 * rules of other tools look at). The call blocks until the sub-agent is done.
 */
export function createAgentTool(
  agents: readonly AgentDefinition[],
  run: (agent: AgentDefinition, task: string, context: ToolContext) => Promise<ToolOutput>,
): Tool<{ agent: string; task: string }> {
  const list = agents.map((agent) => `- ${agent.name}: ${oneLine(agent.description)}`).join("\n");
  return {
    spec: {
      name: AGENT_TOOL,
      description: t("toolDescription", { list }),
      inputSchema: {
        type: "object",
        properties: {
          agent: { type: "string", enum: agents.map((agent) => agent.name), description: t("toolAgent") },
          task: { type: "string", description: t("toolTask") },
        },
        required: ["agent", "task"],
        additionalProperties: false,
      },
    },
    permission: "ask",
    kind: "think",
    describe: (input) => `${input.agent}: ${shorten(oneLine(String(input.task ?? "")), 120)}`,
    async execute(input, context) {
      const agent = findAgent(agents, input.agent);
      if (!agent) {
        return { content: t("unknownAgentForModel", { name: input.agent, list: agents.map((entry) => entry.name).join(", ") }), isError: true };
      }
      return run(agent, input.task, context);
    },
  };
}

/** Exact name first, then without case (seed § 20.3b: `&` finds agents without case). */
export function findAgent(agents: readonly AgentDefinition[], name: string): AgentDefinition | undefined {
  return agents.find((agent) => agent.name === name) ?? agents.find((agent) => agent.name.toLowerCase() === name.toLowerCase());
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function shorten(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
