import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderError, type StreamEvent } from "@maia/kernel";
import { setActiveLocale } from "@maia/kernel";
import {
  isContextOverflowMessage,
  parseChatCompletionJson,
  parseChatStream,
  ROUND_OUTPUT_LIMITS,
} from "./sse-assembly.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

const encoder = new TextEncoder();

/** An SSE body from data payloads (objects are JSON-encoded), LF-terminated. */
function sse(...payloads: Array<unknown>): string {
  return payloads.map((p) => `data: ${typeof p === "string" ? p : JSON.stringify(p)}\n\n`).join("");
}

async function* bytesOf(...chunks: Array<string | Uint8Array>): AsyncGenerator<Uint8Array> {
  for (const chunk of chunks) yield typeof chunk === "string" ? encoder.encode(chunk) : chunk;
}

async function collect(body: AsyncIterable<Uint8Array>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of parseChatStream(body)) events.push(event);
  return events;
}

async function collectText(text: string): Promise<StreamEvent[]> {
  return collect(bytesOf(text));
}

async function failure(text: string | Uint8Array[]): Promise<ProviderError> {
  const body = typeof text === "string" ? bytesOf(text) : bytesOf(...text);
  try {
    await collect(body);
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderError);
    return error as ProviderError;
  }
  throw new Error("expected a ProviderError");
}

const delta = (d: Record<string, unknown>, finish: string | null = null) => ({
  choices: [{ index: 0, delta: d, finish_reason: finish }],
});
const call = (index: number | undefined, fields: { id?: string; name?: string; args?: unknown }) => ({
  ...(index === undefined ? {} : { index }),
  ...(fields.id === undefined ? {} : { id: fields.id, type: "function" }),
  function: {
    ...(fields.name === undefined ? {} : { name: fields.name }),
    ...(fields.args === undefined ? {} : { arguments: fields.args }),
  },
});
const calls = (...fragments: unknown[]) => delta({ tool_calls: fragments });
const finish = (reason: string) => delta({}, reason);
const usage = (prompt: number, completion: number, extra: Record<string, unknown> = {}) => ({
  choices: [],
  usage: { prompt_tokens: prompt, completion_tokens: completion, total_tokens: prompt + completion, ...extra },
});

describe("parseChatStream — text, usage, done", () => {
  it("streams text deltas, then usage and done", async () => {
    const events = await collectText(
      sse(delta({ role: "assistant", content: "" }), delta({ content: "Hel" }), delta({ content: "lo" }), finish("stop"), usage(12, 3), "[DONE]"),
    );
    expect(events).toEqual([
      { type: "text_delta", text: "Hel" },
      { type: "text_delta", text: "lo" },
      { type: "usage", usage: { inputTokens: 12, outputTokens: 3 } },
      { type: "done", stopReason: "end_turn" },
    ]);
  });

  it("emits text as it arrives, before the stream ends", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* body(): AsyncGenerator<Uint8Array> {
      yield encoder.encode(sse(delta({ content: "first" })));
      await gate;
      yield encoder.encode(sse(finish("stop"), "[DONE]"));
    }
    const iterator = parseChatStream(body())[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: "text_delta", text: "first" });
    release();
    expect((await iterator.next()).value).toEqual({ type: "done", stopReason: "end_turn" });
  });

  it("reads usage from the finish chunk, from LiteLLM's chunk with choices, and from x_groq", async () => {
    const inFinish = await collectText(sse({ ...finish("stop"), usage: { prompt_tokens: 5, completion_tokens: 2 } }, "[DONE]"));
    expect(inFinish).toContainEqual({ type: "usage", usage: { inputTokens: 5, outputTokens: 2 } });
    const withChoices = await collectText(
      sse(delta({ content: "x" }), finish("stop"), { choices: [{ index: 0, delta: {} }], usage: { prompt_tokens: 7, completion_tokens: 1 } }, "[DONE]"),
    );
    expect(withChoices.filter((e) => e.type === "usage")).toEqual([{ type: "usage", usage: { inputTokens: 7, outputTokens: 1 } }]);
    const groq = await collectText(sse({ ...finish("stop"), x_groq: { id: "r", usage: { prompt_tokens: 9, completion_tokens: 4 } } }, "[DONE]"));
    expect(groq).toContainEqual({ type: "usage", usage: { inputTokens: 9, outputTokens: 4 } });
  });

  it("emits one usage event; a later zero usage does not erase a real one", async () => {
    const events = await collectText(
      sse({ ...delta({ content: "a" }), usage: { prompt_tokens: 0, completion_tokens: 0 } }, finish("stop"), usage(10, 5), {
        choices: [],
        usage: { prompt_tokens: 0, completion_tokens: 0 },
      }, "[DONE]"),
    );
    expect(events.filter((e) => e.type === "usage")).toEqual([{ type: "usage", usage: { inputTokens: 10, outputTokens: 5 } }]);
  });

  it("subtracts reasoning tokens only when they are part of completion_tokens", async () => {
    const included = await collectText(sse(finish("stop"), usage(10, 100, { completion_tokens_details: { reasoning_tokens: 60 } }), "[DONE]"));
    expect(included).toContainEqual({ type: "usage", usage: { inputTokens: 10, outputTokens: 40 } });
    const separate = await collectText(sse(finish("stop"), usage(10, 30, { completion_tokens_details: { reasoning_tokens: 60 } }), "[DONE]"));
    expect(separate).toContainEqual({ type: "usage", usage: { inputTokens: 10, outputTokens: 30 } });
  });

  it("reads content given as a list of text parts", async () => {
    const events = await collectText(sse(delta({ content: [{ type: "text", text: "a" }, { type: "text", text: "b" }] }), finish("stop")));
    expect(events[0]).toEqual({ type: "text_delta", text: "ab" });
  });
});

