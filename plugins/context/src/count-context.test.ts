import type { ContentBlock, Message, ToolSpec } from "@maia/kernel";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { ContextCounter, countContextTokens, MESSAGE_OVERHEAD_TOKENS } from "./count-context.ts";
import { loadO200kTokenizer, type CountText } from "./tokenizers.ts";

let countText: CountText;
beforeAll(async () => {
  countText = await loadO200kTokenizer();
});

const tools: ToolSpec[] = [
  { name: "Read", description: "Reads a file", inputSchema: { type: "object", properties: { path: { type: "string" } } } },
];

function conversation(): Message[] {
  return [
    { role: "user", content: [{ type: "text", text: "Lis le fichier README.md s'il te plaît" }] },
    {
      role: "assistant",
      content: [
        { type: "text", text: "Je le lis." },
        { type: "tool_use", id: "call_1", name: "Read", input: { path: "README.md" } },
      ],
    },
    { role: "user", content: [{ type: "tool_result", toolUseId: "call_1", content: "# MAIA\nA coding assistant." }] },
    { role: "assistant", content: [{ type: "text", text: "Le README présente MAIA." }] },
  ];
}

describe("countContextTokens (seed § 13.1)", () => {
  it("adds the system prompt, the tool definitions, 4 tokens per message, each block and each pending text", () => {
    const messages = conversation();
    const expected =
      countText("You are MAIA.") +
      countText(JSON.stringify(tools)) +
      4 * MESSAGE_OVERHEAD_TOKENS +
      countText("Lis le fichier README.md s'il te plaît") +
      countText("Je le lis.") +
      countText("Read") +
      countText(JSON.stringify({ path: "README.md" })) +
      countText("# MAIA\nA coding assistant.") +
      countText("Le README présente MAIA.") +
      countText("$ ls\nsrc") +
      countText("@notes.md");
    const input = { system: "You are MAIA.", messages, tools, pending: ["$ ls\nsrc", "@notes.md"] };
    expect(countContextTokens(input, countText)).toBe(expected);
    expect(new ContextCounter(countText).count(input)).toBe(expected);
  });

  it("counts an image by OpenAI's tile formula, never by its bytes (issue 38)", () => {
    const image = { type: "image" as const, mediaType: "image/png" as const, hash: "0".repeat(64), name: "shot.png", width: 1280, height: 720, size: 3_000_000, data: "A".repeat(4_000_000) };
    const withImage: Message = { role: "user", content: [{ type: "text", text: "look" }, image] };
    const without: Message = { role: "user", content: [{ type: "text", text: "look" }] };
    const counted = (message: Message) => countContextTokens({ system: "", messages: [message] }, countText);
    expect(counted(withImage) - counted(without)).toBe(1105);
    const result: Message = { role: "user", content: [{ type: "tool_result", toolUseId: "c", content: "Image", images: [image, { ...image, width: 100, height: 100 }] }] };
    const bare: Message = { role: "user", content: [{ type: "tool_result", toolUseId: "c", content: "Image" }] };
    expect(counted(result) - counted(bare)).toBe(1105 + 255);
  });

  it("counts nothing for absent tools and pending context, and 4 tokens for an empty message", () => {
    expect(countContextTokens({ system: "", messages: [] }, countText)).toBe(0);
    expect(countContextTokens({ system: "", messages: [{ role: "user", content: [] }], tools: [] }, countText)).toBe(4);
  });

  it("counts a text that looks like a special token as text", () => {
    const input = { system: "", messages: [{ role: "user" as const, content: [{ type: "text" as const, text: "<|endoftext|>" }] }] };
    expect(countContextTokens(input, countText)).toBe(4 + countText("<|endoftext|>"));
    expect(countText("<|endoftext|>")).toBeGreaterThan(1);
  });
});

describe("ContextCounter", () => {
  it("recounts only what is new: one new message costs that message's blocks", () => {
    const seen: string[] = [];
    const counter = new ContextCounter((text) => {
      seen.push(text);
      return countText(text);
    });
    const messages = conversation();
    const input = { system: "You are MAIA.", messages, tools, pending: [] };
    const first = counter.count(input);
    seen.length = 0;
    messages.push({ role: "user", content: [{ type: "text", text: "Et maintenant ?" }] });
    const second = counter.count(input);
    expect(seen).toEqual(["Et maintenant ?"]);
    expect(second).toBe(first + MESSAGE_OVERHEAD_TOKENS + countText("Et maintenant ?"));
    seen.length = 0;
    expect(counter.count(input)).toBe(second);
    expect(seen).toEqual([]);
  });

  it("recounts the system prompt and tools when they change", () => {
    const counter = new ContextCounter(countText);
    const base = { system: "A", messages: [], tools: [] };
    const a = counter.count(base);
    const b = counter.count({ ...base, system: "A much longer system prompt" });
    const c = counter.count({ ...base, system: "A much longer system prompt", tools });
    expect(b).toBeGreaterThan(a);
    expect(c).toBe(b + countText(JSON.stringify(tools)));
  });

  it("goes down when the conversation is cut (rollback, compaction)", () => {
    const counter = new ContextCounter(countText);
    const messages = conversation();
    const full = counter.count({ system: "", messages });
    expect(counter.count({ system: "", messages: messages.slice(0, 1) })).toBeLessThan(full);
  });

  const block: fc.Arbitrary<ContentBlock> = fc.oneof(
    fc.string({ unit: "grapheme", maxLength: 40 }).map((text) => ({ type: "text" as const, text })),
    fc.record({ type: fc.constant("tool_use" as const), id: fc.string(), name: fc.string({ maxLength: 10 }), input: fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 10 })) }),
    fc.record({ type: fc.constant("tool_result" as const), toolUseId: fc.string(), content: fc.string({ maxLength: 60 }) }),
  );
  const message: fc.Arbitrary<Message> = fc.record({ role: fc.constantFrom("user" as const, "assistant" as const), content: fc.array(block, { maxLength: 4 }) });

  it("is strictly additive: adding a message always adds at least 4 tokens, and agrees with the plain count", () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 12 }), message, fc.string({ maxLength: 30 }), (history, extra, system) => {
        const counter = new ContextCounter(countText);
        const messages = [...history];
        const before = counter.count({ system, messages, tools });
        messages.push(extra);
        const after = counter.count({ system, messages, tools });
        expect(after).toBeGreaterThanOrEqual(before + MESSAGE_OVERHEAD_TOKENS);
        expect(after).toBe(countContextTokens({ system, messages, tools }, countText));
      }),
      { numRuns: 300 },
    );
  });
});
