import type { ToolCallContent } from "@agentclientprotocol/sdk";
import { withoutControlChars } from "@maia/util";
import { t } from "./messages.ts";

/**
 * Why a call asks, for `session/request_permission`: the parts of a Bash command no rule covers (simple
 * commands, redirection targets, what the analysis could not read), as the permissions plugin found them for
 * the terminal's confirmation (`AskDetail.uncovered`). A text content block is what every client shows (Zed
 * renders it as Markdown under the call); the parts sit in a fenced block so that a `*` or a backtick of the
 * command is shown as typed, rendered or not. Undefined when there is nothing to say.
 */
export function uncoveredContent(uncovered: readonly string[] | undefined): Extract<ToolCallContent, { type: "content" }> | undefined {
  if (uncovered === undefined || uncovered.length === 0) return undefined;
  const lines = uncovered.map((part) => `• ${withoutControlChars(part).replace(/\r?\n/g, " ")}`);
  const fence = "`".repeat(Math.max(3, longestBacktickRun(lines.join("\n")) + 1));
  const text = `${t("uncoveredTitle")}\n${fence}text\n${lines.join("\n")}\n${fence}`;
  return { type: "content", content: { type: "text", text } };
}

function longestBacktickRun(text: string): number {
  return Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
}
