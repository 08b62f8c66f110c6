import type { AnyTool, JsonSchema, Tool } from "@maia/kernel";
import type { McpCallResult, McpToolOffer } from "@maia/subagent-protocol";

/** How the child reaches the parent: one MCP call, answered by the parent's connection. */
export type CallThroughParent = (name: string, input: Record<string, unknown>, signal: AbortSignal | undefined) => Promise<McpCallResult>;

/**
 * An MCP tool offered by the parent, as the sub-agent's kernel runs it: the same name, description and schema as in
 * the parent, permission "ask" like every MCP tool (the child's permissions plugin decides with the sub-agent's
 * rules: `Mcp(server[,tool])`, inherited and the definition's), and each call sent to the parent.
 */
export function mcpProxyTool(offer: McpToolOffer, call: CallThroughParent): AnyTool {
  const tool: Tool = {
    spec: { name: offer.name, description: offer.description, inputSchema: offer.inputSchema as JsonSchema },
    permission: "ask",
    describe: (input) => {
      const text = JSON.stringify(input) ?? "";
      if (text === "{}") return "";
      return text.length > 160 ? `${text.slice(0, 159)}…` : text;
    },
    execute: (input, context) => call(offer.name, input, context.signal),
  };
  return tool;
}
