import { ProviderError, type ChatRequest, type StreamEvent } from "@maia/kernel";
import { describe, expect, it } from "vitest";
import { scriptedProvider } from "./scripted-provider.ts";

const request = (text: string): ChatRequest => ({ system: "", messages: [{ role: "user", content: [{ type: "text", text }] }], tools: [] });

async function drain(stream: AsyncIterable<StreamEvent>): Promise<StreamEvent[]> {
  const events: StreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

describe("the scripted provider", () => {
  it("streams one text delta per string, then the stop, and keeps a copy of each request", async () => {
    const provider = scriptedProvider([{ text: ["Hel", "lo"] }, { text: "again" }]);
    const sent = request("hi");
    expect(await drain(provider.chat(sent))).toEqual([
      { type: "text_delta", text: "Hel" },
      { type: "text_delta", text: "lo" },
      { type: "done", stopReason: "end_turn" },
    ]);
    sent.messages.length = 0;
    expect(provider.requests).toEqual([request("hi")]);
    expect(await drain(provider.chat(request("more")))).toEqual([{ type: "text_delta", text: "again" }, { type: "done", stopReason: "end_turn" }]);
  });

  it("sends tool calls after the text, with their ids, and stops for tool use", async () => {
    const provider = scriptedProvider([{ text: "Let me look.", toolCalls: [{ name: "Read", arguments: { path: "a" }, id: "r1" }, { name: "Grep", arguments: { pattern: "x" } }] }]);
    expect(await drain(provider.chat(request("look")))).toEqual([
      { type: "text_delta", text: "Let me look." },
      { type: "tool_use", id: "r1", name: "Read", input: { path: "a" } },
      { type: "tool_use", id: "call_0_1", name: "Grep", input: { pattern: "x" } },
      { type: "done", stopReason: "tool_use" },
    ]);
  });

  it("reports arguments that are not a JSON object as an invalid call, with the text as sent", async () => {
    const provider = scriptedProvider([{ toolCalls: [{ name: "Echo", arguments: '{"text": "cut', id: "bad" }, { name: "Echo", arguments: "[1]", id: "list" }] }]);
    const events = await drain(provider.chat(request("x")));
    expect(events.slice(0, 2)).toEqual([
      { type: "invalid_tool_use", id: "bad", name: "Echo", reason: "the arguments are not valid JSON", rawArguments: '{"text": "cut' },
      { type: "invalid_tool_use", id: "list", name: "Echo", reason: "the arguments are not a JSON object", rawArguments: "[1]" },
    ]);
  });

  it("refuses as a real provider does: a ProviderError of the scripted kind, and one when the script is over", async () => {
    const provider = scriptedProvider([{ error: "prompt is too long", kind: "context_too_long", status: 400 }]);
    const refusal = await drain(provider.chat(request("x"))).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ProviderError);
    expect(refusal).toMatchObject({ message: "prompt is too long", kind: "context_too_long", status: 400 });
    await expect(drain(provider.chat(request("y")))).rejects.toMatchObject({ kind: "http", message: "the script has no answer left" });
    provider.enqueue({ text: "late" });
    expect(await drain(provider.chat(request("z")))).toContainEqual({ type: "text_delta", text: "late" });
    expect(provider.requests).toHaveLength(3);
  });

  it("answers from a function of the request and its number", async () => {
    const provider = scriptedProvider([(sent, index) => ({ text: `${index}:${sent.messages.length}` })]);
    expect(await drain(provider.chat(request("x")))).toContainEqual({ type: "text_delta", text: "0:1" });
  });

  it("hangs after its text until the request is aborted, then fails as an abort", async () => {
    const provider = scriptedProvider([{ hang: true, text: "partial" }]);
    const controller = new AbortController();
    const seen: StreamEvent[] = [];
    const reading = (async () => {
      for await (const event of provider.chat(request("x"), controller.signal)) {
        seen.push(event);
        controller.abort();
      }
    })();
    await expect(reading).rejects.toMatchObject({ name: "AbortError" });
    expect(seen).toEqual([{ type: "text_delta", text: "partial" }]);
  });

  it("tells its context window only when given one", async () => {
    expect(scriptedProvider([]).contextWindow).toBeUndefined();
    expect(await scriptedProvider([], { contextWindow: 8_000 }).contextWindow?.()).toBe(8_000);
  });
});
