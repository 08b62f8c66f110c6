import type { ContentBlock, Message, ToolResultBlock } from "@maia/kernel";
import { t } from "./messages.ts";

/**
 * A saved conversation whose assistant message has tool calls without results (MAIA killed mid-turn, after the
 * exit save wrote the calls but before their results came back) is an invalid history for every provider: the
 * next request would fail with a 400. Each unanswered call gets an error result, in memory only, right after the
 * message that made it: in the user message that follows when there is one (the provider mapping puts tool results
 * before its text), else in a new user message. Returns the same array when nothing needed repair.
 */
export function answerUnansweredCalls(messages: Message[]): Message[] {
  const out: Message[] = [];
  let changed = false;
  for (let index = 0; index < messages.length; index++) {
    const message = messages[index] as Message;
    out.push(message);
    if (message.role !== "assistant") continue;
    const callIds = message.content.flatMap((block) => (block.type === "tool_use" ? [block.id] : []));
    const next = messages[index + 1];
    const answered = new Set(next?.role === "user" ? next.content.flatMap((block) => (block.type === "tool_result" ? [block.toolUseId] : [])) : []);
    const missing = callIds.filter((id) => !answered.has(id));
    if (missing.length === 0) continue;
    changed = true;
    const results: ToolResultBlock[] = missing.map((id) => ({ type: "tool_result", toolUseId: id, content: t("notRun"), isError: true }));
    if (next?.role === "user") {
      // A new message object, never an edit of the parsed one: the serializer caches messages by identity.
      const at = next.content.findIndex((block) => block.type !== "tool_result");
      const split = at === -1 ? next.content.length : at;
      const content: ContentBlock[] = [...next.content.slice(0, split), ...results, ...next.content.slice(split)];
      out.push({ role: "user", content });
      index++;
    } else {
      out.push({ role: "user", content: results });
    }
  }
  return changed ? out : messages;
}
