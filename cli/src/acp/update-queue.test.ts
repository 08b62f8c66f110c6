import type { SessionUpdate } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { UpdateQueue } from "./update-queue.ts";

const text = (value: string): SessionUpdate => ({ sessionUpdate: "agent_message_chunk", content: { type: "text", text: value } });
const sentText = (update: SessionUpdate) => (update.sessionUpdate === "agent_message_chunk" && update.content.type === "text" ? update.content.text : "?");

describe("UpdateQueue", () => {
  it("holds updates until opened, then sends them in push order even when some need async work", async () => {
    const sent: string[] = [];
    const queue = new UpdateQueue(async (update) => void sent.push(sentText(update)), () => undefined);
    queue.push(text("a"));
    queue.push(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return text("b");
    });
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(sent).toEqual([]);
    queue.open();
    queue.push(text("c"));
    queue.push(() => undefined);
    await queue.flush();
    expect(sent).toEqual(["a", "b", "c"]);
  });

  it("reports a failed update and goes on with the next", async () => {
    const sent: string[] = [];
    const errors: unknown[] = [];
    const queue = new UpdateQueue(
      async (update) => {
        if (sentText(update) === "bad") throw new Error("closed");
        sent.push(sentText(update));
      },
      (error) => errors.push(error),
    );
    queue.open();
    queue.push(text("bad"));
    queue.push(text("good"));
    await queue.flush();
    expect(sent).toEqual(["good"]);
    expect(errors).toHaveLength(1);
  });
});
