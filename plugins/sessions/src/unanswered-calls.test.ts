import type { Message } from "@maia/kernel";
import { setActiveLocale } from "@maia/kernel";
import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answerUnansweredCalls } from "./unanswered-calls.ts";

beforeEach(() => setActiveLocale("en"));
afterEach(() => setActiveLocale(undefined));

const call = (id: string) => ({ type: "tool_use" as const, id, name: "Read", input: { path: "a" } });
const result = (id: string) => ({ type: "tool_result" as const, toolUseId: id, content: "ok" });
const NOT_RUN = { content: "not run: MAIA stopped before it finished", isError: true };

/** True when every call of every assistant message is answered by the user message right after it. */
function valid(messages: Message[]): boolean {
  return messages.every((message, index) => {
    if (message.role !== "assistant") return true;
    const ids = message.content.flatMap((block) => (block.type === "tool_use" ? [block.id] : []));
    const next = messages[index + 1];
    const answered = new Set(next?.content.flatMap((block) => (block.type === "tool_result" ? [block.toolUseId] : [])) ?? []);
    return ids.every((id) => next?.role === "user" && answered.has(id));
  });
}

describe("answerUnansweredCalls", () => {
  it("answers the calls of a last assistant message with an error result each, in a new user message", () => {
    const messages: Message[] = [
      { role: "user", content: [{ type: "text", text: "read a and b" }] },
      { role: "assistant", content: [{ type: "text", text: "Reading." }, call("c1"), call("c2")] },
    ];
    const repaired = answerUnansweredCalls(messages);
    expect(repaired).toHaveLength(3);
    expect(repaired[2]).toEqual({
      role: "user",
      content: [
        { type: "tool_result", toolUseId: "c1", ...NOT_RUN },
        { type: "tool_result", toolUseId: "c2", ...NOT_RUN },
      ],
    });
    // The parsed messages are not edited: the repair exists in memory only.
    expect(messages).toHaveLength(2);
  });

  it("completes a following user message that answers only some calls, results before its text", () => {
    const messages: Message[] = [
      { role: "assistant", content: [call("c1"), call("c2")] },
      { role: "user", content: [result("c1"), { type: "text", text: "go on" }] },
    ];
    const repaired = answerUnansweredCalls(messages);
    expect(repaired).toHaveLength(2);
    expect(repaired[1]?.content.map((block) => block.type)).toEqual(["tool_result", "tool_result", "text"]);
    expect(repaired[1]?.content[1]).toMatchObject({ toolUseId: "c2", ...NOT_RUN });
    expect(messages[1]?.content).toHaveLength(2);
  });

  it("returns the same array when every call is answered", () => {
    const messages: Message[] = [
      { role: "user", content: [{ type: "text", text: "hi" }] },
      { role: "assistant", content: [call("c1")] },
      { role: "user", content: [result("c1")] },
      { role: "assistant", content: [{ type: "text", text: "done" }] },
    ];
    expect(answerUnansweredCalls(messages)).toBe(messages);
  });

  it("always gives a valid history, adds only error results and keeps every original block in order", () => {
    const block = fc.oneof(
      fc.constantFrom("a", "b", "c").map(call),
      fc.constantFrom("a", "b", "c").map(result),
      fc.constant({ type: "text" as const, text: "t" }),
    );
    const message = fc.record({ role: fc.constantFrom("user" as const, "assistant" as const), content: fc.array(block, { maxLength: 4 }) });
    fc.assert(
      fc.property(fc.array(message, { maxLength: 8 }), (messages) => {
        const repaired = answerUnansweredCalls(messages);
        expect(valid(repaired)).toBe(true);
        const original = messages.flatMap((m) => m.content);
        const kept = repaired.flatMap((m) => m.content).filter((b) => !(b.type === "tool_result" && b.isError === true));
        expect(kept).toEqual(original);
        expect(answerUnansweredCalls(repaired)).toBe(repaired);
      }),
    );
  });
});
