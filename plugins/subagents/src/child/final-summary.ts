import { errorMessage, textOf, type AgentSession, type Message, type TurnOutcome } from "@maia/kernel";
import { t } from "../messages.ts";
import type { DoneMessage } from "@maia/subagent-protocol";

/** Seed § 23: the output tokens of a sub-agent's final summary request. */
export const FINAL_SUMMARY_TOKENS = 4000;

/**
 * Seed § 20.3.4: the summary is the text of the last answer that called no tool; when there is none (iterations
 * used up, an empty answer), the model is asked once more for it, without tools, and the request and its answer
 * join the conversation. Never throws: a failure is a `done` with `ok: false`.
 */
export async function conclude(session: AgentSession, outcome: TurnOutcome, signal: AbortSignal): Promise<DoneMessage> {
  if (outcome.status === "error" || outcome.status === "aborted") {
    const reason = outcome.status === "error" ? errorMessage(outcome.error) : t("childInterrupted");
    return doneMessage(false, reason, session.messages);
  }
  let summary = outcome.status === "done" ? lastAnswer(session.messages) : undefined;
  if (summary === undefined) {
    try {
      summary = await requestFinalSummary(session, signal);
    } catch (error) {
      return doneMessage(false, signal.aborted ? t("childInterrupted") : errorMessage(error), session.messages);
    }
  }
  return summary === "" ? doneMessage(false, t("noSummary"), session.messages) : doneMessage(true, summary, session.messages);
}

/** A `done` for the parent, with the tool calls counted in the conversation. */
export function doneMessage(ok: boolean, summary: string, messages: Message[]): DoneMessage {
  const toolCalls = messages.reduce((count, message) => count + message.content.filter((block) => block.type === "tool_use").length, 0);
  return { type: "done", ok, summary, messages, toolCalls };
}

/** The final answer: the last message, when it is the model's and calls no tool. */
export function lastAnswer(messages: readonly Message[]): string | undefined {
  const last = messages.at(-1);
  if (!last || last.role !== "assistant" || last.content.some((block) => block.type === "tool_use")) return undefined;
  const text = textOf(last).trim();
  return text === "" ? undefined : text;
}

/**
 * Seed § 20.3.4, requestFinalSummary: one more request asking for the answer the Output section describes. The
 * tools stay declared (the history holds tool calls) but any call is ignored. The request joins the last user
 * message when there is one (the tool results after the limit), so roles still alternate.
 */
export async function requestFinalSummary(session: AgentSession, signal: AbortSignal): Promise<string> {
  const request = { type: "text" as const, text: t("summaryRequest") };
  const last = session.messages.at(-1);
  if (last?.role === "user") last.content.push(request);
  else session.messages.push({ role: "user", content: [request] });
  const tools = [...session.tools.values()].map((tool) => tool.spec);
  let text = "";
  for await (const event of session.provider.chat({ system: session.system, messages: session.messages, tools, maxTokens: FINAL_SUMMARY_TOKENS }, signal)) {
    if (event.type === "text_delta") text += event.text;
  }
  text = text.trim();
  if (text !== "") session.messages.push({ role: "assistant", content: [{ type: "text", text }] });
  return text;
}