describe("parseChatStream — tool calls", () => {
  it("assembles fragmented calls by index and emits them at the end, sorted", async () => {
    const events = await collectText(
      sse(
        delta({ content: "Let me look." }),
        calls(call(1, { id: "call_b", name: "Glob", args: '{"pat' })),
        calls(call(0, { id: "call_a", name: "Read", args: "" })),
        calls(call(0, { args: '{"file_path":' })),
        calls(call(1, { args: 'tern":"*.ts"}' })),
        calls(call(0, { args: '"a.ts"}' })),
        finish("tool_calls"),
        usage(100, 20),
        "[DONE]",
      ),
    );
    expect(events).toEqual([
      { type: "text_delta", text: "Let me look." },
      { type: "tool_use", id: "call_a", name: "Read", input: { file_path: "a.ts" } },
      { type: "tool_use", id: "call_b", name: "Glob", input: { pattern: "*.ts" } },
      { type: "usage", usage: { inputTokens: 100, outputTokens: 20 } },
      { type: "done", stopReason: "tool_use" },
    ]);
  });

  it("names a call without id call_N", async () => {
    const events = await collectText(sse(calls(call(0, { name: "Read", args: "{}" })), calls(call(1, { name: "Glob", args: "{}" })), finish("tool_calls")));
    expect(events.filter((e) => e.type === "tool_use").map((e) => (e.type === "tool_use" ? e.id : ""))).toEqual(["call_0", "call_1"]);
  });

  it("attaches an argument fragment with neither id nor name on an unknown index to the previous call", async () => {
    const events = await collectText(
      sse(calls(call(0, { id: "c1", name: "Read", args: '{"file_path":' })), calls(call(1, { args: '"x"}' })), finish("tool_calls")),
    );
    expect(events.filter((e) => e.type === "tool_use")).toEqual([{ type: "tool_use", id: "c1", name: "Read", input: { file_path: "x" } }]);
  });

  it("attaches fragments without any index to the previous call", async () => {
    const events = await collectText(sse(calls(call(0, { id: "c1", name: "Read", args: '{"a":' })), calls(call(undefined, { args: "1}" })), finish("tool_calls")));
    expect(events).toContainEqual({ type: "tool_use", id: "c1", name: "Read", input: { a: 1 } });
  });

  it("opens a new call when a new id arrives on an index already taken", async () => {
    const events = await collectText(
      sse(
        calls(call(0, { id: "c1", name: "Read", args: '{"file_path":"a"}' })),
        calls(call(0, { id: "c2", name: "Read", args: '{"file_path":"b"}' })),
        finish("tool_calls"),
      ),
    );
    expect(events.filter((e) => e.type === "tool_use")).toEqual([
      { type: "tool_use", id: "c1", name: "Read", input: { file_path: "a" } },
      { type: "tool_use", id: "c2", name: "Read", input: { file_path: "b" } },
    ]);
  });

  it("does not concatenate a name repeated on every fragment, but joins a name sent in pieces", async () => {
    const repeated = await collectText(
      sse(
        calls(call(0, { id: "c1", name: "Read", args: '{"file_path"' })),
        calls(call(0, { id: "c1", name: "Read", args: ':"a"}' })),
        finish("tool_calls"),
      ),
    );
    expect(repeated).toContainEqual({ type: "tool_use", id: "c1", name: "Read", input: { file_path: "a" } });
    const pieces = await collectText(sse(calls(call(0, { id: "c1", name: "read_", args: "" })), calls(call(0, { name: "file", args: "{}" })), finish("tool_calls")));
    expect(pieces).toContainEqual({ type: "tool_use", id: "c1", name: "read_file", input: {} });
  });

  it("replaces arguments re-sent cumulatively instead of appending them", async () => {
    const events = await collectText(
      sse(
        calls(call(0, { id: "c1", name: "Write", args: '{"path":"a",' })),
        calls(call(0, { args: '{"path":"a","content":"hi"' })),
        calls(call(0, { args: '{"path":"a","content":"hi"}' })),
        finish("tool_calls"),
      ),
    );
    expect(events).toContainEqual({ type: "tool_use", id: "c1", name: "Write", input: { path: "a", content: "hi" } });
  });

  it("takes arguments sent as a JSON object, and double-encoded arguments, as the input", async () => {
    const object = await collectText(sse(calls(call(0, { id: "c1", name: "Read", args: { file_path: "a" } })), finish("tool_calls")));
    expect(object).toContainEqual({ type: "tool_use", id: "c1", name: "Read", input: { file_path: "a" } });
    const twice = await collectText(sse(calls(call(0, { id: "c1", name: "Read", args: JSON.stringify('{"file_path":"a"}') })), finish("tool_calls")));
    expect(twice).toContainEqual({ type: "tool_use", id: "c1", name: "Read", input: { file_path: "a" } });
  });

  it("gives empty arguments as a call without parameters", async () => {
    const events = await collectText(sse(calls(call(0, { id: "c1", name: "TodoRead", args: "" })), finish("tool_calls")));
    expect(events).toContainEqual({ type: "tool_use", id: "c1", name: "TodoRead", input: {} });
  });

  it("never turns invalid arguments into {}: invalid_tool_use with the raw text", async () => {
    const events = await collectText(sse(calls(call(0, { id: "c1", name: "Read", args: '{"file_path": a.ts}' })), finish("tool_calls")));
    const invalid = events.find((e) => e.type === "invalid_tool_use");
    expect(invalid).toMatchObject({ type: "invalid_tool_use", id: "c1", name: "Read", rawArguments: '{"file_path": a.ts}' });
    expect(invalid?.type === "invalid_tool_use" && invalid.reason).toContain("not valid JSON");
    expect(events.some((e) => e.type === "tool_use")).toBe(false);
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "tool_use" });
  });

  it("reports arguments that are JSON but not an object", async () => {
    const events = await collectText(sse(calls(call(0, { id: "c1", name: "Read", args: "[1,2]" })), finish("tool_calls")));
    expect(events[0]).toMatchObject({ type: "invalid_tool_use", rawArguments: "[1,2]" });
    expect(events[0]?.type === "invalid_tool_use" && events[0].reason).toContain("not an object");
  });

  it("refuses arguments nested deeper than 512 levels, naming the limit; 512 levels pass (property: any depth)", async () => {
    const nested = (depth: number) => `{"a":${"[".repeat(depth - 1)}1${"]".repeat(depth - 1)}}`;
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.integer({ min: 1, max: 600 }), fc.constant(512), fc.constant(513), fc.constant(50_000)), async (depth) => {
        const events = await collectText(sse(calls(call(0, { id: "c1", name: "Read", args: nested(depth) })), finish("tool_calls")));
        if (depth <= 512) expect(events[0]).toMatchObject({ type: "tool_use", id: "c1", name: "Read" });
        else {
          expect(events[0]).toMatchObject({ type: "invalid_tool_use", id: "c1", name: "Read" });
          expect(events[0]?.type === "invalid_tool_use" && events[0].reason).toBe("the arguments nest deeper than 512 levels; MAIA refuses such an input: send a flatter one");
        }
      }),
      { numRuns: 40 },
    );
  });

  it("reports a call without a name", async () => {
    const events = await collectText(sse(calls(call(0, { id: "c1", args: "{}" })), finish("tool_calls")));
    expect(events[0]).toMatchObject({ type: "invalid_tool_use", id: "c1", name: "", rawArguments: "{}" });
  });

  it("reports a call cut by finish_reason length, warns and stops with max_tokens", async () => {
    const events = await collectText(sse(calls(call(0, { id: "c1", name: "Write", args: '{"content":"abc' })), finish("length"), usage(10, 4000), "[DONE]"));
    expect(events[0]).toMatchObject({ type: "invalid_tool_use", id: "c1", name: "Write", rawArguments: '{"content":"abc' });
    expect(events[0]?.type === "invalid_tool_use" && events[0].reason).toContain("cut off");
    expect(events).toContainEqual({ type: "warning", message: expect.stringContaining("output token limit") });
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "max_tokens" });
  });

  it("warns when tool calls come with exactly a round number of output tokens", async () => {
    for (const limit of ROUND_OUTPUT_LIMITS) {
      const events = await collectText(sse(calls(call(0, { id: "c1", name: "Read", args: "{}" })), finish("tool_calls"), usage(10, limit), "[DONE]"));
      expect(events.filter((e) => e.type === "warning")).toHaveLength(1);
    }
    const noCall = await collectText(sse(delta({ content: "x" }), finish("stop"), usage(10, 4096), "[DONE]"));
    expect(noCall.some((e) => e.type === "warning")).toBe(false);
    const other = await collectText(sse(calls(call(0, { id: "c1", name: "Read", args: "{}" })), finish("tool_calls"), usage(10, 4095), "[DONE]"));
    expect(other.some((e) => e.type === "warning")).toBe(false);
  });

  it("reads the legacy function_call", async () => {
    const events = await collectText(
      sse(delta({ function_call: { name: "Read", arguments: '{"a"' } }), delta({ function_call: { arguments: ":1}" } }), finish("function_call")),
    );
    expect(events).toEqual([
      { type: "tool_use", id: "call_0", name: "Read", input: { a: 1 } },
      { type: "done", stopReason: "tool_use" },
    ]);
  });

  it("separates complete calls sent without index nor id", async () => {
    const events = await collectText(
      sse(calls(call(undefined, { name: "Read", args: '{"file_path":"a"}' })), calls(call(undefined, { name: "Read", args: '{"file_path":"b"}' })), finish("tool_calls")),
    );
    expect(events.filter((e) => e.type === "tool_use")).toEqual([
      { type: "tool_use", id: "call_0", name: "Read", input: { file_path: "a" } },
      { type: "tool_use", id: "call_1", name: "Read", input: { file_path: "b" } },
    ]);
  });
});

