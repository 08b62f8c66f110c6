import { errorMessage, type AgentSession, type AnyTool } from "@maia/kernel";
import { MCP_TOOL_PREFIX, selectsMcpTool, type McpCallResult, type McpToolOffer } from "@maia/subagent-protocol";
import { t } from "./messages.ts";

/**
 * The parent's MCP tools a definition may use (seed § 22 lifted for sub-agents): those the mcp plugin holds for the
 * session (`mcp__<server>__<tool>`, `available`: those deferred behind ToolSearch included; the session's tools
 * without the mcp plugin's API) that its `tools` list selects, by name or `Mcp(server)`, all of them without a
 * list. Their specs go to the child, which offers them as they are; its calls come back here.
 */
export function mcpToolsFor(
  session: AgentSession,
  tools: readonly string[] | undefined,
  disallowed: readonly string[] = [],
  available: ReadonlyMap<string, AnyTool> = session.tools,
): McpToolOffer[] {
  const offers: McpToolOffer[] = [];
  for (const [name, tool] of available) {
    if (!name.startsWith(MCP_TOOL_PREFIX) || !selectsMcpTool(tools, name)) continue;
    // A Claude Code agent's `disallowedTools` (`mcp__github`, `Mcp(github)`…) removes them from the offer too.
    if (disallowed.length > 0 && selectsMcpTool(disallowed, name)) continue;
    offers.push({ name, description: tool.spec.description, inputSchema: { ...tool.spec.inputSchema } });
  }
  return offers;
}

/**
 * One call from the child, run by the parent's own tool on the parent's connection: no second process, no second
 * login. The tool is looked up at call time (a `list_changed` may have replaced it); the child checked the
 * permissions with the sub-agent's rules, so none is asked here. Never rejects: a failure is an error result.
 */
export async function runParentTool(
  session: AgentSession,
  name: string,
  input: Record<string, unknown>,
  signal: AbortSignal,
  warn: (message: string) => void,
  available: ReadonlyMap<string, AnyTool> = session.tools,
): Promise<McpCallResult> {
  const tool = name.startsWith(MCP_TOOL_PREFIX) ? available.get(name) : undefined;
  if (!tool) return { content: t("mcpNotOffered", { name }), isError: true };
  try {
    const output = await tool.execute(input, { cwd: session.cwd, signal, env: session.setup.env, state: session.state, warn });
    return typeof output === "string" ? { content: output, isError: false } : output;
  } catch (error) {
    return { content: errorMessage(error), isError: true };
  }
}
