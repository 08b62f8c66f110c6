import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { ProviderError, type ChatRequest, type StreamEvent } from "@maia/kernel";
import { setActiveLocale } from "@maia/kernel";
import { tempFolder } from "@maia/testing-maia";
import { buildChatBody } from "./chat-body.ts";
import { joinedText } from "./testing/chat-bodies.ts";
import {
  createLiteLLMProvider,
  isConnectionReset,
  maxInputTokens,
  modelNames,
  retryAfterMs,
  type LiteLLMProviderOptions,
} from "./provider.ts";
import { loadSettings, type LiteLLMSettings } from "./settings.ts";

const KEY = "sk-fake-secret-key-1234";
const request: ChatRequest = {
  system: "You are MAIA.",
  messages: [{ role: "user", content: [{ type: "text", text: "hello" }] }],
  tools: [],
};

let server: FakeLiteLLM;
let home: string;

function settingsFor(url: string, extra: Partial<LiteLLMSettings> = {}): LiteLLMSettings {
  return { LiteLLM_URL: url, OpenAI_EndPoint: "/v1/chat/completions", LiteLLM_Models: "/v1/models", ...extra };
}

function provider(extra: Partial<LiteLLMProviderOptions> = {}) {
  return createLiteLLMProvider({
    settings: settingsFor(server.url),
    apiKey: KEY,
    model: "fake-model",
    env: {},
    retry: { baseDelayMs: 5 },
    ...extra,
  });
}

async function run(
  events: AsyncIterable<StreamEvent>,
): Promise<{ events: StreamEvent[]; error?: unknown }> {
  const out: StreamEvent[] = [];
  try {
    for await (const event of events) out.push(event);
    return { events: out };
  } catch (error) {
    return { events: out, error };
  }
}

beforeAll(async () => {
  setActiveLocale("en");
  home = await tempFolder("maia-litellm-");
});
afterAll(async () => {
  setActiveLocale(undefined);
  await rm(home, { recursive: true, force: true });
});
beforeEach(async () => {
  server = await startFakeLiteLLM({
    apiKey: KEY,
    models: ["zeta", "alpha", "fake-model", "alpha"],
    modelInfo: { "fake-model": { max_input_tokens: 128_000, max_output_tokens: 8192 } },
  });
});
afterEach(async () => {
  await server.close();
});

