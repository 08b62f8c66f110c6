import { afterEach, describe, expect, it } from "vitest";
import { PEER_ANSWER } from "./peer-shims.ts";
import { startFakeLiteLLM } from "./server.ts";
import type { FakeLiteLLM } from "./types.ts";

let server: FakeLiteLLM | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function post(path: string, body: unknown): Promise<{ type: string | null; text: string }> {
  server ??= await startFakeLiteLLM();
  const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { type: response.headers.get("content-type"), text: await response.text() };
}

const events = (text: string) => text.split("\n").filter((line) => line.startsWith("data: ")).map((line) => JSON.parse(line.slice(6)) as Record<string, unknown>);

describe("the other assistants' APIs (side-by-side bench)", () => {
  it("streams a Responses API answer whose text deltas make the answer, then completes", async () => {
    const { type, text } = await post("/v1/responses", { model: "fake-model", stream: true, input: "hi" });
    expect(type).toBe("text/event-stream");
    const all = events(text);
    expect(all.filter((event) => event.type === "response.output_text.delta").map((event) => event.delta).join("")).toBe(PEER_ANSWER);
    expect(all.at(-1)?.type).toBe("response.completed");
  });

  it("streams a Messages API answer, and counts tokens", async () => {
    const { text } = await post("/v1/messages?beta=true", { model: "claude", stream: true, messages: [{ role: "user", content: "hi" }] });
    const all = events(text);
    expect(all.map((event) => (event.delta as { text?: string } | undefined)?.text ?? "").join("")).toBe(PEER_ANSWER);
    expect(all.at(-1)?.type).toBe("message_stop");
    expect(JSON.parse((await post("/v1/messages/count_tokens", { messages: [] })).text)).toEqual({ input_tokens: 10 });
  });

  it("leaves the scripted queue to MAIA's chat requests", async () => {
    server = await startFakeLiteLLM({ script: [{ text: "scripted" }] });
    await post("/v1/messages", { model: "claude", messages: [] });
    const chat = await post("/v1/chat/completions", { model: "fake-model", stream: true, messages: [] });
    expect(chat.text).toContain("scripted");
  });
});
