import type { ToolCall } from "../protocol.ts";
import type { AgentConversation } from "./conversation.ts";
import { ChatError } from "./errors.ts";
import { t } from "./messages.ts";

/**
 * The background commands MAIA runs for a thread (issue 39): its tool calls whose `background.running` is true,
 * stopped through MAIA's ACP extension `_maia/background/kill` on the thread's session. Another agent, which does
 * not send `_meta.maia.background`, has none.
 */
export async function stopBackground(conversation: AgentConversation, toolCallId: string): Promise<void> {
  const toolCall = findTool(conversation, toolCallId);
  const shell = toolCall?.background;
  if (!toolCall || !shell?.running) throw new ChatError(t("noBackground", { id: toolCallId, agent: conversation.agent }), 400);
  const session = conversation.session;
  if (!session || session.connection.signal.aborted) {
    settleBackground(conversation);
    throw new ChatError(t("backgroundAgentGone", { agent: conversation.agent }), 409);
  }
  await session.connection.agent.request("_maia/background/kill", { sessionId: session.sessionId, shellId: shell.id });
}

/**
 * The agent's process is gone (stopped, crashed, or a thread restored after the hub restarted): its background
 * commands went with it, so none of its calls is shown running any more.
 */
export function settleBackground(conversation: AgentConversation): void {
  for (const message of conversation.messagesNow()) {
    message.parts.forEach((part, index) => {
      if (part.kind !== "tool" || !part.toolCall.background?.running) return;
      const status = part.toolCall.status === "completed" ? "completed" : "failed";
      conversation.settleTool(message, index, { ...part.toolCall, status, background: { ...part.toolCall.background, running: false } });
    });
  }
}

function findTool(conversation: AgentConversation, id: string): ToolCall | undefined {
  for (const message of conversation.messagesNow()) {
    for (const part of message.parts) if (part.kind === "tool" && part.toolCall.id === id) return part.toolCall;
  }
  return undefined;
}
