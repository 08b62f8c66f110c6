import { call, loopFixture, type LoopFixture } from "@maia/testing-kernel";
import { afterEach, describe, expect, it } from "vitest";
import type { ToolResultBlock } from "../contracts/messages.ts";
import { definePlugin, type MaiaPlugin } from "../plugins/define-plugin.ts";

let fixture: LoopFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

function lastToolResults(current: LoopFixture): ToolResultBlock[] {
  const last = current.session.messages.at(-1);
  return (last?.content ?? []).filter((block): block is ToolResultBlock => block.type === "tool_result");
}

describe("runTurn", () => {
  it("streams the answer and keeps the exchange in the conversation", async () => {
    fixture = await loopFixture([{ text: ["Hel", "lo ", "there"] }]);
    const outcome = await fixture.kernel.runTurn(fixture.session, "hi");
    expect(outcome).toMatchObject({ status: "done", stopReason: "end_turn" });
    expect(fixture.events.filter((event) => event.type === "text").map((event) => (event as { text: string }).text)).toEqual([
      "Hel",
      "lo ",
      "there",
    ]);
    expect(fixture.session.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "hi" }] },
      { role: "assistant", content: [{ type: "text", text: "Hello there" }] },
    ]);
  });

  it("runs a tool call, sends its result back, and ends with the model's answer", async () => {
    fixture = await loopFixture([{ toolCalls: [call("Echo", { text: "ping" }, "call_1")] }, { text: "The tool said ping." }]);
    const outcome = await fixture.kernel.runTurn(fixture.session, "use echo");
    expect(outcome.status).toBe("done");
    const second = fixture.provider.requests[1];
    expect(second?.messages.slice(-2)).toEqual([
      expect.objectContaining({ role: "assistant", content: [expect.objectContaining({ type: "tool_use", id: "call_1" })] }),
      { role: "user", content: [{ type: "tool_result", toolUseId: "call_1", content: "ping" }] },
    ]);
    expect(fixture.session.messages.at(-1)).toEqual({ role: "assistant", content: [{ type: "text", text: "The tool said ping." }] });
  });

  it("joins the pending context to the request in one user message", async () => {
    fixture = await loopFixture([{ text: "ok" }]);
    fixture.session.pendingContext.push("output of !ls");
    await fixture.kernel.runTurn(fixture.session, "what do you see?");
    expect(fixture.session.messages[0]).toEqual({ role: "user", content: [{ type: "text", text: "output of !ls\n\nwhat do you see?" }] });
    expect(fixture.session.pendingContext).toEqual([]);
  });

  it("stops at the iteration limit with a message, and merges the next request into the tool results", async () => {
    fixture = await loopFixture([
      { toolCalls: [call("Echo", { text: "1" })] },
      { toolCalls: [call("Echo", { text: "2" })] },
      { text: "finally" },
    ]);
    fixture.session.maxIterations = 2;
    const outcome = await fixture.kernel.runTurn(fixture.session, "loop");
    expect(outcome.status).toBe("max_iterations");
    expect(fixture.events).toContainEqual({ type: "warning", message: "Stopped: more than 2 iterations" });
    expect(fixture.provider.requests).toHaveLength(2);

    const messagesBefore = fixture.session.messages.length;
    await fixture.kernel.runTurn(fixture.session, "go on");
    const merged = fixture.session.messages[messagesBefore - 1];
    expect(merged?.role).toBe("user");
    expect(merged?.content.at(-1)).toEqual({ type: "text", text: "go on" });
    // The tool results, then the new request, in the one user message the provider sends last.
    const lastMessage = fixture.provider.requests.at(-1)?.messages.at(-1);
    expect(lastMessage?.role).toBe("user");
    expect(lastMessage?.content.map((block) => block.type).slice(-2)).toEqual(["tool_result", "text"]);
  });

  it("grants another series when onLimit says yes", async () => {
    fixture = await loopFixture([{ toolCalls: [call("Echo", { text: "1" })] }, { text: "done" }]);
    let asked = 0;
    const outcome = await fixture.kernel.runTurn(fixture.session, "x", {
      maxIterations: 1,
      onLimit: async () => {
        asked += 1;
        return true;
      },
    });
    expect(asked).toBe(1);
    expect(outcome.status).toBe("done");
  });

  it("answers stop: a result for every call, no further model call", async () => {
    fixture = await loopFixture([{ toolCalls: [call("Danger", { what: "a" }, "c1"), call("Danger", { what: "b" }, "c2")] }], {
      answers: ["stop"],
    });
    const outcome = await fixture.kernel.runTurn(fixture.session, "do it");
    expect(outcome.status).toBe("stopped");
    expect(fixture.provider.requests).toHaveLength(1);
    const results = lastToolResults(fixture);
    expect(results.map((result) => result.toolUseId)).toEqual(["c1", "c2"]);
    expect(results[0]?.content).toContain("stopped the iteration");
    expect(results[1]?.content).toContain("Not run");
    expect(fixture.log.runs).toHaveLength(0);
  });

  it("rolls the conversation back when the request is interrupted mid-stream", async () => {
    fixture = await loopFixture([{ text: "first" }, { hang: true, text: "partial" }]);
    await fixture.kernel.runTurn(fixture.session, "one");
    fixture.session.pendingContext.push("pending");
    const before = structuredClone(fixture.session.messages);
    const controller = new AbortController();
    fixture.session.events.on((event) => {
      if (event.type === "text" && event.text === "partial") controller.abort();
    });
    const outcome = await fixture.kernel.runTurn(fixture.session, "two", { signal: controller.signal });
    expect(outcome.status).toBe("aborted");
    expect(fixture.session.messages).toEqual(before);
    expect(fixture.session.pendingContext).toEqual(["pending"]);
  });

  it("rolls back and reports the error when the provider fails", async () => {
    fixture = await loopFixture([{ error: "bad request here", status: 400 }]);
    const outcome = await fixture.kernel.runTurn(fixture.session, "hello");
    expect(outcome.status).toBe("error");
    expect(String((outcome.error as Error).message)).toContain("bad request here");
    expect(fixture.session.messages).toEqual([]);
  });

  it("never runs a cut or malformed call: the model gets an error result and the user a warning", async () => {
    fixture = await loopFixture([
      { toolCalls: [{ id: "bad", name: "Echo", arguments: '{"text": "unterminated' }] },
      { text: "sorry" },
    ]);
    await fixture.kernel.runTurn(fixture.session, "x");
    expect(fixture.log.runs).toHaveLength(0);
    const toolResult = fixture.provider.requests[1]?.messages.flatMap((message) => message.content).find((block) => block.type === "tool_result");
    expect(String((toolResult as ToolResultBlock | undefined)?.content)).toContain("cut off or malformed");
    expect(fixture.events.some((event) => event.type === "warning" && event.message.includes("Echo"))).toBe(true);
  });

  it("checks tool inputs against their schema, accepting numbers sent as strings", async () => {
    fixture = await loopFixture([
      { toolCalls: [call("Echo", { text: "ab", times: "3" }, "ok"), call("Echo", { words: 1 }, "bad")] },
      { text: "done" },
    ]);
    await fixture.kernel.runTurn(fixture.session, "x");
    const results = fixture.session.messages.at(-2)?.content.filter((block) => block.type === "tool_result") as ToolResultBlock[];
    expect(results[0]).toEqual({ type: "tool_result", toolUseId: "ok", content: "ababab" });
    expect(results[1]).toMatchObject({ toolUseId: "bad", isError: true });
    expect(results[1]?.content).toBe('Parameter "text" missing or invalid (must have required property \'text\'). Parameters received: words (number).');
  });

  it("answers an unknown tool and a throwing tool with errors the model can read", async () => {
    fixture = await loopFixture([{ toolCalls: [call("Nope", {}, "n"), call("Fail", {}, "f")] }, { text: "ok" }]);
    await fixture.kernel.runTurn(fixture.session, "x");
    const results = fixture.session.messages.at(-2)?.content as ToolResultBlock[];
    expect(results[0]).toMatchObject({ content: "Unknown tool: Nope", isError: true });
    expect(results[1]).toMatchObject({ content: "tool exploded", isError: true });
  });

  it("refuses what would ask when nobody can answer, and says how to allow it", async () => {
    fixture = await loopFixture([{ toolCalls: [call("Danger", { what: "x" })] }, { text: "ok" }], { canAsk: false });
    await fixture.kernel.runTurn(fixture.session, "x");
    const [result] = fixture.session.messages.at(-2)?.content as ToolResultBlock[];
    expect(result?.isError).toBe(true);
    expect(result?.content).toContain("--allow");
    expect(fixture.log.runs).toHaveLength(0);
  });

  it("asks before a tool whose default is ask, with the tool's summary, and runs it on yes", async () => {
    fixture = await loopFixture([{ toolCalls: [call("Danger", { what: "rm build" })] }, { text: "ok" }], { answers: ["yes"] });
    await fixture.kernel.runTurn(fixture.session, "x");
    expect(fixture.questions).toEqual(["Allow Danger: rm build?"]);
    expect(fixture.log.runs.map((run) => run.name)).toEqual(["Danger"]);
  });

  it("returns the user's refusal to the model on no", async () => {
    fixture = await loopFixture([{ toolCalls: [call("Danger", {})] }, { text: "ok" }], { answers: ["no"] });
    await fixture.kernel.runTurn(fixture.session, "x");
    const [result] = fixture.session.messages.at(-2)?.content as ToolResultBlock[];
    expect(result).toMatchObject({ content: "The user refused this action.", isError: true });
  });

  it("lets beforeTurn rewrite the request and afterTurn see the outcome", async () => {
    const seen: string[] = [];
    const extra = definePlugin({
      name: "extra",
      version: "1.0.0",
      kernel: "^1.0.0",
      apply(context) {
        context.hooks.beforeTurn.tap("extra", (turn) => ({ ...turn, text: `${turn.text} [expanded]` }));
        context.hooks.afterTurn.tap("extra", (outcome) => void seen.push(outcome.status));
      },
    }) as MaiaPlugin<never, unknown>;
    fixture = await loopFixture([{ text: "ok" }], { extraPlugins: [extra] });
    await fixture.kernel.runTurn(fixture.session, "hello");
    expect(fixture.provider.requests[0]?.messages.at(-1)).toEqual({ role: "user", content: [{ type: "text", text: "hello [expanded]" }] });
    expect(seen).toEqual(["done"]);
  });
});
