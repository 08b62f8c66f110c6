import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HubEventBus } from "../events.ts";
import type { MessagePart } from "../protocol.ts";
import { AgentConversation } from "./conversation.ts";

describe("AgentConversation.appendText", () => {
  it("builds the parts a stream of text and thought chunks makes, whatever their number, with a delta each", () => {
    fc.assert(
      fc.property(fc.array(fc.record({ kind: fc.constantFrom("text" as const, "thought" as const), text: fc.string({ maxLength: 9 }) }), { maxLength: 400 }), (chunks) => {
        const events = new HubEventBus();
        const deltas: string[] = [];
        events.subscribe((name, payload) => {
          if (name === "message:delta") deltas.push((payload as { text: string }).text);
        });
        const conversation = new AgentConversation("bot", "t1", events);
        const message = conversation.addMessage({ role: "agent", done: false });
        for (const [index, chunk] of chunks.entries()) {
          conversation.appendText(message, chunk.kind, chunk.text);
          // Someone reads the message now and then (a page fetching the conversation): nothing changes for it.
          if (index % 97 === 0) conversation.changed(message);
        }
        const expected: Array<Extract<MessagePart, { kind: "text" | "thought" }>> = [];
        for (const chunk of chunks.filter((candidate) => candidate.text !== "")) {
          const last = expected.at(-1);
          if (last && last.kind === chunk.kind) last.text += chunk.text;
          else expected.push({ kind: chunk.kind, text: chunk.text });
        }
        expect(conversation.messagesNow()[0]?.parts).toEqual(expected);
        expect(deltas).toEqual(chunks.filter((chunk) => chunk.text !== "").map((chunk) => chunk.text));
      }),
      { numRuns: 200 },
    );
  });
});
