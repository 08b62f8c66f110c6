// Behaviour of the fake server seen from a real client: real HTTP, real SSE bytes, via fetch.

import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startFakeLiteLLM } from "./index.ts";
import type { FakeLiteLLM, FakeLiteLLMOptions } from "./index.ts";

const started: FakeLiteLLM[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

async function start(options?: FakeLiteLLMOptions): Promise<FakeLiteLLM> {
  const server = await startFakeLiteLLM(options);
  started.push(server);
  return server;
}

function chat(server: FakeLiteLLM, body: object = {}, init: RequestInit = {}): Promise<Response> {
  return fetch(`${server.url}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ model: "fake-model", stream: true, messages: [{ role: "user", content: "hi" }], ...body }),
    ...init,
  });
}

interface Chunk {
  id: string;
  object: string;
  created: number;
  model: string;
  choices: Array<{ index: number; delta: Record<string, unknown>; finish_reason: string | null }>;
  usage?: Record<string, unknown>;
}

/** The `data:` payloads of a whole SSE body, "[DONE]" kept as a string. */
function events(text: string): Array<Chunk | "[DONE]"> {
  return text
    .split("\n\n")
    .filter((block) => block !== "")
    .map((block) => {
      expect(block.startsWith("data: ")).toBe(true);
      const data = block.slice("data: ".length);
      return data === "[DONE]" ? "[DONE]" : (JSON.parse(data) as Chunk);
    });
}

async function chatEvents(server: FakeLiteLLM, body?: object): Promise<{ res: Response; list: Array<Chunk | "[DONE]"> }> {
  const res = await chat(server, body);
  return { res, list: events(await res.text()) };
}

function chunksOf(list: Array<Chunk | "[DONE]">): Chunk[] {
  return list.filter((e): e is Chunk => e !== "[DONE]");
}

describe("model routes", () => {
  it("lists the models, default and custom", async () => {
    const def = await start();
    expect(await (await fetch(`${def.url}/v1/models`)).json()).toMatchObject({ data: [{ id: "fake-model" }] });
    const custom = await start({ models: ["a", "b"] });
    const body = (await (await fetch(`${custom.url}/v1/models`)).json()) as { data: Array<{ id: string }> };
    expect(body.data.map((m) => m.id)).toEqual(["a", "b"]);
  });

  it("reports /model/info in LiteLLM's shape, null where unknown", async () => {
    const server = await start({ models: ["a", "b"], modelInfo: { a: { max_input_tokens: 1000, max_output_tokens: 200 } } });
    const res = await fetch(`${server.url}/model/info`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      data: [
        { model_name: "a", model_info: { max_input_tokens: 1000, max_output_tokens: 200 } },
        { model_name: "b", model_info: { max_input_tokens: null, max_output_tokens: null } },
      ],
    });
  });

  it("reports supports_vision, null where the test said nothing", async () => {
    const server = await start({ models: ["seeing", "blind"], modelInfo: { seeing: { supports_vision: true } } });
    expect(await (await fetch(`${server.url}/model/info`)).json()).toMatchObject({
      data: [
        { model_name: "seeing", model_info: { supports_vision: true } },
        { model_name: "blind", model_info: { supports_vision: null } },
      ],
    });
  });

  it("answers 404 for unknown routes", async () => {
    const server = await start();
    expect((await fetch(`${server.url}/nope`)).status).toBe(404);
  });
});

describe("streamed answers", () => {
  it("cuts a single text into ~8 character content chunks with the OpenAI chunk shape", async () => {
    const server = await start({ script: [{ text: "Hello, wonderful world!" }] });
    const { res, list } = await chatEvents(server, { model: "my-model" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const chunks = chunksOf(list);
    const contents = chunks.map((c) => c.choices[0]?.delta.content).filter((c) => c !== undefined);
    expect(contents).toEqual(["Hello, w", "onderful", " world!"]);
    expect(chunks[0]).toMatchObject({
      object: "chat.completion.chunk",
      model: "my-model",
      choices: [{ index: 0, delta: { role: "assistant", content: "Hello, w" }, finish_reason: null }],
    });
    expect(typeof chunks[0]?.created).toBe("number");
    expect(new Set(chunks.map((c) => c.id)).size).toBe(1);
  });

  it("sends each string of a text array as one chunk, as given", async () => {
    const server = await start({ script: [{ text: ["a", "", "long piece of text here"] }] });
    const { list } = await chatEvents(server);
    const contents = chunksOf(list).map((c) => c.choices[0]?.delta.content).filter((c) => c !== undefined);
    expect(contents).toEqual(["a", "", "long piece of text here"]);
  });

  it("streams tool calls as argument fragments; the first carries id, type and name", async () => {
    const server = await start({
      script: [
        {
          text: "Let me look.",
          toolCalls: [
            { id: "call_1", name: "read_file", arguments: { path: "src/a.ts" } },
            { name: "run", arguments: '{"cmd":"ls"}', fragments: 2 },
          ],
        },
      ],
    });
    const { list } = await chatEvents(server);
    const fragments = chunksOf(list).flatMap(
      (c) => (c.choices[0]?.delta.tool_calls as Array<Record<string, unknown>> | undefined) ?? [],
    );
    expect(fragments).toHaveLength(5);
    expect(fragments[0]).toEqual({ index: 0, id: "call_1", type: "function", function: { name: "read_file", arguments: expect.any(String) } });
    expect(Object.keys(fragments[1] ?? {}).sort()).toEqual(["function", "index"]);
    expect(Object.keys((fragments[1]?.function as object) ?? {})).toEqual(["arguments"]);
    const argsOf = (index: number): string =>
      fragments
        .filter((f) => f.index === index)
        .map((f) => (f.function as { arguments: string }).arguments)
        .join("");
    expect(JSON.parse(argsOf(0))).toEqual({ path: "src/a.ts" });
    expect(argsOf(1)).toBe('{"cmd":"ls"}');
    expect(fragments[3]).toMatchObject({ index: 1, type: "function", function: { name: "run" } });
    expect(typeof fragments[3]?.id).toBe("string");
    const finish = chunksOf(list).find((c) => c.choices[0]?.finish_reason !== null && c.choices.length > 0);
    expect(finish?.choices[0]).toEqual({ index: 0, delta: {}, finish_reason: "tool_calls" });
  });

  it("ends with finish, usage and [DONE], in that order", async () => {
    const server = await start({ script: [{ text: "ok" }] });
    const { list } = await chatEvents(server);
    expect(list.at(-1)).toBe("[DONE]");
    const usage = list.at(-2) as Chunk;
    expect(usage.choices).toEqual([]);
    expect(usage.usage).toMatchObject({ prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number) });
    expect(usage.usage?.total_tokens).toBe(Number(usage.usage?.prompt_tokens) + Number(usage.usage?.completion_tokens));
    expect((list.at(-3) as Chunk).choices[0]).toMatchObject({ delta: {}, finish_reason: "stop" });
  });

  it("honours finishReason, usage overrides, reasoningTokens, usage: false and done: false", async () => {
    const server = await start({
      script: [
        { text: "x", finishReason: "length", usage: { prompt_tokens: 10, completion_tokens: 5 }, reasoningTokens: 3 },
        { text: "y", usage: false, done: false },
      ],
    });
    const first = (await chatEvents(server)).list;
    expect((first.at(-3) as Chunk).choices[0]?.finish_reason).toBe("length");
    expect((first.at(-2) as Chunk).usage).toEqual({
      prompt_tokens: 10,
      completion_tokens: 5,
      total_tokens: 15,
      completion_tokens_details: { reasoning_tokens: 3 },
    });
    const second = (await chatEvents(server)).list;
    expect(second).not.toContain("[DONE]");
    expect(chunksOf(second).every((c) => c.usage === undefined)).toBe(true);
    expect((second.at(-1) as Chunk).choices[0]?.finish_reason).toBe("stop");
  });

  it("tells onWritten of each event as it is written, in order, at a steady pace too", async () => {
    const written: Array<[number, number]> = [];
    const server = await start({ script: [{ text: ["a", "b", "c"], chunkDelayMs: 5, steadyPace: true, onWritten: (index, count) => written.push([index, count]) }] });
    const { list } = await chatEvents(server);
    expect(list).toHaveLength(6);
    expect(written).toEqual([0, 1, 2, 3, 4, 5].map((index) => [index, 6]));
  });

  it("waits chunkDelayMs between events", async () => {
    const server = await start({ script: [{ text: ["a", "b", "c"], chunkDelayMs: 40 }] });
    const began = Date.now();
    const { list } = await chatEvents(server);
    // 3 text + finish + usage + [DONE] = 6 events, 5 pauses.
    expect(list).toHaveLength(6);
    expect(Date.now() - began).toBeGreaterThanOrEqual(5 * 40 - 10);
  });
});

describe("raw answers", () => {
  it("writes the bytes exactly as given, a UTF-8 character cut in two included", async () => {
    const euro = Buffer.from("€", "utf8"); // 3 bytes
    const server = await start({
      script: [
        {
          raw: ['data: {"x":"', euro.subarray(0, 1), { delayMs: 30 }, euro.subarray(1), '"}\r\n\r\n', ": comment\r\r"],
          status: 201,
          headers: { "X-Fake": "yes" },
        },
      ],
    });
    const began = Date.now();
    const res = await chat(server);
    expect(res.status).toBe(201);
    expect(res.headers.get("x-fake")).toBe("yes");
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(Buffer.concat([Buffer.from('data: {"x":"'), euro, Buffer.from('"}\r\n\r\n: comment\r\r')]))).toBe(true);
    expect(Date.now() - began).toBeGreaterThanOrEqual(25);
  });
});

describe("error, hang and reset answers", () => {
  it("answers a non-2xx status with Retry-After and a JSON error body", async () => {
    const server = await start({
      script: [{ error: { status: 429, headers: { "Retry-After": "2" } } }, { error: { status: 503, body: "overloaded" } }],
    });
    const res = await chat(server);
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBe("2");
    expect(await res.json()).toMatchObject({ error: { message: expect.any(String) } });
    const plain = await chat(server);
    expect(plain.status).toBe(503);
    expect(await plain.text()).toBe("overloaded");
  });

  it("hangs after the headers and optional text until close(), which ends the stream and does not hang", async () => {
    const server = await startFakeLiteLLM({ script: [{ hang: true, text: "partial" }] });
    const res = await chat(server);
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    const chunk = events(new TextDecoder().decode(first.value))[0] as Chunk;
    expect(chunk.choices[0]?.delta.content).toBe("partial");
    // close() resolves although a stream hangs (a hang would fail the test at its time limit), and ends it.
    await server.close();
    await expect(reader.read()).rejects.toThrow();
  });

  it("survives a client aborting a hung stream and keeps answering", async () => {
    const server = await start({ script: [{ hang: true }, { text: "after" }] });
    const abort = new AbortController();
    const res = await chat(server, {}, { signal: abort.signal });
    expect(res.status).toBe(200);
    abort.abort();
    await expect(res.text()).rejects.toThrow();
    const { list } = await chatEvents(server);
    expect(chunksOf(list)[0]?.choices[0]?.delta.content).toBe("after");
  });

  it("survives a client aborting mid-stream while chunks are delayed", async () => {
    const server = await start({ script: [{ text: ["a", "b", "c", "d"], chunkDelayMs: 50 }, { text: "next" }] });
    const abort = new AbortController();
    const res = await chat(server, {}, { signal: abort.signal });
    await (res.body as ReadableStream<Uint8Array>).getReader().read();
    abort.abort();
    const { list } = await chatEvents(server);
    expect(chunksOf(list)[0]?.choices[0]?.delta.content).toBe("next");
  });

  it("resets the socket before any byte, then keeps serving", async () => {
    const server = await start({ script: [{ reset: true }, { text: "fine" }] });
    await expect(chat(server)).rejects.toThrow();
    const { list } = await chatEvents(server);
    expect(chunksOf(list)[0]?.choices[0]?.delta.content).toBe("fine");
  });
});

describe("function answers", () => {
  it("decide from the request body and index, sync or async", async () => {
    const server = await start({
      script: [
        (body, index) => ({ text: `echo ${String(body.messages?.[0]?.content)} #${index}` }),
        async (_body, index) => ({ error: { status: 500 + index } }),
      ],
    });
    const { list } = await chatEvents(server, { messages: [{ role: "user", content: "ping" }] });
    const text = chunksOf(list).map((c) => c.choices[0]?.delta.content ?? "").join("");
    expect(text).toBe("echo ping #0");
    expect((await chat(server)).status).toBe(501);
  });

  it("answer 500 when the function throws", async () => {
    const server = await start({
      script: [
        () => {
          throw new Error("boom");
        },
      ],
    });
    const res = await chat(server);
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).toContain("boom");
  });
});

