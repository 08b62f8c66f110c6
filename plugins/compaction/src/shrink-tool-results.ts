import type { Message } from "@maia/kernel";
import { t } from "./messages.ts";

/** Seed § 14.5: tool results are cut to this many characters when the summary itself must fit an overflowing window. */
export const EMERGENCY_TOOL_RESULT_CHARS = 1_500;

/**
 * A copy of the conversation whose tool results keep only their first `limit` characters (and say how much was
 * cut). Text and tool calls are kept: they carry the intent the summary needs. The original is not touched.
 */
export function shrinkToolResults(messages: readonly Message[], limit = EMERGENCY_TOOL_RESULT_CHARS): Message[] {
  return messages.map((message) => ({
    role: message.role,
    content: message.content.map((block) =>
      block.type === "tool_result" && block.content.length > limit
        ? { ...block, content: `${block.content.slice(0, limit)}\n${t("toolResultCut", { count: block.content.length - limit })}` }
        : block,
    ),
  }));
}
