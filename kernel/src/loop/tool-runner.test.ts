import { call, loopFixture, type LoopFixture } from "@maia/testing-kernel";
import { afterEach, describe, expect, it } from "vitest";
import type { ToolResultBlock } from "../contracts/messages.ts";

let fixture: LoopFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

function results(current: LoopFixture): ToolResultBlock[] {
  return current.session.messages.at(-2)?.content.filter((block): block is ToolResultBlock => block.type === "tool_result") ?? [];
}

describe("runToolCalls", () => {
  it("runs two or more calls at the same time and returns the results in call order", async () => {
    fixture = await loopFixture([
      { toolCalls: [call("Sleep", { ms: 300, tag: "slow" }, "a"), call("Sleep", { ms: 50, tag: "fast" }, "b"), call("Echo", { text: "e" }, "c")] },
      { text: "ok" },
    ]);
    await fixture.kernel.runTurn(fixture.session, "x");
    const slow = fixture.log.runs.find((run) => run.id === "slow");
    const fast = fixture.log.runs.find((run) => run.id === "fast");
    // The fast one started before the slow one ended, and ended first: they overlapped.
    expect(fast!.start).toBeLessThan(slow!.end);
    expect(fast!.end).toBeLessThan(slow!.end);
    expect(results(fixture).map((result) => result.toolUseId)).toEqual(["a", "b", "c"]);
    // The UI sees the results in call order too, after the progress events.
    const shown = fixture.events.filter((event) => event.type === "tool_result").map((event) => (event as { id: string }).id);
    expect(shown).toEqual(["a", "b", "c"]);
    const progress = fixture.events.filter((event) => event.type === "tools_running");
    expect(progress.at(-1)).toEqual({ type: "tools_running", running: null });
    expect(progress.some((event) => event.type === "tools_running" && event.running?.done === 3)).toBe(true);
  });

  it("announces every call before its permission check (a batch's marked batch), then its statuses as it runs and ends", async () => {
    fixture = await loopFixture(
      [{ toolCalls: [call("Danger", { what: "first" }, "1"), call("Ghost", {}, "2"), call("Echo", { text: "e" }, "3")] }, { text: "ok" }],
      { answers: ["no"] },
    );
    const order: string[] = [];
    fixture.kernel.hooks.checkPermission.tap("test", (check) => {
      order.push(`check ${check.call.id}`);
      return check;
    });
    fixture.session.events.on((event) => {
      if (event.type === "tool_call") order.push(`call ${event.id}${event.batch ? " (batch)" : ""}`);
      if (event.type === "tool_status") order.push(`${event.status} ${event.id}`);
      if (event.type === "tool_result") order.push(`result ${event.id}`);
    });
    await fixture.kernel.runTurn(fixture.session, "x");
    expect(order).toEqual([
      "call 1 (batch)",
      "check 1",
      "failed 1", // refused by the user
      "call 2 (batch)",
      "failed 2", // unknown tool: no check
      "call 3 (batch)",
      "check 3",
      "in_progress 3",
      "completed 3",
      "result 1",
      "result 2",
      "result 3",
    ]);
    const announced = fixture.events.find((event) => event.type === "tool_call" && event.id === "3");
    // A tool that declares neither kind nor locations is shown as "other", nowhere.
    expect(announced).toMatchObject({ kind: "other", locations: [] });
  });

  it("asks the confirmations one at a time, starting each authorised tool before the next question", async () => {
    const order: string[] = [];
    fixture = await loopFixture(
      [
        { toolCalls: [call("Danger", { what: "first" }, "1"), call("Sleep", { ms: 10, tag: "s" }, "2"), call("Danger", { what: "second" }, "3")] },
        { text: "ok" },
      ],
      { answers: ["yes", "no"] },
    );
    fixture.session.events.on((event) => {
      if (event.type === "tool_result") order.push(event.id);
    });
    await fixture.kernel.runTurn(fixture.session, "x");
    expect(fixture.questions).toEqual(["Allow Danger: first?", "Allow Danger: second?"]);
    const [first, second, third] = results(fixture);
    expect(first).toEqual({ type: "tool_result", toolUseId: "1", content: "done" });
    expect(second?.content).toBe("slept 10");
    expect(third).toMatchObject({ content: "The user refused this action.", isError: true });
    expect(order).toEqual(["1", "2", "3"]);
  });

  it("does not cancel the other tools when one throws, is refused or is unknown", async () => {
    fixture = await loopFixture(
      [{ toolCalls: [call("Fail", {}, "f"), call("Danger", {}, "d"), call("Ghost", {}, "g"), call("Echo", { text: "still" }, "e")] }, { text: "ok" }],
      { answers: ["no"] },
    );
    await fixture.kernel.runTurn(fixture.session, "x");
    expect(results(fixture).map((result) => [result.toolUseId, result.content, result.isError ?? false])).toEqual([
      ["f", "tool exploded", true],
      ["d", "The user refused this action.", true],
      ["g", "Unknown tool: Ghost", true],
      ["e", "still", false],
    ]);
  });

  it("runs calls that share a lock key one after the other, in the order asked", async () => {
    fixture = await loopFixture([
      {
        toolCalls: [
          call("Sleep", { ms: 120, key: "file:/a", tag: "a1" }, "1"),
          call("Sleep", { ms: 10, key: "file:/a", tag: "a2" }, "2"),
          call("Sleep", { ms: 10, key: "file:/b", tag: "b1" }, "3"),
        ],
      },
      { text: "ok" },
    ]);
    await fixture.kernel.runTurn(fixture.session, "x");
    const run = (tag: string) => fixture!.log.runs.find((entry) => entry.id === tag)!;
    expect(run("a2").start).toBeGreaterThanOrEqual(run("a1").end);
    expect(run("b1").start).toBeLessThan(run("a1").end);
  });

  it("never runs more than 8 tools at once, and starts them in order", async () => {
    const calls = Array.from({ length: 12 }, (_, index) => call("Sleep", { ms: 80, tag: `t${index}` }, `c${index}`));
    fixture = await loopFixture([{ toolCalls: calls }, { text: "ok" }]);
    await fixture.kernel.runTurn(fixture.session, "x");
    expect(fixture.log.maxConcurrent).toBe(8);
    const starts = [...fixture.log.runs].sort((a, b) => a.start - b.start).map((entry) => entry.id);
    expect(starts.slice(0, 8).sort()).toEqual(["t0", "t1", "t2", "t3", "t4", "t5", "t6", "t7"].sort());
    expect(results(fixture)).toHaveLength(12);
  });

  it("lets the tools already started finish when the user says stop, and does not start the rest", async () => {
    fixture = await loopFixture(
      [{ toolCalls: [call("Sleep", { ms: 50, tag: "running" }, "1"), call("Danger", {}, "2"), call("Echo", { text: "never" }, "3")] }],
      { answers: ["stop"] },
    );
    const outcome = await fixture.kernel.runTurn(fixture.session, "x");
    expect(outcome.status).toBe("stopped");
    const last = fixture.session.messages.at(-1)?.content as ToolResultBlock[];
    expect(last.map((result) => result.content)).toEqual([
      "slept 50",
      expect.stringContaining("stopped the iteration"),
      expect.stringContaining("Not run"),
    ]);
    expect(fixture.log.runs.map((entry) => entry.id)).toEqual(["running"]);
  });
});