describe("chat — request", () => {
  it("POSTs the body of § 7.1 to {LiteLLM_URL}{OpenAI_EndPoint} with the three headers", async () => {
    server.writeSettings(home, { LiteLLM_URL: `${server.url}/`, MaxOutputTokens: 2000 });
    const loaded = await loadSettings(home, {});
    const tools = [{ name: "Read", description: "Reads a file", inputSchema: { type: "object", properties: {} } }];
    const llm = createLiteLLMProvider({ settings: loaded.settings, apiKey: loaded.apiKey, model: "fake-model", env: {} });
    server.enqueue({ text: "ok" });
    const { error } = await run(llm.chat({ ...request, tools }));
    expect(error).toBeUndefined();

    const [recorded] = server.requests;
    expect(recorded?.method).toBe("POST");
    expect(recorded?.path).toBe("/v1/chat/completions");
    expect(recorded?.headers["content-type"]).toBe("application/json");
    expect(recorded?.headers.accept).toBe("text/event-stream");
    expect(recorded?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(recorded?.json).toEqual(buildChatBody("fake-model", { ...request, tools }, { maxOutputTokens: 2000 }));
    expect(recorded?.json).toMatchObject({ stream: true, stream_options: { include_usage: true }, max_tokens: 2000 });
  });

  it("sends no Authorization header without a key", async () => {
    const open = await startFakeLiteLLM();
    try {
      open.enqueue({ text: "ok" });
      const llm = createLiteLLMProvider({ settings: settingsFor(open.url), model: "m", env: {} });
      expect((await run(llm.chat(request))).error).toBeUndefined();
      expect(open.requests[0]?.headers.authorization).toBeUndefined();
    } finally {
      await open.close();
    }
  });
});

describe("chat — answers", () => {
  it("streams text, then usage and done", async () => {
    server.enqueue({ text: ["Hel", "lo ", "wörld 🌍"], usage: { prompt_tokens: 11, completion_tokens: 4 } });
    const { events, error } = await run(provider().chat(request));
    expect(error).toBeUndefined();
    // The deltas are as the socket read them (one per read): the text, before the rest.
    expect(joinedText(events)).toEqual([
      { type: "text_delta", text: "Hello wörld 🌍" },
      { type: "usage", usage: { inputTokens: 11, outputTokens: 4 } },
      { type: "done", stopReason: "end_turn" },
    ]);
  });

  it("assembles fragmented tool calls", async () => {
    server.enqueue({
      text: "Reading.",
      toolCalls: [
        { id: "call_a", name: "Read", arguments: { file_path: "src/a.ts", limit: 10 }, fragments: 5 },
        { name: "Glob", arguments: '{"pattern":"**/*.ts"}', fragments: 4 },
      ],
    });
    const { events, error } = await run(provider().chat(request));
    expect(error).toBeUndefined();
    const calls = events.filter((e) => e.type === "tool_use");
    expect(calls).toEqual([
      { type: "tool_use", id: "call_a", name: "Read", input: { file_path: "src/a.ts", limit: 10 } },
      { type: "tool_use", id: expect.any(String), name: "Glob", input: { pattern: "**/*.ts" } },
    ]);
    expect(events.at(-1)).toEqual({ type: "done", stopReason: "tool_use" });
  });

  it("reads a non-streamed JSON answer", async () => {
    server.enqueue({
      raw: [JSON.stringify({ object: "chat.completion", choices: [{ index: 0, message: { role: "assistant", content: "plain" }, finish_reason: "stop" }] })],
      headers: { "content-type": "application/json" },
    });
    const { events } = await run(provider().chat(request));
    expect(events).toEqual([
      { type: "text_delta", text: "plain" },
      { type: "done", stopReason: "end_turn" },
    ]);
  });
});

describe("chat — retries", () => {
  it("honours Retry-After on 429, announcing the retry first", async () => {
    server.enqueue({ error: { status: 429, headers: { "Retry-After": "1" } } }, { text: "after wait" });
    const { events, error } = await run(provider().chat(request));
    expect(error).toBeUndefined();
    expect(events[0]).toEqual({ type: "retry", attempt: 1, delayMs: 1000, reason: "HTTP 429" });
    expect(events.some((e) => e.type === "text_delta")).toBe(true);
    const [first, second] = server.requests;
    expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it("backs off exponentially on 502/503/504 and gives up after 3 retries", async () => {
    server.enqueue(
      { error: { status: 502 } },
      { error: { status: 503 } },
      { error: { status: 504 } },
      { error: { status: 503, body: { error: { message: "still down" } } } },
      { text: "never" },
    );
    const { events, error } = await run(provider({ retry: { baseDelayMs: 5 } }).chat(request));
    expect(events).toEqual([
      { type: "retry", attempt: 1, delayMs: 5, reason: "HTTP 502" },
      { type: "retry", attempt: 2, delayMs: 10, reason: "HTTP 503" },
      { type: "retry", attempt: 3, delayMs: 20, reason: "HTTP 504" },
    ]);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe("http");
    expect((error as ProviderError).status).toBe(503);
    expect((error as ProviderError).message).toContain("still down");
    expect(server.pending()).toBe(1);
  });

  it("caps the wait a server asks for", async () => {
    server.enqueue({ error: { status: 429, headers: { "Retry-After": "3600" } } }, { text: "ok" });
    const { events } = await run(provider({ retry: { baseDelayMs: 5, maxDelayMs: 20 } }).chat(request));
    expect(events[0]).toMatchObject({ type: "retry", delayMs: 20 });
  });

  it("retries a connection reset before any byte", async () => {
    server.enqueue({ reset: true }, { text: "recovered" });
    const { events, error } = await run(provider().chat(request));
    expect(error).toBeUndefined();
    expect(events[0]).toEqual({ type: "retry", attempt: 1, delayMs: 5, reason: "connection reset" });
    expect(events.filter((e) => e.type === "text_delta").map((e) => (e.type === "text_delta" ? e.text : "")).join("")).toBe("recovered");
  });

  it("retries a stream interrupted before any event", async () => {
    server.enqueue({ raw: [": keep-alive\n\n"] }, { text: "second try" });
    const { events, error } = await run(provider().chat(request));
    expect(error).toBeUndefined();
    expect(events[0]).toMatchObject({ type: "retry", attempt: 1, reason: "stream interrupted" });
  });

  it("never retries once text was received", async () => {
    const textChunk = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: "partial" }, finish_reason: null }] })}\n\n`;
    server.enqueue({ raw: [textChunk] }, { text: "must not be asked for" });
    const { events, error } = await run(provider().chat(request));
    expect(events).toEqual([{ type: "text_delta", text: "partial" }]);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe("interrupted");
    expect(server.pending()).toBe(1);
  });

  it("does not retry other statuses", async () => {
    server.enqueue({ error: { status: 500, body: "x".repeat(2000) } }, { text: "never" });
    const { events, error } = await run(provider().chat(request));
    expect(events).toEqual([]);
    expect((error as ProviderError).kind).toBe("http");
    expect((error as ProviderError).status).toBe(500);
    expect((error as ProviderError).message).toContain(`HTTP 500`);
    expect((error as ProviderError).message).toContain("x".repeat(500));
    expect((error as ProviderError).message).not.toContain("x".repeat(501));
  });
});

describe("chat — errors", () => {
  it("classifies a context overflow inside a 200 stream", async () => {
    const overflow = { error: { message: "This model's maximum context length is 8192 tokens", type: "invalid_request_error", code: "context_length_exceeded" } };
    server.enqueue({ raw: [`data: ${JSON.stringify(overflow)}\n\n`] }, { text: "never" });
    const { error } = await run(provider().chat(request));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe("context_too_long");
    expect((error as ProviderError).message).toContain("LiteLLM server error: This model's maximum context length");
    expect(server.pending()).toBe(1);
  });

  it("classifies a context overflow answered as HTTP 400", async () => {
    server.enqueue({
      error: { status: 400, body: { error: { message: "litellm.ContextWindowExceededError: prompt is too long: 210000 tokens > 200000 maximum" } } },
    });
    const { error } = await run(provider().chat(request));
    expect((error as ProviderError).kind).toBe("context_too_long");
    expect((error as ProviderError).status).toBe(400);
  });

  it("says LiteLLM is unreachable, with the URL and the cause", async () => {
    const gone = await startFakeLiteLLM();
    const url = gone.url;
    await gone.close();
    const llm = createLiteLLMProvider({ settings: settingsFor(url), model: "m", env: {}, retry: { baseDelayMs: 1 } });
    const { error } = await run(llm.chat(request));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe("unreachable");
    expect((error as ProviderError).message).toContain(`LiteLLM unreachable (${url}/v1/chat/completions): `);
    expect((error as ProviderError).message).toContain("ECONNREFUSED");
  });

  it("says it in French", async () => {
    setActiveLocale("fr");
    try {
      const gone = await startFakeLiteLLM();
      await gone.close();
      const llm = createLiteLLMProvider({ settings: settingsFor(gone.url), model: "m", env: {} });
      const { error } = await run(llm.chat(request));
      expect((error as Error).message).toMatch(/^LiteLLM injoignable \(http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions\) : /);
    } finally {
      setActiveLocale("en");
    }
  });

  it("never shows the API key, even when the server echoes it", async () => {
    server.enqueue({ error: { status: 400, body: { error: { message: `bad key ${KEY} for this route` } } } });
    const { error } = await run(provider().chat(request));
    expect((error as Error).message).toContain("bad key *** for this route");
    expect((error as Error).message).not.toContain(KEY);
    const wrong = createLiteLLMProvider({ settings: settingsFor(server.url), apiKey: "sk-wrong-key-5678", model: "m", env: {} });
    server.enqueue({ text: "never" });
    const denied = await run(wrong.chat(request));
    expect((denied.error as ProviderError).status).toBe(401);
    expect((denied.error as Error).message).toContain("LiteLLM_API_Key");
    expect((denied.error as Error).message).not.toContain("sk-wrong-key-5678");
  });

  it("propagates an abort of a hung stream as the AbortError itself", async () => {
    server.enqueue({ hang: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const { error } = await run(provider().chat(request, controller.signal));
    expect(error).not.toBeInstanceOf(ProviderError);
    expect((error as Error).name).toBe("AbortError");
  });

  it("propagates an abort after text was received", async () => {
    server.enqueue({ hang: true, text: "thinking…" });
    const controller = new AbortController();
    const events: StreamEvent[] = [];
    const error = await (async () => {
      for await (const event of provider().chat(request, controller.signal)) {
        events.push(event);
        controller.abort();
      }
    })().catch((e: unknown) => e);
    expect(events).toEqual([{ type: "text_delta", text: "thinking…" }]);
    expect((error as Error).name).toBe("AbortError");
  });

  it("propagates an abort during a retry wait", async () => {
    server.enqueue({ error: { status: 429, headers: { "Retry-After": "30" } } });
    const controller = new AbortController();
    const events: StreamEvent[] = [];
    const error = await (async () => {
      for await (const event of provider().chat(request, controller.signal)) {
        events.push(event);
        setTimeout(() => controller.abort(), 20);
      }
    })().catch((e: unknown) => e);
    expect(events[0]).toMatchObject({ type: "retry", delayMs: 30_000 });
    expect((error as Error).name).toBe("AbortError");
  });
});

describe("debug recording", () => {
  it("records the raw stream in MAIA_DEBUG_LLM's file, without the key", async () => {
    const file = join(home, "debug.log");
    server.enqueue({ text: "logged" });
    const { error } = await run(provider({ env: { MAIA_DEBUG_LLM: file } }).chat(request));
    expect(error).toBeUndefined();
    const log = await readFile(file, "utf8");
    expect(log).toContain(`POST ${server.url}/v1/chat/completions`);
    expect(log).toContain('"content":"logged"');
    expect(log).toContain("data: [DONE]");
    expect(log).not.toContain(KEY);
  });
});

describe("contextWindow and listModels", () => {
  it("reads max_input_tokens from /model/info", async () => {
    expect(await provider().contextWindow()).toBe(128_000);
    expect(server.requests.at(-1)?.path).toBe("/model/info");
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(await provider({ model: "zeta" }).contextWindow()).toBeUndefined(); // null in /model/info
    expect(await provider({ model: "unknown" }).contextWindow()).toBeUndefined();
  });

  it("gives undefined when the server is away", async () => {
    const gone = await startFakeLiteLLM();
    await gone.close();
    const llm = createLiteLLMProvider({ settings: settingsFor(gone.url), model: "m", env: {} });
    expect(await llm.contextWindow()).toBeUndefined();
  });

  it("takes a /model/info answer already on its way instead of asking again, and keeps it", async () => {
    const early = provider().modelInfo();
    await early;
    const before = server.requests.length;
    let taken = 0;
    const llm = provider({ takeEarlyModelInfo: () => (taken++ === 0 ? early : undefined) });
    expect(await llm.contextWindow()).toBe(128_000);
    expect(await llm.contextWindow()).toBe(128_000);
    expect(await llm.imageSupport()).toMatchObject({ images: false });
    expect(server.requests.length).toBe(before);
    expect(taken).toBe(1);
  });

  it("asks /model/info again after a failure", async () => {
    let taken = 0;
    const llm = provider({ takeEarlyModelInfo: () => (taken++ === 0 ? Promise.reject(new Error("away")) : undefined) });
    expect(await llm.contextWindow()).toBeUndefined();
    expect(await llm.contextWindow()).toBe(128_000);
  });

  it("gives undefined when an early answer failed or the caller gave up waiting for it", async () => {
    const failed = Promise.reject(new Error("server away"));
    expect(await provider({ takeEarlyModelInfo: () => failed }).contextWindow()).toBeUndefined();
    const never = new Promise<unknown>(() => undefined);
    const controller = new AbortController();
    const waiting = provider({ takeEarlyModelInfo: () => never }).contextWindow(controller.signal);
    controller.abort();
    expect(await waiting).toBeUndefined();
  });

  it("lists the models, deduplicated and sorted", async () => {
    expect(await provider().listModels()).toEqual(["alpha", "fake-model", "zeta"]);
    expect(server.requests.at(-1)?.path).toBe("/v1/models");
  });

  it("raises a ProviderError when the list cannot be had", async () => {
    const wrong = createLiteLLMProvider({ settings: settingsFor(server.url), apiKey: "nope-nope", model: "m", env: {} });
    await expect(wrong.listModels()).rejects.toBeInstanceOf(ProviderError);
  });
});

describe("imageSupport (issue 38)", () => {
  it("reads supports_vision from /model/info, and says what to set when the model has none", async () => {
    const seeing = await startFakeLiteLLM({ models: ["eye", "blind"], modelInfo: { eye: { supports_vision: true }, blind: { supports_vision: false } } });
    try {
      const of = (model: string, extra: Partial<LiteLLMSettings> = {}) =>
        createLiteLLMProvider({ settings: settingsFor(seeing.url, extra), model, env: {}, settingsPath: "/home/u/.maia/settings.json" }).imageSupport();
      expect(await of("eye")).toEqual({ images: true });
      const blind = await of("blind");
      expect(blind).toEqual({ images: false, why: expect.stringContaining("The model blind does not take images") });
      expect(blind.images === false && blind.why).toContain('set "Vision": true in /home/u/.maia/settings.json');
      expect(await of("unknown")).toMatchObject({ images: false });
      // The setting wins over /model/info, both ways.
      expect(await of("blind", { Vision: true })).toEqual({ images: true });
      expect(await of("eye", { Vision: false })).toEqual({ images: false, why: expect.stringContaining('"Vision": false in /home/u/.maia/settings.json') });
    } finally {
      await seeing.close();
    }
  });

  it("takes none when /model/info cannot be had", async () => {
    const gone = await startFakeLiteLLM();
    await gone.close();
    expect(await createLiteLLMProvider({ settings: settingsFor(gone.url), model: "m", env: {} }).imageSupport()).toMatchObject({ images: false });
  });
});

describe("helpers", () => {
  it("maxInputTokens matches model_name, then litellm_params.model", () => {
    const info = {
      data: [
        { model_name: "gpt", litellm_params: { model: "openai/gpt-4o" }, model_info: { max_input_tokens: 128000 } },
        { model_name: "other", litellm_params: { model: "ollama/qwen3" }, model_info: { max_input_tokens: 32768 } },
      ],
    };
    expect(maxInputTokens(info, "gpt")).toBe(128000);
    expect(maxInputTokens(info, "ollama/qwen3")).toBe(32768);
    expect(maxInputTokens(info, "none")).toBeUndefined();
    expect(maxInputTokens({ data: "x" }, "gpt")).toBeUndefined();
  });

  it("modelNames reads data[].id, else model_name", () => {
    expect(modelNames({ data: [{ id: "b" }, { model_name: "a" }, { id: "b" }, { id: "" }, 3] })).toEqual(["a", "b"]);
    expect(modelNames({ nothing: true })).toBeUndefined();
  });

  it("retryAfterMs reads seconds, HTTP dates and retry-after-ms", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(retryAfterMs(new Headers({ "retry-after": "2" }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ "retry-after": "Wed, 01 Jan 2025 00:00:05 GMT" }), now)).toBe(5000);
    expect(retryAfterMs(new Headers({ "retry-after": "Tue, 31 Dec 2024 00:00:05 GMT" }), now)).toBe(0);
    expect(retryAfterMs(new Headers({ "retry-after-ms": "250", "retry-after": "9" }), now)).toBe(250);
    expect(retryAfterMs(new Headers({ "retry-after": "soon" }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });

  it("isConnectionReset looks through the causes", () => {
    expect(isConnectionReset(new TypeError("fetch failed", { cause: Object.assign(new Error("read"), { code: "ECONNRESET" }) }))).toBe(true);
    expect(isConnectionReset(new TypeError("fetch failed", { cause: Object.assign(new Error("other side closed"), { code: "UND_ERR_SOCKET" }) }))).toBe(true);
    expect(isConnectionReset(new TypeError("fetch failed", { cause: Object.assign(new Error("connect"), { code: "ECONNREFUSED" }) }))).toBe(false);
  });
});
