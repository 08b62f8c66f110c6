import fc from "fast-check";
import type { Message } from "@maia/kernel";
import { describe, expect, it } from "vitest";
import { belongsTo, cutAt, markOf, prefixFingerprints } from "./conversation-mark.ts";

const text = (role: "user" | "assistant", value: string): Message => ({ role, content: [{ type: "text", text: value }] });
const message = fc.record({
  role: fc.constantFrom("user" as const, "assistant" as const),
  content: fc.array(fc.string().map((value) => ({ type: "text" as const, text: value })), { minLength: 1, maxLength: 3 }),
});

describe("conversation marks", () => {
  it("finds a turn again in the same conversation, reloaded, and not in another one", () => {
    const before = [text("user", "hi"), text("assistant", "hello")];
    const mark = markOf(before);
    const after = [...before, text("user", "change a.txt"), text("assistant", "done")];
    const reloaded = JSON.parse(JSON.stringify(after)) as Message[];
    expect(belongsTo(reloaded, prefixFingerprints(reloaded), mark)).toBe(true);
    const other = [text("user", "hi"), text("assistant", "hey"), text("user", "change a.txt")];
    expect(belongsTo(other, prefixFingerprints(other), mark)).toBe(false);
    // Nothing came after the mark: the turn is not (or no longer) there.
    expect(belongsTo(before, prefixFingerprints(before), mark)).toBe(false);
    expect(cutAt(after, mark)).toEqual(before);
  });

  it("handles a request joined to the last user message", () => {
    const before = [text("user", "first")];
    const mark = markOf(before);
    const joined: Message[] = [{ role: "user", content: [{ type: "text", text: "first" }, { type: "text", text: "second" }] }];
    expect(belongsTo(joined, prefixFingerprints(joined), mark)).toBe(true);
    expect(cutAt(joined, mark)).toEqual(before);
  });

  it("cutting at any mark of a conversation gives back the conversation as it stood then", () => {
    fc.assert(
      fc.property(fc.array(message, { maxLength: 8 }), fc.array(message, { minLength: 1, maxLength: 4 }), (start, turn) => {
        const mark = markOf(start);
        const whole = [...start, ...turn];
        expect(belongsTo(whole, prefixFingerprints(whole), mark)).toBe(true);
        expect(cutAt(whole, mark)).toEqual(start);
      }),
    );
  });
});
