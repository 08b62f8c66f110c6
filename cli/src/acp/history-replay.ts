import { callDisplay, type AnyTool, type Message, type ToolResultBlock } from "@maia/kernel";
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import { t } from "./messages.ts";
import { titleOf } from "./tool-calls.ts";

/** Seed § 12.3: what a reloaded history shows of each tool result and each user message. */
export const HISTORY_TOOL_RESULT_CHARS = 600;
export const HISTORY_USER_CHARS = 1_500;

export interface ReplaySource {
  messages: readonly Message[];
  startContext?: string | undefined;
  tools: ReadonlyMap<string, AnyTool>;
  cwd: string;
  homeDir: string;
}

/**
 * A saved conversation as the `session/update`s a client shows it with (session/load): the compacted summary
 * first when there is one (seed § 14.4), user text as user chunks (cut at 1,500 characters), the model's text
 * as agent chunks, and each tool call once, with its title, kind, input and its result (cut at 600), marked
 * completed or failed as it ended. A call whose result is missing (an interrupted save) is shown failed.
 */
export function replayHistory(source: ReplaySource): SessionUpdate[] {
  const updates: SessionUpdate[] = [];
  if (source.startContext) {
    updates.push(agentText(t("historySummary", { summary: source.startContext })));
  }
  const used = new Set<string>();
  source.messages.forEach((message, index) => {
    // A call's result is in the message right after it (seed § 6.2); ids alone may repeat across answers.
    const results = resultsIn(source.messages[index + 1]);
    for (const block of message.content) {
      if (block.type === "text") {
        if (block.text === "") continue;
        updates.push(
          message.role === "user"
            ? { sessionUpdate: "user_message_chunk", content: { type: "text", text: cut(block.text, HISTORY_USER_CHARS) } }
            : agentText(block.text),
        );
      } else if (block.type === "image") {
        // An image the user sent, as ACP image content (issue 38): a client shows it again.
        const content = { type: "image" as const, data: block.data, mimeType: block.mediaType };
        updates.push(message.role === "user" ? { sessionUpdate: "user_message_chunk", content } : { sessionUpdate: "agent_message_chunk", content });
      } else if (block.type === "tool_use") {
        const tool = source.tools.get(block.name);
        // What the tool declares, as the loop's announce carries it (no preview: the file has changed since).
        const details = callDisplay(tool, block.input, source);
        const result = results.get(block.id);
        updates.push({
          sessionUpdate: "tool_call",
          toolCallId: uniqueId(block.id, used),
          title: titleOf(block.name, details.summary),
          kind: details.kind,
          status: result && !result.isError ? "completed" : "failed",
          locations: details.locations,
          rawInput: block.input,
          ...(result
            ? {
                content: [
                  { type: "content", content: { type: "text", text: cut(result.content, HISTORY_TOOL_RESULT_CHARS) } },
                  ...(result.images ?? []).map((image) => ({ type: "content" as const, content: { type: "image" as const, data: image.data, mimeType: image.mediaType } })),
                ],
              }
            : {}),
        });
      }
    }
  });
  return updates;
}

function resultsIn(message: Message | undefined): Map<string, ToolResultBlock> {
  const results = new Map<string, ToolResultBlock>();
  if (message?.role !== "user") return results;
  for (const block of message.content) if (block.type === "tool_result" && !results.has(block.toolUseId)) results.set(block.toolUseId, block);
  return results;
}

function agentText(text: string): SessionUpdate {
  return { sessionUpdate: "agent_message_chunk", content: { type: "text", text } };
}

function cut(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}${t("historyTruncated", { count: text.length - limit })}`;
}

/** Providers may reuse a call id across answers; a client keys tool calls by id, so repeats get a suffix. */
function uniqueId(id: string, used: Set<string>): string {
  let candidate = id;
  for (let n = 2; used.has(candidate); n += 1) candidate = `${id}#${n}`;
  used.add(candidate);
  return candidate;
}
