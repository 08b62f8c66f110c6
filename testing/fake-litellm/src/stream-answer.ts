// Turns a ScriptedStream into the exact SSE events an OpenAI-compatible server sends.
// Pure (no I/O, no clock) so the chunk layout can be unit-tested and the server only
// has to write the events, with optional pauses, in order.

import type { FakeToolCall, ScriptedStream, Usage } from "./types.ts";

export interface StreamContext {
  /** The `id` every chunk of this answer repeats. */
  id: string;
  model: string;
  /** Unix seconds, as OpenAI's `created`. */
  created: number;
  /** Characters of the prompt, for the rough default prompt_tokens. */
  promptChars: number;
  /** Makes default tool call ids unique across requests. */
  requestIndex: number;
}

export const TEXT_CHUNK_CHARS = 8;
export const DEFAULT_FRAGMENTS = 3;
export const DONE_EVENT = "data: [DONE]\n\n";

export function sseEvent(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/** One chat.completion.chunk with a single choice. */
export function chunk(ctx: StreamContext, delta: Record<string, unknown>, finishReason: string | null = null): object {
  return {
    id: ctx.id,
    object: "chat.completion.chunk",
    created: ctx.created,
    model: ctx.model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
  };
}

/** Cuts by code points so a chunk boundary never falls inside a surrogate pair. */
export function cutText(text: string, size = TEXT_CHUNK_CHARS): string[] {
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += size) pieces.push(chars.slice(i, i + size).join(""));
  return pieces;
}

/** Cuts into exactly `count` pieces of near-equal length (some may be empty when the text is short). */
export function cutInto(text: string, count: number): string[] {
  const chars = Array.from(text);
  const n = Math.max(1, Math.floor(count));
  const pieces: string[] = [];
  for (let k = 0; k < n; k++) {
    pieces.push(chars.slice(Math.floor((k * chars.length) / n), Math.floor(((k + 1) * chars.length) / n)).join(""));
  }
  return pieces;
}

export function argumentsText(call: FakeToolCall): string {
  return typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
}

function textPieces(text: ScriptedStream["text"]): string[] {
  if (text === undefined) return [];
  return Array.isArray(text) ? text : cutText(text);
}

/** ~4 characters per token, never 0 for non-empty input: good enough for budget logic in tests. */
function roughTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/** The deltas of the text and tool-call chunks, in order; the first one also carries role "assistant". */
function contentDeltas(answer: ScriptedStream, ctx: StreamContext): Array<Record<string, unknown>> {
  const deltas: Array<Record<string, unknown>> = textPieces(answer.text).map((content) => ({ content }));
  (answer.toolCalls ?? []).forEach((call, position) => {
    const index = call.index ?? position;
    const id = call.id ?? `call_fake_${ctx.requestIndex}_${position}`;
    cutInto(argumentsText(call), call.fragments ?? DEFAULT_FRAGMENTS).forEach((piece, k) => {
      const fragment =
        k === 0
          ? { index, id, type: "function", function: { name: call.name, arguments: piece } }
          : { index, function: { arguments: piece } };
      deltas.push({ tool_calls: [fragment] });
    });
  });
  return deltas;
}

export function usageFor(answer: ScriptedStream, ctx: StreamContext): Usage {
  const outputChars =
    textPieces(answer.text).join("").length +
    (answer.toolCalls ?? []).reduce((sum, call) => sum + call.name.length + argumentsText(call).length, 0);
  const reasoning = answer.reasoningTokens ?? 0;
  const given = answer.usage === false || answer.usage === undefined ? {} : answer.usage;
  const prompt_tokens = given.prompt_tokens ?? roughTokens(ctx.promptChars);
  const completion_tokens = given.completion_tokens ?? roughTokens(outputChars) + reasoning;
  const usage: Usage = { ...given, prompt_tokens, completion_tokens };
  usage.total_tokens = given.total_tokens ?? prompt_tokens + completion_tokens;
  if (answer.reasoningTokens !== undefined) {
    usage.completion_tokens_details = { ...given.completion_tokens_details, reasoning_tokens: reasoning };
  }
  return usage;
}

/** Every SSE event of the answer, each a complete `data: ...\n\n` string. */
export function streamEvents(answer: ScriptedStream, ctx: StreamContext): string[] {
  const deltas = contentDeltas(answer, ctx);
  const hasToolCalls = (answer.toolCalls ?? []).length > 0;
  const finish = answer.finishReason ?? (hasToolCalls ? "tool_calls" : "stop");
  deltas.push({});
  // Real servers announce the role once, on the first delta.
  deltas[0] = { role: "assistant", ...deltas[0] };
  const events = deltas.map((delta, i) =>
    sseEvent(chunk(ctx, delta, i === deltas.length - 1 ? finish : null)),
  );
  if (answer.usage !== false) {
    events.push(
      sseEvent({
        id: ctx.id,
        object: "chat.completion.chunk",
        created: ctx.created,
        model: ctx.model,
        choices: [],
        usage: usageFor(answer, ctx),
      }),
    );
  }
  if (answer.done !== false) events.push(DONE_EVENT);
  return events;
}
