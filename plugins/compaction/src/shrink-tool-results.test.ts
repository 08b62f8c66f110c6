import type { Message } from "@maia/kernel";
import { setActiveLocale } from "@maia/kernel";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EMERGENCY_TOOL_RESULT_CHARS, shrinkToolResults } from "./shrink-tool-results.ts";

beforeEach(() => setActiveLocale("en"));
afterEach(() => setActiveLocale(undefined));

describe("shrinkToolResults", () => {
  it("cuts long tool results to 1,500 characters and says how much was cut, leaving the original intact", () => {
    const long = "L".repeat(4_000);
    const messages: Message[] = [
      { role: "user", content: [{ type: "text", text: "x".repeat(4_000) }] },
      { role: "assistant", content: [{ type: "tool_use", id: "1", name: "Read", input: { path: "big.log" } }] },
      { role: "user", content: [{ type: "tool_result", toolUseId: "1", content: long, isError: false }] },
    ];
    const shrunk = shrinkToolResults(messages);
    expect(shrunk[2]?.content[0]).toEqual({
      type: "tool_result",
      toolUseId: "1",
      isError: false,
      content: `${"L".repeat(EMERGENCY_TOOL_RESULT_CHARS)}\n[… 2500 characters cut to fit the context window]`,
    });
    expect(shrunk[0]).toEqual(messages[0]);
    expect(shrunk[1]).toEqual(messages[1]);
    expect(messages[2]?.content[0]).toMatchObject({ content: long });
  });

  it("keeps every result's beginning and everything that is not a tool result", () => {
    const block = fc.oneof(
      fc.string({ maxLength: 3_000 }).map((text) => ({ type: "text" as const, text })),
      fc.string({ maxLength: 3_000 }).map((content) => ({ type: "tool_result" as const, toolUseId: "t", content })),
    );
    fc.assert(
      fc.property(fc.array(fc.record({ role: fc.constantFrom("user" as const, "assistant" as const), content: fc.array(block, { maxLength: 3 }) }), { maxLength: 5 }), (messages) => {
        const shrunk = shrinkToolResults(messages, 100);
        shrunk.forEach((message, m) => {
          message.content.forEach((result, b) => {
            const original = messages[m]?.content[b];
            if (result.type === "tool_result" && original?.type === "tool_result") {
              expect(result.content.startsWith(original.content.slice(0, 100))).toBe(true);
              expect(result.content.length).toBeLessThanOrEqual(original.content.length <= 100 ? 100 : 100 + 80);
            } else expect(result).toEqual(original);
          });
        });
      }),
    );
  });
});
