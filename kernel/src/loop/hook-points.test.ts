import { afterEach, describe, expect, it } from "vitest";
import type { ToolResultBlock } from "../contracts/messages.ts";
import { definePlugin, type MaiaPlugin, type PluginContext } from "../plugins/define-plugin.ts";
import { STAGE } from "../contracts/hooks.ts";
import { Conversation, MAX_CONTINUATIONS } from "../host/conversation.ts";
import { call, loopFixture, type LoopFixture } from "@maia/testing-kernel";

/** The points user hooks need: reviseToolCall, Verdict.message, afterToolCall's feedback, blocked, continueTurn. */
let fixture: LoopFixture | undefined;
afterEach(async () => {
  await fixture?.close();
  fixture = undefined;
});

function plugin(apply: (context: PluginContext) => void): MaiaPlugin<never, unknown> {
  return definePlugin({ name: "probe", version: "1.0.0", kernel: "^1.0.0", apply }) as MaiaPlugin<never, unknown>;
}

function results(current: LoopFixture): ToolResultBlock[] {
  return current.session.messages.flatMap((message) => message.content.filter((block): block is ToolResultBlock => block.type === "tool_result"));
}

describe("reviseToolCall", () => {
  it("a new input is what the permission check and the tool see; an invalid one runs nothing and tells the model why", async () => {
    const checked: unknown[] = [];
    fixture = await loopFixture([{ toolCalls: [call("Echo", { text: "model" }, "a"), call("Echo", { text: "bad" }, "b")] }, { text: "ok" }], {
      extraPlugins: [
        plugin((context) => {
          context.hooks.reviseToolCall.tapPromise("probe", async (revision) =>
            revision.input.text === "model" ? { ...revision, input: { text: "revised" } } : { ...revision, input: { text: 42 } },
          );
          context.hooks.checkPermission.tapPromise("probe", async (check) => {
            checked.push(check.call.input);
            return check;
          });
        }),
      ],
    });
    await fixture.kernel.runTurn(fixture.session, "x");
    expect(checked).toEqual([{ text: "revised" }]);
    const [first, second] = results(fixture);
    expect(first?.content).toBe("revised");
    expect(second).toMatchObject({ isError: true });
    expect(fixture.log.runs.map((run) => run.input)).toEqual([{ text: "revised" }]);
  });
});

describe("a denial's message and afterToolCall's feedback", () => {
  it("the model reads a deny's own message, and the feedback taps add after a result", async () => {
    fixture = await loopFixture([{ toolCalls: [call("Echo", { text: "no" }, "a"), call("Echo", { text: "yes" }, "b")] }, { text: "ok" }], {
      extraPlugins: [
        plugin((context) => {
          context.hooks.checkPermission.tapPromise({ name: "probe", stage: STAGE.DEFAULT }, async (check) =>
            check.call.input.text === "no" ? { ...check, verdict: { decision: "deny", message: "the hook said no" } } : check,
          );
          context.hooks.afterToolCall.tapPromise("probe", async (event) => void event.feedback.push("lint: fine"));
        }),
      ],
    });
    await fixture.kernel.runTurn(fixture.session, "x");
    const [denied, ran] = results(fixture);
    expect(denied).toMatchObject({ content: "the hook said no", isError: true });
    expect(ran?.content).toBe("yes\n\nlint: fine");
  });
});

describe("beforeTurn's blocked", () => {
  it("sends nothing, adds nothing, and shows the reason", async () => {
    fixture = await loopFixture([], {
      extraPlugins: [plugin((context) => context.hooks.beforeTurn.tapPromise("probe", async (turn) => ({ ...turn, blocked: "not this prompt" })))],
    });
    const outcome = await fixture.kernel.runTurn(fixture.session, "secret");
    expect(outcome.status).toBe("done");
    expect(fixture.session.messages).toEqual([]);
    expect(fixture.provider.requests).toHaveLength(0);
    expect(fixture.events).toContainEqual({ type: "warning", message: "not this prompt" });
  });
});

describe("continueTurn", () => {
  it("sends the tap's prompt as a follow-up (origin hook), counting the follow-ups", async () => {
    const seen: Array<[number, string]> = [];
    fixture = await loopFixture([{ text: "first" }, { text: "second" }], {
      extraPlugins: [
        plugin((context) => {
          context.hooks.beforeTurn.tapPromise("probe", async (turn) => {
            seen.push([seen.length, turn.origin]);
            return turn;
          });
          context.hooks.continueTurn.tapPromise("probe", async ({ continuations }) => (continuations === 0 ? { prompt: "go on" } : undefined));
        }),
      ],
    });
    const host = Conversation.over(fixture.kernel, fixture.session);
    const outcome = await host.submit("start");
    expect(outcome.status).toBe("done");
    expect(seen.map(([, origin]) => origin)).toEqual(["user", "hook"]);
    expect(fixture.provider.requests).toHaveLength(2);
  });

  it(`stops after ${MAX_CONTINUATIONS} follow-ups in a row, with a warning`, async () => {
    fixture = await loopFixture(
      Array.from({ length: MAX_CONTINUATIONS + 1 }, (_, index) => ({ text: `answer ${index}` })),
      { extraPlugins: [plugin((context) => context.hooks.continueTurn.tapPromise("probe", async () => ({ prompt: "again" })))] },
    );
    const host = Conversation.over(fixture.kernel, fixture.session);
    await host.submit("start");
    expect(fixture.provider.requests).toHaveLength(MAX_CONTINUATIONS + 1);
    expect(fixture.events.some((event) => event.type === "warning" && event.message.includes(String(MAX_CONTINUATIONS)))).toBe(true);
  });
});