describe("recording and queue", () => {
  it("records method, path, lower-case headers, raw and parsed body; chatBodies and pending follow", async () => {
    const server = await start({ script: [{ text: "1" }, { text: "2" }, { text: "3" }] });
    expect(server.pending()).toBe(3);
    await (await chat(server, { n: 1 }, { headers: { "Content-Type": "application/json", "X-Trace-Id": "abc" } })).text();
    await (await fetch(`${server.url}/v1/models`)).text();
    await (await chat(server, { n: 2 })).text();
    expect(server.pending()).toBe(1);
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /v1/chat/completions",
      "GET /v1/models",
      "POST /v1/chat/completions",
    ]);
    const first = server.requests[0];
    expect(first?.headers["x-trace-id"]).toBe("abc");
    expect(first?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(first?.body ?? "")).toEqual(first?.json);
    expect(first?.json).toMatchObject({ n: 1, stream: true });
    expect(typeof first?.at).toBe("number");
    expect(server.chatBodies().map((b) => b.n)).toEqual([1, 2]);
    server.enqueue({ text: "4" }, { text: "5" });
    expect(server.pending()).toBe(3);
  });

  it("answers 401 without the right API key and does not use up an answer", async () => {
    const server = await start({ apiKey: "sk-test", script: [{ text: "ok" }] });
    expect((await chat(server)).status).toBe(401);
    expect((await chat(server, {}, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    expect((await fetch(`${server.url}/v1/models`)).status).toBe(401);
    expect(server.pending()).toBe(1);
    const ok = await chat(server, {}, { headers: { "content-type": "application/json", authorization: "Bearer sk-test" } });
    expect(ok.status).toBe(200);
    expect(server.requests).toHaveLength(4);
  });

  it("answers 500 with a clear message when the queue is empty", async () => {
    const server = await start();
    const res = await chat(server);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: { message: "fake-litellm: no scripted answer left" } });
  });
});

