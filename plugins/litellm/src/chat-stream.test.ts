import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ProviderError, setActiveLocale, type StreamEvent } from "@maia/kernel";
import { parseChatCompletionJson, parseChatStream } from "./chat-stream.ts";
import { isContextOverflowMessage } from "./errors.ts";
import { bytesOf, collect, collectText, delta, encoder, failure, finish, sse, usage } from "./testing/chat-bodies.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

describe("parseChatStream — text, usage, done", () => {
  it("streams text deltas, then usage and done", async () => {
    const events = await collectText(
      sse(delta({ role: "assistant", content: "" }), delta({ content: "Hel" }), delta({ content: "lo" }), finish("stop"), usage(12, 3), "[DONE]"),
    );
    // The text of the events read at once is one delta.
    expect(events).toEqual([
      { type: "text_delta", text: "Hello" },
      { type: "usage", usage: { inputTokens: 12, outputTokens: 3 } },
      { type: "done", stopReason: "end_turn" },
    ]);
  });

  it("gives the text of each read as one delta, and no text across a read", async () => {
    const events = await collect(bytesOf(sse(delta({ content: "a" }), delta({ content: "b" })), sse(delta({ content: "c" }), finish("stop"), "[DONE]")));
    expect(events).toEqual([
      { type: "text_delta", text: "ab" },
      { type: "text_delta", text: "c" },
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

describe("parseChatStream — the end of the stream", () => {
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
