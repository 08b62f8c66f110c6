import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ContentBlock, ImageBlock, Message } from "@maia/kernel";
import type { ChatRequest } from "@maia/kernel";
import { buildChatBody, mapMessage } from "./chat-body.ts";

const base: ChatRequest = { system: "You are MAIA.", messages: [], tools: [] };

const image = (name: string, data: string): ImageBlock => ({ type: "image", mediaType: "image/png", hash: "h".repeat(64), name, width: 2, height: 1, size: 3, data });

describe("buildChatBody with images (issue 38)", () => {
  it("makes the user's content a list of parts: the text, then each image as a data URI", () => {
    const body = buildChatBody("m", { ...base, messages: [{ role: "user", content: [{ type: "text", text: "what is wrong?" }, image("a.png", "QUJD"), image("b.png", "REVG")] }] });
    expect(body.messages[1]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "what is wrong?" },
        { type: "image_url", image_url: { url: "data:image/png;base64,QUJD" } },
        { type: "image_url", image_url: { url: "data:image/png;base64,REVG" } },
      ],
    });
  });

  it("sends a tool's images after the tool messages, in the user message, introduced by their call", () => {
    const messages = mapMessage({
      role: "user",
      content: [
        { type: "tool_result", toolUseId: "call_1", content: "Image shot.png (PNG, 2×1, 3 B)", images: [image("shot.png", "QUJD")] },
        { type: "tool_result", toolUseId: "call_2", content: "text only" },
      ],
    });
    expect(messages).toEqual([
      { role: "tool", tool_call_id: "call_1", content: "Image shot.png (PNG, 2×1, 3 B)" },
      { role: "tool", tool_call_id: "call_2", content: "text only" },
      { role: "user", content: [{ type: "text", text: "The images returned by the tool call call_1:" }, { type: "image_url", image_url: { url: "data:image/png;base64,QUJD" } }] },
    ]);
  });
});

describe("buildChatBody", () => {
  it("streams with usage, system first, no max_tokens nor tools when there are none", () => {
    const body = buildChatBody("gpt-4o", {
      ...base,
      messages: [{ role: "user", content: [{ type: "text", text: "hello" }] }],
    });
    expect(body).toEqual({
      model: "gpt-4o",
      messages: [
        { role: "system", content: "You are MAIA." },
        { role: "user", content: "hello" },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it("maps assistant text + tool_use, then tool results before the user's text", () => {
    const messages: Message[] = [
      { role: "user", content: [{ type: "text", text: "read a and b" }] },
      {
        role: "assistant",
        content: [
          { type: "text", text: "Reading." },
          { type: "tool_use", id: "call_1", name: "Read", input: { file_path: "a" } },
          { type: "tool_use", id: "call_2", name: "Read", input: { file_path: "b", limit: 3 } },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", toolUseId: "call_1", content: "A" },
          { type: "text", text: "also, be brief" },
          { type: "tool_result", toolUseId: "call_2", content: "no such file", isError: true },
        ],
      },
      { role: "assistant", content: [{ type: "tool_use", id: "call_3", name: "Glob", input: {} }] },
      { role: "user", content: [{ type: "tool_result", toolUseId: "call_3", content: "" }] },
    ];
    const body = buildChatBody("m", { ...base, messages });
    expect(body.messages).toEqual([
      { role: "system", content: "You are MAIA." },
      { role: "user", content: "read a and b" },
      {
        role: "assistant",
        content: "Reading.",
        tool_calls: [
          { id: "call_1", type: "function", function: { name: "Read", arguments: '{"file_path":"a"}' } },
          { id: "call_2", type: "function", function: { name: "Read", arguments: '{"file_path":"b","limit":3}' } },
        ],
      },
      { role: "tool", tool_call_id: "call_1", content: "A" },
      { role: "tool", tool_call_id: "call_2", content: "no such file" },
      { role: "user", content: "also, be brief" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "call_3", type: "function", function: { name: "Glob", arguments: "{}" } }],
      },
      { role: "tool", tool_call_id: "call_3", content: "" },
    ]);
  });

  it("maps tool specs and lets request.maxTokens override MaxOutputTokens", () => {
    const tools = [
      {
        name: "Read",
        description: "Reads a file",
        inputSchema: { type: "object", properties: { file_path: { type: "string" } }, required: ["file_path"] },
      },
    ];
    const withSetting = buildChatBody("m", { ...base, tools }, { maxOutputTokens: 8192 });
    expect(withSetting.max_tokens).toBe(8192);
    expect(withSetting.tools).toEqual([
      { type: "function", function: { name: "Read", description: "Reads a file", parameters: tools[0]?.inputSchema } },
    ]);
    expect(buildChatBody("m", { ...base, maxTokens: 4000 }, { maxOutputTokens: 8192 }).max_tokens).toBe(4000);
    expect(buildChatBody("m", { ...base, maxTokens: 4000 }).max_tokens).toBe(4000);
    expect("max_tokens" in buildChatBody("m", base, {})).toBe(false);
  });

  it("omits an empty system prompt and keeps an empty user message", () => {
    const body = buildChatBody("m", { system: "", messages: [{ role: "user", content: [] }], tools: [] });
    expect(body.messages).toEqual([{ role: "user", content: "" }]);
  });

  const text = fc.string().map((s): ContentBlock => ({ type: "text", text: s }));
  const id = fc.stringMatching(/^call_[a-z0-9]{1,6}$/);
  const json = fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 2 }));
  const toolUse = fc.record({ id, name: fc.string({ minLength: 1, maxLength: 8 }), input: json }).map(
    (r): ContentBlock => ({ type: "tool_use", ...r }),
  );
  const toolResult = fc
    .record({ toolUseId: id, content: fc.string(), isError: fc.boolean() })
    .map((r): ContentBlock => ({ type: "tool_result", ...r }));
  const message: fc.Arbitrary<Message> = fc.oneof(
    fc.array(fc.oneof(text, toolResult), { maxLength: 5 }).map((content) => ({ role: "user" as const, content })),
    fc.array(fc.oneof(text, toolUse), { maxLength: 5 }).map((content) => ({ role: "assistant" as const, content })),
  );

  it("keeps every tool result, in order, before its message's user text; arguments round-trip", () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 6 }), (messages) => {
        const body = buildChatBody("m", { system: "s", messages, tools: [] });
        expect(body.messages[0]).toEqual({ role: "system", content: "s" });
        const results = messages.flatMap((m) => m.content.filter((b) => b.type === "tool_result"));
        const toolMessages = body.messages.filter((m) => m.role === "tool");
        expect(toolMessages.map((m) => m.tool_call_id)).toEqual(results.map((r) => r.toolUseId));
        expect(toolMessages.map((m) => m.content)).toEqual(results.map((r) => r.content));
        const uses = messages.flatMap((m) => m.content.filter((b) => b.type === "tool_use"));
        const calls = body.messages.flatMap((m) => (m.role === "assistant" ? (m.tool_calls ?? []) : []));
        expect(calls.map((c) => c.id)).toEqual(uses.map((u) => u.id));
        // JSON has no -0: compare with what JSON itself gives back.
        expect(calls.map((c) => JSON.parse(c.function.arguments))).toEqual(uses.map((u) => JSON.parse(JSON.stringify(u.input))));
        // Within one mapped user message, no tool message follows the user text.
        for (const m of messages) {
          const roles = mapMessage(m).map((out) => out.role);
          const firstUser = roles.indexOf("user");
          if (firstUser >= 0) expect(roles.slice(firstUser + 1)).not.toContain("tool");
        }
      }),
    );
  });
});
