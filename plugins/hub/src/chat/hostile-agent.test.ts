import { eventually, processAlive } from "@maia/testing-maia";
import { afterEach, describe, expect, it } from "vitest";
import { ChatHarness, scriptedAgent } from "./testing/chat-harness.ts";

/** An agent that misbehaves on purpose never leaves the hub in a lie. */
let harness: ChatHarness;

afterEach(async () => {
  await harness?.close();
});

describe("a hostile agent", () => {
  it("after a 50 MB line: error with the real reason, its process stopped, and the next message starts it again", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    await harness.reply("bot", harness.hub.chat.send("bot", "echo before"));
    const pid = Number(harness.hub.supervisor.logs("bot").find((line) => line.startsWith("pid="))?.slice(4));
    const flood = await harness.reply("bot", harness.hub.chat.send("bot", "flood"), 60_000);
    expect(flood.error).toMatch(/bot stopped during its answer: the hub can no longer read the agent \(it sent a message over the 32 MB limit of the ACP library\): it was stopped/);
    const state = await harness.waitFor("agent:state", (event) => event.state === "error");
    expect(state.error).toContain("over the 32 MB limit");
    // The seed's stop sequence: stdin closed (it ignores that), then its group is signalled.
    expect(await eventually(async () => !(await processAlive(pid)), 15_000)).toBe(true);
    expect(harness.hub.supervisor.logs("bot")).toContain("stdin closed: ignoring it");

    const again = await harness.reply("bot", harness.hub.chat.send("bot", "echo after"));
    expect(again.parts).toEqual([{ kind: "text", text: "echo: after" }]);
    expect(harness.hub.supervisor.list()[0]?.state).toBe("ready");
  });
});
