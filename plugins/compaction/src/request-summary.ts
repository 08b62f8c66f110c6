import type { AgentSession, Message, StopReason } from "@maia/kernel";
import { imageStandInsOf, withImageStandIns } from "./image-stand-ins.ts";
import { t } from "./messages.ts";
import { EMERGENCY_TOOL_RESULT_CHARS, shrinkToolResults } from "./shrink-tool-results.ts";
import { SUMMARY_MAX_TOKENS } from "./threshold.ts";

export interface Summary {
  text: string;
  /** The model stopped at max_tokens: the summary may be incomplete. */
  truncated: boolean;
}

/**
 * `requestCompactSummary` of seed § 14.2: the conversation, then one last user message made of the pending context
 * and the summary prompt (joined to the last message when it is already the user's, so roles keep alternating).
 * The system prompt is told not to call tools; the tools stay declared (the history holds calls to them) and any
 * call that comes back is ignored. At most 4000 tokens. In an emergency, tool results are first cut to 1,500
 * characters so that the request fits the window that refused the conversation. Images are sent as their text
 * stand-ins, and the summary ends with the stand-ins of every image it replaces (issue 38).
 * Throws on an empty summary, on a provider error, and on abort (the conversation is never touched here).
 */
export async function requestCompactSummary(
  session: AgentSession,
  options: { emergency?: boolean; signal?: AbortSignal } = {},
): Promise<Summary> {
  const conversation = withImageStandIns(session.messages);
  const history = options.emergency ? shrinkToolResults(conversation, EMERGENCY_TOOL_RESULT_CHARS) : conversation;
  const prompt = [...session.pendingContext, t("summaryPrompt")].join("\n\n");
  const request = {
    system: [session.system, t("noToolsInstruction")].filter((part) => part.trim() !== "").join("\n\n"),
    messages: withUserText(history, prompt),
    tools: [...session.tools.values()].map((tool) => tool.spec),
    maxTokens: SUMMARY_MAX_TOKENS,
  };
  let text = "";
  let stopReason: StopReason = "other";
  session.events.emit({ type: "thinking", active: true });
  try {
    for await (const event of session.provider.chat(request, options.signal)) {
      if (event.type === "text_delta") text += event.text;
      else if (event.type === "done") stopReason = event.stopReason;
    }
  } finally {
    session.events.emit({ type: "thinking", active: false });
  }
  if (options.signal?.aborted) throw abortError();
  const summary = text.trim();
  if (summary === "") throw new Error(t("emptySummary"));
  // The images go with the conversation; their stand-ins stay, whatever the summary says of them.
  const images = imageStandInsOf(session.messages);
  const kept = images.length === 0 ? summary : `${summary}\n\n${t("imagesBefore", { list: images.join("\n") })}`;
  return { text: kept, truncated: stopReason === "max_tokens" };
}

/** A copy of the messages with `text` as the last user message (merged into it when the last one is the user's). */
function withUserText(messages: readonly Message[], text: string): Message[] {
  const copy = [...messages];
  const last = copy.at(-1);
  if (last?.role === "user") copy[copy.length - 1] = { role: "user", content: [...last.content, { type: "text", text }] };
  else copy.push({ role: "user", content: [{ type: "text", text }] });
  return copy;
}

function abortError(): Error {
  const error = new Error("aborted");
  error.name = "AbortError";
  return error;
}
