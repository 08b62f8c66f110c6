import type * as acp from "@agentclientprotocol/sdk";
import type { ChatMessage } from "../protocol.ts";
import type { AgentConversation } from "./conversation.ts";
import { blockText, messageImage, planEntry, type TerminalText } from "./tool-calls.ts";

/** The updates that carry a session's history when `session/load` replays it (commands and usage are not history). */
export const REPLAYED: ReadonlySet<string> = new Set(["user_message_chunk", "agent_message_chunk", "agent_thought_chunk", "tool_call", "tool_call_update", "plan"]);

/**
 * One replayed update of a session opened as a thread (`ThreadService.Import`): a user chunk starts or continues a
 * user message, anything the agent said starts or continues an agent message, finished (it is history). ACP
 * gives no times: the messages are dated when imported.
 */
export function importHistory(conversation: AgentConversation, update: acp.SessionUpdate, terminalText: TerminalText): void {
  const last = conversation.messages.at(-1);
  if (update.sessionUpdate === "user_message_chunk") {
    const message = last?.role === "user" ? last : conversation.addMessage({ role: "user" });
    const image = messageImage(update.content);
    if (image) {
      message.parts.push({ kind: "image", image });
      conversation.changed(message);
    } else conversation.appendText(message, "text", blockText(update.content));
    return;
  }
  const reply = last?.role === "agent" ? last : agentMessage(conversation);
  switch (update.sessionUpdate) {
    case "agent_message_chunk":
      conversation.appendText(reply, "text", blockText(update.content));
      return;
    case "agent_thought_chunk":
      conversation.appendText(reply, "thought", blockText(update.content));
      return;
    case "tool_call":
    case "tool_call_update":
      conversation.upsertTool(reply, update, terminalText);
      return;
    case "plan":
      conversation.setPlan(reply, update.entries.map(planEntry));
      return;
    default:
      return;
  }
}

function agentMessage(conversation: AgentConversation): ChatMessage {
  const message = conversation.addMessage({ role: "agent", stopReason: "end_turn" });
  conversation.setCurrent(message);
  return message;
}
