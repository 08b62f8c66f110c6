import { describe, expect, it } from "vitest";
import { lastUserText, readSession, runCommand, setUpPerTest, systemText, type Setup } from "./testing/setup.ts";

const SUMMARY = "## Project context\n- emergency\n## Next steps\n- answer";
const TOO_LONG = {
  error: {
    status: 400,
    body: { error: { message: "This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.", code: "context_length_exceeded" } },
  },
};

const setUp = setUpPerTest();

/** A session with a long tool result in its history, saved as « big ». */
async function withLongHistory() {
  const setup = await setUp();
  const { kernel, server, session, host } = setup;
  server.enqueue({ toolCalls: [{ name: "Echo", arguments: { text: "0123456789", times: 400 } }] }, { text: "Read it." });
  expect((await kernel.runTurn(session, "Echo a lot")).status).toBe("done");
  await runCommand(kernel, host, "rename", "big");
  return setup;
}

const warnings = (s: Setup) => s.events.flatMap((event) => (event.type === "warning" ? [event.message] : []));

describe("emergency compaction (seed § 14.5)", () => {
  it("compacts a refused conversation with tool results shrunk, saves the original first, and retries once with a resume instruction", async () => {
    const setup = await withLongHistory();
    const { server, host, cwd } = setup;
    server.enqueue(TOO_LONG, { text: SUMMARY }, { text: "The final answer." });
    const outcome = await host.submit("And now?");
    expect(outcome.status).toBe("done");
    expect(outcome.session).toBe(host.current);
    expect(warnings(setup)).toContain("The server refused the context as too long: emergency compaction, then the request is sent again.");

    const bodies = server.chatBodies();
    const summaryRequest = JSON.stringify(bodies.at(-2));
    expect(summaryRequest).toContain("[… 2500 characters cut to fit the context window]");
    expect(summaryRequest).not.toContain("0123456789".repeat(200));
    const retried = bodies.at(-1);
    expect(lastUserText(retried)).toMatch(/^\[The conversation was compacted because it no longer fit.*\]\n\nAnd now\?$/s);
    expect(systemText(retried)).toContain(SUMMARY);

    expect((await readSession(cwd, "big")).messages).toHaveLength(4);
    const after = await readSession(cwd, "big__1");
    expect(after).toMatchObject({ startContext: SUMMARY });
    expect(after.messages).toHaveLength(2);
    expect(host.current.pendingContext).toEqual([]);
  });

  it("retries only once: a retry refused again is the outcome", async () => {
    const { server, host } = await withLongHistory();
    server.enqueue(TOO_LONG, { text: SUMMARY }, TOO_LONG);
    const before = server.chatBodies().length;
    const outcome = await host.submit("And now?");
    expect(outcome.status).toBe("error");
    expect(server.chatBodies().length - before).toBe(3);
    expect(host.current.pendingContext).toEqual([]);
  });

  it("gives the original error when the compaction fails, the conversation unchanged", async () => {
    const setup = await withLongHistory();
    const { server, session, host } = setup;
    server.enqueue(TOO_LONG, { error: { status: 400, body: { error: { message: "no summary today" } } } });
    const outcome = await host.submit("And now?");
    expect(outcome.status).toBe("error");
    expect(String((outcome.error as Error).message)).toContain("maximum context length");
    expect(warnings(setup).some((message) => message.startsWith("Emergency compaction failed: "))).toBe(true);
    expect(session.messages).toHaveLength(4);
  });

  it("leaves other errors alone", async () => {
    const { server, host } = await withLongHistory();
    server.enqueue({ error: { status: 400, body: { error: { message: "invalid model" } } } });
    const before = server.chatBodies().length;
    expect((await host.submit("And now?")).status).toBe("error");
    expect(server.chatBodies().length - before).toBe(1);
  });

  it("rebuilds the agent through the front end's host when there is one, and returns the new session", async () => {
    const { server, session, host } = await withLongHistory();
    server.enqueue(TOO_LONG, { text: SUMMARY }, { text: "The final answer." });
    const outcome = await host.submit("And now?");
    expect(outcome.status).toBe("done");
    expect(outcome.session).toBe(host.current);
    expect(outcome.session).not.toBe(session);
    expect(outcome.session.startContext).toBe(SUMMARY);
    expect(outcome.session.state.get("sessions:name")).toBe("big__1");
  });

  it("a first request refused after its own tool calls is compacted from that work, then sent again", async () => {
    const { server, host } = await setUp();
    server.enqueue({ toolCalls: [{ name: "Echo", arguments: { text: "first work " } }] }, TOO_LONG, { text: SUMMARY }, { text: "The final answer." });
    const outcome = await host.submit("Echo, then answer");
    expect(outcome.status).toBe("done");
    const bodies = server.chatBodies();
    expect(JSON.stringify(bodies.at(-2))).toContain("first work");
    expect(lastUserText(bodies.at(-1))).toMatch(/^\[The conversation was compacted because it no longer fit.*\]\n\nEcho, then answer$/s);
    expect(host.current.startContext).toBe(SUMMARY);
  });

  it("a first request refused whose compaction fails leaves the conversation empty, with the original error", async () => {
    const { server, host } = await setUp();
    server.enqueue({ toolCalls: [{ name: "Echo", arguments: { text: "first work " } }] }, TOO_LONG, { error: { status: 400, body: { error: { message: "no summary today" } } } });
    const outcome = await host.submit("Echo, then answer");
    expect(outcome.status).toBe("error");
    expect(String((outcome.error as Error).message)).toContain("maximum context length");
    expect(host.current.messages).toEqual([]);
  });

  it("is not the automatic path's business: a plain runTurn refused as too long compacts nothing", async () => {
    const { kernel, server, session } = await withLongHistory();
    server.enqueue(TOO_LONG);
    const before = server.chatBodies().length;
    expect((await kernel.runTurn(session, "And now?")).status).toBe("error");
    expect(server.chatBodies().length - before).toBe(1);
    expect(session.messages).toHaveLength(4);
  });
});