describe("writeSettings", () => {
  it("writes homeDir/.maia/settings.json pointing at the server, with the key and extras", async () => {
    const server = await start({ apiKey: "sk-1" });
    const home = mkdtempSync(join(tmpdir(), "fake-litellm-"));
    const path = server.writeSettings(home, { Model: "fake-model" });
    expect(path).toBe(join(home, ".maia", "settings.json"));
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({
      LiteLLM_URL: server.url,
      OpenAI_EndPoint: "/v1/chat/completions",
      LiteLLM_Models: "/v1/models",
      LiteLLM_API_Key: "sk-1",
      Model: "fake-model",
    });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
  });

  it("leaves out the key when the server has none", async () => {
    const server = await start();
    const home = mkdtempSync(join(tmpdir(), "fake-litellm-"));
    expect(JSON.parse(readFileSync(server.writeSettings(home), "utf8"))).not.toHaveProperty("LiteLLM_API_Key");
  });
});

describe("close", () => {
  it("is idempotent and refuses new connections afterwards", async () => {
    const server = await startFakeLiteLLM();
    await Promise.all([server.close(), server.close()]);
    await server.close();
    await expect(fetch(`${server.url}/v1/models`)).rejects.toThrow();
  });
});

describe("imageParts", () => {
  const post = (server: FakeLiteLLM, messages: unknown[]) =>
    fetch(`${server.url}/v1/chat/completions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ model: "m", messages }) });

  it("decodes the image_url data URIs of the user messages, with their media type and text", async () => {
    const server = await start({ script: [{ text: "ok" }] });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await (await post(server, [
      { role: "system", content: "s" },
      { role: "user", content: [{ type: "text", text: "what is this?" }, { type: "image_url", image_url: { url: `data:image/png;base64,${png.toString("base64")}` } }] },
    ])).text();
    expect(server.imageParts()).toEqual([{ request: 0, message: 1, role: "user", mediaType: "image/png", bytes: png, text: "what is this?" }]);
  });

  it("throws on a part OpenAI would not take, naming where it is", async () => {
    const server = await start({ script: [{ text: "a" }, { text: "b" }] });
    await (await post(server, [{ role: "user", content: [{ type: "image_url", image_url: { url: "http://example.com/x.png" } }] }])).text();
    expect(() => server.imageParts()).toThrow(/request 0, message 0 \(user\): image_url.url is not a base64 data URI/);
    const other = await start({ script: [{ text: "a" }] });
    await (await post(other, [{ role: "assistant", content: [{ type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } }] }])).text();
    expect(() => other.imageParts()).toThrow(/outside a user message/);
  });
});
