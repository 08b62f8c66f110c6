import type { LLMProvider } from "@maia/kernel";
import { t } from "./messages.ts";
import { parseTokenCount } from "./parse-token-count.ts";

/** Seed § 23: how long the context-size question may take. */
export const CONTEXT_QUESTION_TIMEOUT_MS = 60_000;

export type QuestionResult =
  | { kind: "answer"; tokens: number }
  | { kind: "unreadable"; answer: string }
  | { kind: "failed"; reason: string }
  | { kind: "aborted" };

/**
 * The question of seed § 13.2, asked once per model and per run: the answer is read with `parseTokenCount`.
 * Gives up after 60 s; the caller's signal (Ctrl+C, the session ending) abandons it. Never throws.
 */
export async function askModelForContextSize(
  provider: LLMProvider,
  signal: AbortSignal,
  timeoutMs = CONTEXT_QUESTION_TIMEOUT_MS,
): Promise<QuestionResult> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = AbortSignal.any([signal, timeout]);
  const question = { role: "user" as const, content: [{ type: "text" as const, text: t("contextQuestion") }] };
  let answer = "";
  try {
    for await (const event of provider.chat({ system: "", messages: [question], tools: [] }, combined)) {
      if (event.type === "text_delta") answer += event.text;
    }
  } catch (error) {
    if (signal.aborted) return { kind: "aborted" };
    if (timeout.aborted) return { kind: "failed", reason: t("maxQuestionTimeout", { seconds: Math.round(timeoutMs / 1000) }) };
    return { kind: "failed", reason: error instanceof Error ? error.message : String(error) };
  }
  if (signal.aborted) return { kind: "aborted" };
  const tokens = parseTokenCount(answer);
  if (tokens === undefined) return { kind: "unreadable", answer: answer.trim().slice(0, 200) };
  return { kind: "answer", tokens };
}
