import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setActiveLocale, type StreamEvent } from "@maia/kernel";
import { bytesOf, call, calls, collect, collectText, delta, encoder, finish, outcome, sse, usage } from "./testing/chat-bodies.ts";

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

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
});