describe("parseChatStream — stop reasons", () => {
  it.each([
    ["tool_calls", false, "tool_use"],
    ["function_call", false, "tool_use"],
    ["length", false, "max_tokens"],
    ["length", true, "max_tokens"],
    ["stop", false, "end_turn"],
    ["stop", true, "tool_use"],
    ["content_filter", false, "other"],
    ["content_filter", true, "tool_use"],
  ])("finish_reason %s (calls: %s) → %s", async (reason, withCall, stopReason) => {
    const body = withCall ? sse(calls(call(0, { id: "c", name: "Read", args: "{}" })), finish(reason)) : sse(delta({ content: "x" }), finish(reason));
    expect((await collectText(body)).at(-1)).toEqual({ type: "done", stopReason });
  });

  it("accepts [DONE] without a finish reason", async () => {
    expect((await collectText(sse(delta({ content: "x" }), "[DONE]"))).at(-1)).toEqual({ type: "done", stopReason: "end_turn" });
  });

  it("accepts a finish reason without [DONE]", async () => {
    expect((await collectText(sse(delta({ content: "x" }), finish("stop")))).at(-1)).toEqual({ type: "done", stopReason: "end_turn" });
  });

  it("never completes a stream that ends with neither finish reason nor [DONE]", async () => {
    const error = await failure(sse(delta({ content: "x" })));
    expect(error.kind).toBe("interrupted");
    expect((await failure("")).kind).toBe("interrupted");
  });

  it("turns a broken body read before the end into an interrupted error, after it into a complete answer", async () => {
    async function* broken(first: string): AsyncGenerator<Uint8Array> {
      yield encoder.encode(first);
      throw Object.assign(new TypeError("terminated"), { cause: { code: "ECONNRESET", message: "other side closed" } });
    }
    const events: StreamEvent[] = [];
    const error = await (async () => {
      for await (const event of parseChatStream(broken(sse(delta({ content: "x" }))))) events.push(event);
    })().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe("interrupted");
    expect(events).toEqual([{ type: "text_delta", text: "x" }]);
    const complete = await collect(broken(sse(delta({ content: "x" }), finish("stop"))));
    expect(complete.at(-1)).toEqual({ type: "done", stopReason: "end_turn" });
  });

  it("stops at [DONE]: what follows is not read", async () => {
    const events = await collectText(`${sse(delta({ content: "x" }), "[DONE]")}data: {"error":{"message":"late"}}\n\n`);
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "end_turn" });
  });

  it("ignores invalid JSON chunks", async () => {
    const events = await collectText(`data: {"choices": [\n\n${sse(delta({ content: "x" }), finish("stop"))}data: not json\n\n`);
    expect(events).toEqual([
      { type: "text_delta", text: "x" },
      { type: "done", stopReason: "end_turn" },
    ]);
  });
});

