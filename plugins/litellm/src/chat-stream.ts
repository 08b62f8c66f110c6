import { ProviderError, type StreamEvent } from "@maia/kernel";
import { ChatCompletionAssembler } from "./chat-assembly.ts";
import type { DebugLog, DebugStream } from "./debug-log.ts";
import { causeText, isAbortError, redactSecret } from "./errors.ts";
import { t } from "./messages.ts";
import { SseFramer, type SseItem } from "./sse-framing.ts";

// The glue of a chat answer (seed § 7.2): the response body read as an async iterator, its bytes framed into SSE
// events (sse-framing.ts), their chunks assembled into text, tool calls and usage (chat-assembly.ts).

export interface ChatStreamOptions {
  /** The request's signal: when it fires, its AbortError propagates untouched. */
  signal?: AbortSignal | undefined;
  /** Raw recording (MAIA_DEBUG_LLM). */
  debug?: DebugLog | undefined;
  /** The API key, redacted from every error message. */
  secret?: string | undefined;
}

/**
 * A chat response body (SSE) → StreamEvents: text deltas as they arrive, then tool calls, usage, warnings
 * and `done`. Throws ProviderError for a server error in the stream (kind "context_too_long" when the
 * context overflowed) and, kind "interrupted", for a stream that ends before a finish reason or `[DONE]`.
 */
export async function* parseChatStream(
  body: AsyncIterable<Uint8Array>,
  options: ChatStreamOptions = {},
): AsyncGenerator<StreamEvent, void, undefined> {
  const { signal, debug, secret } = options;
  const framer = new SseFramer();
  const assembler = new ChatCompletionAssembler({ secret });
  const raw: DebugStream | undefined = debug?.stream("response body");
  const iterator = body[Symbol.asyncIterator]();
  let bodyEnded = false;
  try {
    while (!assembler.done) {
      let result: IteratorResult<Uint8Array>;
      try {
        result = await iterator.next();
      } catch (error) {
        bodyEnded = true;
        if (signal?.aborted || isAbortError(error)) throw error;
        // A complete answer whose tail (usage, [DONE]) was lost is still a complete answer.
        if (assembler.complete) break;
        debug?.section("stream read error", causeText(error));
        throw new ProviderError(t("streamReadFailed", { cause: causeText(error) }), "interrupted");
      }
      signal?.throwIfAborted();
      if (result.done) bodyEnded = true;
      else if (!(result.value instanceof Uint8Array)) continue;
      const { text, items } = result.done ? framer.end() : framer.push(result.value);
      raw?.write(text);
      const { events, failure } = eventsOfRead(assembler, items);
      for (const event of events) yield event;
      if (failure) throw failure.error;
      if (result.done) break;
    }
    if (!assembler.complete) throw new ProviderError(t("interrupted"), "interrupted");
    yield* assembler.finish();
  } finally {
    raw?.end();
    if (!bodyEnded) {
      // Stop reading: after [DONE], an error, or a consumer that left early.
      try {
        await iterator.return?.();
      } catch {
        // The body is being dropped anyway.
      }
    }
  }
}

/**
 * The events of the SSE items read at once, the text of consecutive deltas joined into one (issue 41: a long answer
 * comes in thousands of chunks, two or three per read; each event is a step through every generator between here
 * and the agent loop), up to `[DONE]`; and the error an item threw (a server error in the stream), after the events
 * that came before it.
 */
function eventsOfRead(assembler: ChatCompletionAssembler, items: readonly SseItem[]): { events: StreamEvent[]; failure?: { error: unknown } } {
  const events: StreamEvent[] = [];
  try {
    for (const item of items) {
      for (const event of assembler.item(item)) {
        const last = events.at(-1);
        if (event.type === "text_delta" && last?.type === "text_delta") events[events.length - 1] = { type: "text_delta", text: last.text + event.text };
        else events.push(event);
      }
      if (assembler.done) break;
    }
  } catch (error) {
    return { events, failure: { error } };
  }
  return { events };
}

/**
 * A server that ignored `stream: true` and sent one JSON `chat.completion`: the same events as its streamed
 * form would give. Throws ProviderError for an error payload or invalid JSON.
 */
export function parseChatCompletionJson(text: string, secret?: string): StreamEvent[] {
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    throw new ProviderError(t("invalidJsonAnswer", { body: redactSecret(text.slice(0, 500), secret) }), "server");
  }
  const assembler = new ChatCompletionAssembler({ secret });
  const events = assembler.chunk(payload); // throws for an error payload
  if (!hasChoices(payload)) {
    throw new ProviderError(t("invalidJsonAnswer", { body: redactSecret(text.slice(0, 500), secret) }), "server");
  }
  return [...events, ...assembler.finish()];
}

function hasChoices(payload: unknown): boolean {
  return typeof payload === "object" && payload !== null && !Array.isArray(payload) && Array.isArray((payload as { choices?: unknown }).choices);
}
