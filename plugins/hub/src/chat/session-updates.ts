import type * as acp from "@agentclientprotocol/sdk";
import type { AgentCommand } from "../protocol.ts";
import type { AgentConversation } from "./conversation.ts";
import { importHistory, REPLAYED } from "./history-import.ts";
import { blockText, messageImage, planEntry, type TerminalText } from "./tool-calls.ts";

/**
 * One `session/update` of the conversation's session, applied to the model (which emits the events). Content
 * goes to the agent message of the running turn, or, between turns, to the last one: after a Cancel the agent
 * may still send what it had under way, which belongs to that answer, never to a new one. The kinds the hub
 * does not show (modes, config options, session info, notices, compaction, the echo of the user's own message)
 * are ignored, as a careful client ignores what it does not know.
 */
export function applySessionUpdate(conversation: AgentConversation, update: acp.SessionUpdate, terminalText: TerminalText): void {
  if (conversation.replay !== undefined && REPLAYED.has(update.sessionUpdate)) {
    // The history a `session/load` replays: a restored thread has it already, an imported one is made of it.
    if (conversation.replay === "import") importHistory(conversation, update, terminalText);
    return;
  }
  const message = conversation.current;
  const observer = conversation.turn?.observer;
  switch (update.sessionUpdate) {
    case "agent_message_chunk": {
      if (!message) return;
      const image = messageImage(update.content);
      if (image) {
        conversation.appendImage(message, image);
        return;
      }
      const text = blockText(update.content);
      conversation.appendText(message, "text", text);
      if (text !== "") observer?.text(text);
      return;
    }
    case "agent_thought_chunk":
      if (message) conversation.appendText(message, "thought", blockText(update.content));
      return;
    case "tool_call":
    case "tool_call_update": {
      if (!message) return;
      const toolCall = conversation.upsertTool(message, update, terminalText);
      observer?.tool(toolCall);
      return;
    }
    case "plan":
      if (message) conversation.setPlan(message, update.entries.map(planEntry));
      return;
    case "available_commands_update":
      conversation.commands = update.availableCommands.map(command);
      return;
    case "usage_update":
      // Seed: `size` is 0 when the agent gives none (the SDK's schema wants it; an agent may still leave it out).
      conversation.setUsage({ used: update.used, size: typeof update.size === "number" ? update.size : 0 });
      return;
    default:
      return;
  }
}

function command(entry: acp.AvailableCommand): AgentCommand {
  return { name: entry.name, description: entry.description, hint: entry.input?.hint ?? "" };
}
