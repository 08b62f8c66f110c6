// Two more routes, for benchmarks only (bench/assistants.bench.mjs): other assistants, pointed at this server,
// speak OpenAI's Responses API (Codex CLI: POST /v1/responses) or Anthropic's Messages API (Claude Code:
// POST /v1/messages). Each answers one fixed text, streamed as those APIs stream it, so that a peer's `-p hi`
// round trip can be timed against the same local server as MAIA's. Not LiteLLM behaviour; no scripted queue.
import type { ServerResponse } from "node:http";

export const PEER_ANSWER = "Hello! How can I help?";

function sse(res: ServerResponse, events: ReadonlyArray<{ type: string } & Record<string, unknown>>): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const event of events) res.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
  res.end();
}

function json(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

/** OpenAI Responses API: the events of one assistant message holding PEER_ANSWER. */
export function answerResponses(res: ServerResponse, body: Record<string, unknown>, index: number): void {
  const id = `resp_fake_${index}`;
  const model = typeof body.model === "string" ? body.model : "fake-model";
  const message = { id: `msg_fake_${index}`, type: "message", role: "assistant", status: "completed", content: [{ type: "output_text", text: PEER_ANSWER, annotations: [] }] };
  const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 6, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 16 };
  const response = (status: string, output: unknown[]) => ({ id, object: "response", created_at: Math.floor(Date.now() / 1000), model, status, output, ...(status === "completed" ? { usage } : {}) });
  if (body.stream !== true) return json(res, response("completed", [message]));
  sse(res, [
    { type: "response.created", sequence_number: 0, response: response("in_progress", []) },
    { type: "response.output_item.added", sequence_number: 1, output_index: 0, item: { ...message, status: "in_progress", content: [] } },
    { type: "response.content_part.added", sequence_number: 2, item_id: message.id, output_index: 0, content_index: 0, part: { type: "output_text", text: "", annotations: [] } },
    { type: "response.output_text.delta", sequence_number: 3, item_id: message.id, output_index: 0, content_index: 0, delta: PEER_ANSWER },
    { type: "response.output_text.done", sequence_number: 4, item_id: message.id, output_index: 0, content_index: 0, text: PEER_ANSWER },
    { type: "response.content_part.done", sequence_number: 5, item_id: message.id, output_index: 0, content_index: 0, part: message.content[0] },
    { type: "response.output_item.done", sequence_number: 6, output_index: 0, item: message },
    { type: "response.completed", sequence_number: 7, response: response("completed", [message]) },
  ]);
}

/** Anthropic Messages API: one text block holding PEER_ANSWER (and a token count for count_tokens). */
export function answerMessages(res: ServerResponse, body: Record<string, unknown>, index: number, countOnly: boolean): void {
  if (countOnly) return json(res, { input_tokens: 10 });
  const model = typeof body.model === "string" ? body.model : "fake-model";
  const id = `msg_fake_${index}`;
  const usage = { input_tokens: 10, output_tokens: 6, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const message = { id, type: "message", role: "assistant", model, content: [] as unknown[], stop_reason: null, stop_sequence: null, usage };
  if (body.stream !== true) return json(res, { ...message, content: [{ type: "text", text: PEER_ANSWER }], stop_reason: "end_turn" });
  sse(res, [
    { type: "message_start", message },
    { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } },
    { type: "content_block_delta", index: 0, delta: { type: "text_delta", text: PEER_ANSWER } },
    { type: "content_block_stop", index: 0 },
    { type: "message_delta", delta: { stop_reason: "end_turn", stop_sequence: null }, usage: { output_tokens: 6 } },
    { type: "message_stop" },
  ]);
}
