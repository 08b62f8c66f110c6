import { imageStandIn, type Message } from "@maia/kernel";
import { t } from "./messages.ts";

/** Seed § 12.3: what a reloaded history shows of each tool result and each user message. */
export const HISTORY_TOOL_RESULT_CHARS = 600;
export const HISTORY_USER_CHARS = 1_500;

function cut(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}${t("historyTruncated", { count: text.length - limit })}`;
}

function quote(text: string): string {
  return text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
}

/**
 * A reloaded conversation as Markdown for the front end (/load): user messages as quotes (1,500 characters at
 * most), the model's text as it was, tool calls on one line, tool results cut to 600 characters.
 */
export function formatHistory(messages: readonly Message[]): string {
  const parts: string[] = [];
  for (const message of messages) {
    for (const block of message.content) {
      if (block.type === "text" && message.role === "user") parts.push(quote(`**${t("historyUser")}:** ${cut(block.text, HISTORY_USER_CHARS)}`));
      else if (block.type === "text") parts.push(block.text);
      else if (block.type === "tool_use") parts.push(`● \`${block.name}\` ${cut(JSON.stringify(block.input), 200)}`);
      else if (block.type === "image") parts.push(imageStandIn(block));
      else parts.push(["```", cut([block.content, ...(block.images ?? []).map(imageStandIn)].join("\n"), HISTORY_TOOL_RESULT_CHARS), "```"].join("\n"));
    }
  }
  return parts.join("\n\n");
}
