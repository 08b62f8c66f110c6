import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { createTestKernel, scriptedInteraction } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { definePlugin, setActiveLocale, type AgentSession, type Kernel } from "@maia/kernel";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { conclude, doneMessage, FINAL_SUMMARY_TOKENS, lastAnswer } from "./final-summary.ts";

const litellm = await firstParty("litellm");

/** A tool for the model to call: what the loop runs between two requests. */
const echo = definePlugin({
  name: "echo-tool",
  version: "1.0.0",
  kernel: "^1.0.0",
  apply(context) {
    context.hooks.tools.tapPromise("echo-tool", async (tools) => [
      ...tools,
      {
        spec: { name: "Echo", description: "echoes", inputSchema: { type: "object", properties: { text: { type: "string" } } } },
        permission: "auto" as const,
        execute: async (input: Record<string, unknown>) => `echo: ${String(input.text)}`,
      },
    ]);
  },
});

let server: FakeLiteLLM;
let kernel: Kernel;
let session: AgentSession;

beforeAll(() => setActiveLocale("en"));
beforeEach(async () => {
  server = await startFakeLiteLLM();
  const test = await createTestKernel([litellm, echo]);
  server.writeSettings(test.homeDir);
  kernel = test.kernel;
  session = await kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction([]) });
});
afterEach(async () => {
  await server.close();
});

const echoCall = (id: string) => ({ toolCalls: [{ id, name: "Echo", arguments: { text: id } }] });
type Body = { max_tokens?: number; tools?: unknown[]; messages: Array<{ role: string; content?: unknown }> };

describe("the sub-agent's summary (seed § 20.3.4)", () => {
  it("is the last answer that calls no tool", async () => {
    server.enqueue(echoCall("c1"), { text: "Found 3 problems." });
    const outcome = await kernel.runTurn(session, "review", { maxIterations: 25 });
    const done = await conclude(session, outcome, new AbortController().signal);
    expect(done).toEqual({ type: "done", ok: true, summary: "Found 3 problems.", messages: session.messages, toolCalls: 1 });
    expect(server.chatBodies()).toHaveLength(2);
  });

  it("is asked for, without tools to run and with 4000 tokens, when the iterations are used up", async () => {
    server.enqueue(echoCall("c1"), echoCall("c2"), { text: "Partial: checked a and b.", toolCalls: [{ id: "c3", name: "Echo", arguments: {} }] });
    const outcome = await kernel.runTurn(session, "review", { maxIterations: 2 });
    expect(outcome.status).toBe("max_iterations");
    const done = await conclude(session, outcome, new AbortController().signal);
    expect(done.ok).toBe(true);
    expect(done.summary).toBe("Partial: checked a and b.");
    const last = server.chatBodies().at(-1) as Body;
    expect(last.max_tokens).toBe(FINAL_SUMMARY_TOKENS);
    expect(last.tools).toHaveLength(1);
    expect(last.messages.at(-1)).toEqual({ role: "user", content: expect.stringContaining("You have no steps left. Do not call any tool") });
    expect(last.messages.at(-2)?.role).toBe("tool");
    // The request joined the tool results (roles alternate), and the answer joined the conversation.
    expect(session.messages.at(-2)?.content.map((block) => block.type)).toEqual(["tool_result", "text"]);
    expect(session.messages.at(-1)).toEqual({ role: "assistant", content: [{ type: "text", text: "Partial: checked a and b." }] });
    expect(done.toolCalls).toBe(2);
  });

  it("is asked for when the last answer is empty, and a failure is reported as such", async () => {
    server.enqueue(echoCall("c1"), { text: "" }, { text: "Summary after all." });
    const outcome = await kernel.runTurn(session, "review", { maxIterations: 25 });
    expect(await conclude(session, outcome, new AbortController().signal)).toMatchObject({ ok: true, summary: "Summary after all." });

    server.enqueue({ text: "" }, { error: { status: 400, body: { error: { message: "bad request" } } } });
    const second = await kernel.runTurn(session, "again", { maxIterations: 25 });
    const done = await conclude(session, second, new AbortController().signal);
    expect(done.ok).toBe(false);
    expect(done.summary).toContain("bad request");
  });

  it("is a failure when the turn itself failed or gave nothing", async () => {
    server.enqueue({ error: { status: 400, body: { error: { message: "no such model" } } } });
    const outcome = await kernel.runTurn(session, "review");
    const done = await conclude(session, outcome, new AbortController().signal);
    expect(done.ok).toBe(false);
    expect(done.summary).toContain("no such model");
  });

  it("counts the tool calls of a conversation", () => {
    expect(lastAnswer([{ role: "assistant", content: [{ type: "text", text: "  " }] }])).toBeUndefined();
    const messages = [
      { role: "assistant" as const, content: [{ type: "tool_use" as const, id: "a", name: "X", input: {} }, { type: "tool_use" as const, id: "b", name: "X", input: {} }] },
      { role: "assistant" as const, content: [{ type: "tool_use" as const, id: "c", name: "X", input: {} }] },
    ];
    expect(doneMessage(true, "s", messages).toolCalls).toBe(3);
  });
});