describe("parseChatStream — errors", () => {
  it("raises « LiteLLM server error » for data: {error}", async () => {
    const error = await failure(sse(delta({ content: "x" }), { error: { message: "upstream exploded", type: "APIError", code: "500" } }));
    expect(error.kind).toBe("server");
    expect(error.message).toBe("LiteLLM server error: upstream exploded");
  });

  it("raises the French wording in French", async () => {
    setActiveLocale("fr");
    try {
      const error = await failure(sse({ error: "boom" }));
      expect(error.message).toBe("Erreur du serveur LiteLLM : boom");
    } finally {
      setActiveLocale("en");
    }
  });

  it("classifies a context overflow in a 200 stream as context_too_long", async () => {
    const error = await failure(
      sse({ error: { message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.", code: "context_length_exceeded" } }),
    );
    expect(error.kind).toBe("context_too_long");
    expect(error.message).toContain("maximum context length");
  });

  it("reads an SSE error field and event: error", async () => {
    const field = await failure(`error: {"message":"bad gateway"}\n\n`);
    expect(field.kind).toBe("server");
    expect(field.message).toContain("bad gateway");
    const event = await failure(`event: error\ndata: {"error":{"message":"prompt is too long: 210000 tokens > 200000 maximum"}}\n\n`);
    expect(event.kind).toBe("context_too_long");
    const plain = await failure(`event: error\ndata: overloaded\n\n`);
    expect(plain.message).toContain("overloaded");
  });

  it("reads vLLM's {object: error}", async () => {
    const error = await failure(sse({ object: "error", message: "The decoder prompt (length 9000) is longer than the maximum model length of 8192.", type: "BadRequestError", code: 400 }));
    expect(error.kind).toBe("context_too_long");
  });

  it("does not mistake error: null for an error", async () => {
    const events = await collectText(sse({ ...delta({ content: "x" }), error: null }, finish("stop")));
    expect(events[0]).toEqual({ type: "text_delta", text: "x" });
  });
});

describe("parseChatStream — SSE framing", () => {
  const body = sse(delta({ content: "héllo 🌍" }), finish("stop"), usage(3, 2), "[DONE]");
  const expected: StreamEvent[] = [
    { type: "text_delta", text: "héllo 🌍" },
    { type: "usage", usage: { inputTokens: 3, outputTokens: 2 } },
    { type: "done", stopReason: "end_turn" },
  ];

  it.each([
    ["CRLF", body.replace(/\n/g, "\r\n")],
    ["CR", body.replace(/\n/g, "\r")],
    ["data: without space", body.replace(/data: /g, "data:")],
    ["comments and keep-alives", `: keep-alive\n\n${body.replace(/\n\n/g, "\n\n: ping\n\n")}`],
    ["unknown fields and ids", body.replace(/data: /g, "id: 1\nretry: 100\nfoo: bar\ndata: ")],
    ["a byte order mark", `\uFEFF${body}`],
  ])("%s", async (_label, text) => {
    expect(await collectText(text)).toEqual(expected);
  });

  it("joins a multi-line data field", async () => {
    const json = JSON.stringify(delta({ content: "multi" }), null, 2);
    const text = `${json.split("\n").map((line) => `data: ${line}`).join("\n")}\n\n${sse(finish("stop"))}`;
    expect((await collectText(text))[0]).toEqual({ type: "text_delta", text: "multi" });
  });

  it("dispatches a last event that lacks its blank line", async () => {
    expect((await collectText(`${sse(delta({ content: "x" }))}data: ${JSON.stringify(finish("stop"))}`)).at(-1)).toEqual({
      type: "done",
      stopReason: "end_turn",
    });
    expect((await collectText(`${sse(delta({ content: "x" }))}data: [DONE]\r`)).at(-1)).toEqual({ type: "done", stopReason: "end_turn" });
  });

  it("handles a UTF-8 character cut between chunks", async () => {
    const bytes = encoder.encode(body);
    const emoji = bytes.indexOf(0xf0);
    const events = await collect(bytesOf(bytes.slice(0, emoji + 2), bytes.slice(emoji + 2)));
    expect(events).toEqual(expected);
  });
});

describe("parseChatCompletionJson", () => {
  it("reads a non-streamed completion", () => {
    const events = parseChatCompletionJson(
      JSON.stringify({
        object: "chat.completion",
        choices: [
          {
            index: 0,
            message: { role: "assistant", content: "ok", tool_calls: [{ id: "c1", type: "function", function: { name: "Read", arguments: '{"a":1}' } }] },
            finish_reason: "tool_calls",
          },
        ],
        usage: { prompt_tokens: 4, completion_tokens: 2 },
      }),
    );
    expect(events).toEqual([
      { type: "text_delta", text: "ok" },
      { type: "tool_use", id: "c1", name: "Read", input: { a: 1 } },
      { type: "usage", usage: { inputTokens: 4, outputTokens: 2 } },
      { type: "done", stopReason: "tool_use" },
    ]);
  });

  it("raises server errors and invalid JSON", () => {
    expect(() => parseChatCompletionJson('{"error":{"message":"nope"}}')).toThrow(ProviderError);
    expect(() => parseChatCompletionJson("<html>")).toThrow(ProviderError);
    expect(() => parseChatCompletionJson("{}")).toThrow(ProviderError);
  });
});

describe("isContextOverflowMessage", () => {
  it.each([
    "This model's maximum context length is 128000 tokens. However, your messages resulted in 130000 tokens.",
    "context_length_exceeded",
    "litellm.ContextWindowExceededError: litellm.BadRequestError: ...",
    "prompt is too long: 210000 tokens > 200000 maximum",
    "Input is too long for requested model.",
    "too many tokens",
    "Your input exceeds the context window of this model.",
    "The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).",
    "Prompt contains 40000 tokens and 0 draft tokens, too large for model with 32768 maximum context length",
    "The decoder prompt (length 9000) is longer than the maximum model length of 8192.",
    "the request exceeds the available context size, try increasing it",
    "input length and `max_tokens` exceed context limit: 190000 + 20000 > 200000",
    "This model's maximum prompt length is 131072 but the request contains 150000 tokens.",
    "Please reduce the length of the messages or completion.",
    "context_length_exceeded (headers: x-ratelimit-remaining-tokens=0)",
  ])("%s → overflow", (text) => {
    expect(isContextOverflowMessage(text)).toBe(true);
  });

  it.each([
    "Rate limit reached for model gpt-4o on tokens per min (TPM): Limit 30000, Used 29000",
    "Too many requests",
    "Too many tokens per minute, please slow down (rate limit)",
    "Invalid API key",
    "upstream connect error",
    "max_tokens must be at least 1",
  ])("%s → not an overflow", (text) => {
    expect(isContextOverflowMessage(text)).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------------------

/** Cuts bytes at the given (sorted, deduplicated) positions. */
function cut(bytes: Uint8Array, positions: number[]): Uint8Array[] {
  const points = [...new Set(positions.map((p) => p % (bytes.length + 1)))].sort((a, b) => a - b);
  const parts: Uint8Array[] = [];
  let start = 0;
  for (const point of points) {
    parts.push(bytes.slice(start, point));
    start = point;
  }
  parts.push(bytes.slice(start));
  return parts;
}

async function outcome(chunks: Uint8Array[]): Promise<{ events: StreamEvent[]; error?: string }> {
  const events: StreamEvent[] = [];
  try {
    for await (const event of parseChatStream(bytesOf(...chunks))) events.push(event);
    return { events };
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { events, error: `${error.kind}: ${error.message}` };
  }
}

const text = fc.string({ unit: "grapheme", maxLength: 12 });
const line = fc.oneof(
  text.map((s) => JSON.stringify(delta({ content: s }))),
  fc
    .record({ index: fc.integer({ min: 0, max: 2 }), id: fc.option(fc.constantFrom("a", "b", "c"), { nil: undefined }), args: fc.constantFrom('{"x":', "1}", '{"y":"é🌍"}', "") })
    .map(({ index, id, args }) => JSON.stringify(calls(call(index, { id, name: id === undefined ? undefined : "Tool", args })))),
  fc.constantFrom(
    JSON.stringify(finish("stop")),
    JSON.stringify(finish("tool_calls")),
    JSON.stringify(usage(10, 4096)),
    JSON.stringify({ error: { message: "maximum context length" } }),
    "[DONE]",
    "not json",
  ),
);
const event = fc.oneof(
  { weight: 6, arbitrary: line.map((l) => `data: ${l}\n\n`) },
  { weight: 1, arbitrary: fc.constantFrom(": keep-alive\n\n", "event: ping\ndata: {}\n\n", "error: boom\n\n", "id: 3\n\n") },
);
const stream = fc
  .tuple(fc.array(event, { maxLength: 10 }), fc.constantFrom("\n", "\r\n", "\r"))
  .map(([events, eol]) => events.join("").replace(/\n/g, eol));

describe("properties", () => {
  it("gives the same events whatever way the bytes are cut (UTF-8 characters, CR/LF included)", async () => {
    await fc.assert(
      fc.asyncProperty(stream, fc.array(fc.nat(), { maxLength: 20 }), async (text, positions) => {
        const bytes = encoder.encode(text);
        const whole = await outcome([bytes]);
        expect(await outcome(cut(bytes, positions))).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it("gives the same events when fed byte by byte", async () => {
    await fc.assert(
      fc.asyncProperty(stream, async (text) => {
        const bytes = encoder.encode(text);
        const whole = await outcome([bytes]);
        expect(await outcome(cut(bytes, Array.from({ length: bytes.length }, (_, i) => i)))).toEqual(whole);
      }),
      { numRuns: 100 },
    );
  });

  it("never throws anything but ProviderError on arbitrary bytes", async () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      stream.map((s) => encoder.encode(s)),
      fc.tuple(stream, fc.uint8Array({ maxLength: 20 }), stream).map(([a, noise, b]) => new Uint8Array([...encoder.encode(a), ...noise, ...encoder.encode(b)])),
    );
    await fc.assert(
      fc.asyncProperty(bytes, fc.array(fc.nat(), { maxLength: 8 }), async (data, positions) => {
        await outcome(cut(data, positions)); // rethrows anything that is not a ProviderError
      }),
      { numRuns: 500 },
    );
  });

  it("never throws anything but ProviderError on arbitrary JSON chunks", async () => {
    const chunk = fc.oneof(
      fc.jsonValue(),
      fc.record({
        choices: fc.array(fc.record({ delta: fc.jsonValue(), finish_reason: fc.jsonValue(), index: fc.jsonValue() }, { requiredKeys: [] })),
        usage: fc.jsonValue(),
      }, { requiredKeys: [] }),
      fc.record({ choices: fc.constant([{ delta: { tool_calls: [] } }]) }).chain(() =>
        fc.array(fc.record({ index: fc.jsonValue(), id: fc.jsonValue(), function: fc.record({ name: fc.jsonValue(), arguments: fc.jsonValue() }, { requiredKeys: [] }) }, { requiredKeys: [] })).map((toolCalls) => ({ choices: [{ delta: { tool_calls: toolCalls } }] })),
      ),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(chunk, { maxLength: 8 }), async (chunks) => {
        const { events } = await outcome([encoder.encode(sse(...chunks.map((c) => JSON.stringify(c)), "[DONE]"))]);
        for (const e of events) if (e.type === "tool_use") expect(typeof e.input).toBe("object");
      }),
      { numRuns: 300 },
    );
  });
});
