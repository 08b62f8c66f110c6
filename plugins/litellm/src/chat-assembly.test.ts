import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setActiveLocale } from "@maia/kernel";
import { ROUND_OUTPUT_LIMITS } from "./chat-assembly.ts";
import { call, calls, collectText, delta, encoder, finish, outcome, sse, usage } from "./testing/chat-bodies.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

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

  it("ignores invalid JSON chunks", async () => {
    const events = await collectText(`data: {"choices": [\n\n${sse(delta({ content: "x" }), finish("stop"))}data: not json\n\n`);
    expect(events).toEqual([
      { type: "text_delta", text: "x" },
      { type: "done", stopReason: "end_turn" },
    ]);
  });
});

describe("properties", () => {
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
