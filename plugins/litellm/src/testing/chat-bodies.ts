import { ProviderError, type StreamEvent } from "@maia/kernel";
import { expect } from "vitest";
import { parseChatStream } from "../chat-stream.ts";

// Chat answers as a LiteLLM server streams them, for the tests of framing, assembly and stream: each goes
// through parseChatStream, the real path from bytes to StreamEvents.

export const encoder = new TextEncoder();

/** An SSE body from data payloads (objects are JSON-encoded), LF-terminated. */
export function sse(...payloads: Array<unknown>): string {
  return payloads.map((p) => `data: ${typeof p === "string" ? p : JSON.stringify(p)}\n\n`).join("");
}

export async function* bytesOf(...chunks: Array<string | Uint8Array>): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield typeof chunk === "string" ? encoder.encode(chunk) : chunk;
}

export async function collect(body: AsyncIterable<Uint8Array>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of parseChatStream(body)) events.push(event);
  return events;
}

export async function collectText(text: string): Promise<StreamEvent[]> {
  return collect(bytesOf(text));
}

export async function failure(text: string | Uint8Array[]): Promise<ProviderError> {
  const body = typeof text === "string" ? bytesOf(text) : bytesOf(...text);
  try {
    await collect(body);
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error("expected a ProviderError");
}

export const delta = (d: Record<string, unknown>, finish: string | null = null) => ({
  choices: [{ index: 0, delta: d, finish_reason: finish }],
});
export const call = (index: number | undefined, fields: { id?: string; name?: string; args?: unknown }) => ({
  ...(index === undefined ? {} : { index }),
  ...(fields.id === undefined ? {} : { id: fields.id, type: "function" }),
  function: {
    ...(fields.name === undefined ? {} : { name: fields.name }),
    ...(fields.args === undefined ? {} : { arguments: fields.args }),
  },
});
export const calls = (...fragments: unknown[]) => delta({ tool_calls: fragments });
export const finish = (reason: string) => delta({}, reason);
export const usage = (prompt: number, completion: number, extra: Record<string, unknown> = {}) => ({
  choices: [],
  usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, ...extra },
});

/**
 * The events of a body cut in these chunks, and the ProviderError that ended it if one did (any other error throws).
 * Consecutive text deltas are joined: how the text is split depends on how the bytes were read (the text of one
 * read is one delta), what it says and where it stands among the other events does not.
 */
export async function outcome(chunks: Uint8Array[]): Promise<{ events: StreamEvent[]; error?: string }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of parseChatStream(bytesOf(...chunks))) events.push(event);
    return { events: joinedText(events) };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { events: joinedText(events), error: `${error.kind}: ${error.message}` };
  }
}

/** The events with each run of text deltas as one. */
export function joinedText(events: readonly StreamEvent[]): StreamEvent[] {
  const joined: StreamEvent[] = [];
  for (const event of events) {
    const last = joined.at(-1);
    if (event.type === "text_delta" && last?.type === "text_delta") joined[joined.length - 1] = { type: "text_delta", text: last.text + event.text };
    else joined.push(event);
  }
  return joined;
}
