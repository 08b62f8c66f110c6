import { describe, expect, it } from "vitest";
import { lastUserText, prose, readSession, runCommand, setUpPerTest, systemText, type Setup } from "./testing/setup.ts";

const SUMMARY = "## Project context\n- a test\n## Next steps\n- go on";

const setUp = setUpPerTest();

const infos = (s: Setup) => s.events.flatMap((event) => (event.type === "info" ? [event.message] : []));
const warnings = (s: Setup) => s.events.flatMap((event) => (event.type === "warning" ? [event.message] : []));

describe("automatic compaction (seed § 14.3)", () => {
  it("uses max − 4500 as threshold, strictly greater, once the maximum is known", async () => {
    const setup = await setUp({ max: 6_000 });
    expect(await setup.compaction.threshold(setup.session)).toBe(1_500);
  });

  it("compacts after a turn that took the context over the threshold", async () => {
    const setup = await setUp({ max: 6_000 });
    const { kernel, server, session, host, cwd } = setup;
    await runCommand(kernel, host, "rename", "auto");
    server.enqueue({ text: prose(2_000) }, { text: SUMMARY });
    expect((await kernel.runTurn(session, "Write a lot")).status).toBe("done");
    expect(server.chatBodies()).toHaveLength(2);
    expect(lastUserText(server.chatBodies()[1])).toMatch(/^Make a compacted summary of our exchanges\./);
    expect(session.messages).toEqual([]);
    expect(session.startContext).toBe(SUMMARY);
    expect(session.system).toContain(SUMMARY);
    expect(infos(setup).some((message) => /^Context at \d+ tokens, above the threshold of 1500: compacting the conversation\.$/.test(message))).toBe(true);
    expect(infos(setup)).toContain("New session: « auto__1 ».");
    expect(infos(setup).some((message) => message.includes("The full conversation stays in .maia/.sessions/auto.json."))).toBe(true);
    expect((await readSession(cwd, "auto")).messages).toHaveLength(2);
    expect(await readSession(cwd, "auto__1")).toMatchObject({ messages: [], startContext: SUMMARY });
  });

  it("compacts before sending when the request would take the context over, then sends it on the summary", async () => {
    const setup = await setUp({ max: 6_000 });
    const { kernel, server, session } = setup;
    server.enqueue({ text: prose(400) });
    await kernel.runTurn(session, "short");
    expect(server.chatBodies()).toHaveLength(1);
    const request = prose(1_300);
    server.enqueue({ text: SUMMARY }, { text: "Answered on the summary." });
    expect((await kernel.runTurn(session, request)).status).toBe("done");
    const [, summaryRequest, sent] = server.chatBodies() as Array<{ messages: Array<{ role: string }> }>;
    expect(lastUserText(summaryRequest)).toContain("Make a compacted summary");
    expect(sent?.messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(lastUserText(sent)).toBe(request);
    expect(systemText(sent)).toContain(SUMMARY);
    expect(session.messages).toHaveLength(2);
  });

  it("puts the summary in place of MAIA.md when it compacts before sending, as /compact does", async () => {
    const setup = await setUp({ max: 6_000, maiaMd: "Always answer in haiku. MAIA-MD-MARKER" });
    const { kernel, server, session } = setup;
    expect(session.system).toContain("MAIA-MD-MARKER");
    server.enqueue({ text: prose(400) });
    await kernel.runTurn(session, "short");
    server.enqueue({ text: SUMMARY }, { text: "Answered on the summary." });
    expect((await kernel.runTurn(session, prose(1_300))).status).toBe("done");
    const sent = server.chatBodies()[2];
    expect(systemText(sent)).toContain(SUMMARY);
    expect(systemText(sent)).not.toContain("MAIA-MD-MARKER");
    expect(systemText(sent).split(SUMMARY)).toHaveLength(2);
    expect(session.system).not.toContain("MAIA-MD-MARKER");
  });

  it("does nothing at or under the threshold", async () => {
    const setup = await setUp({ max: 100_000 });
    const { kernel, server, session } = setup;
    server.enqueue({ text: prose(2_000) });
    await kernel.runTurn(session, "hello");
    expect(server.chatBodies()).toHaveLength(1);
    expect(session.messages).toHaveLength(2);
  });

  it("follows compaction.threshold, as a fraction or a token count, never above the seed's formula", async () => {
    const fraction = await setUp({ max: 100_000, compaction: { threshold: 0.01 } });
    expect(await fraction.compaction.threshold(fraction.session)).toBe(1_000);
    fraction.server.enqueue({ text: prose(1_200) }, { text: SUMMARY });
    await fraction.kernel.runTurn(fraction.session, "hello");
    expect(fraction.session.startContext).toBe(SUMMARY);
    const tokens = await setUp({ max: 10_000, compaction: { threshold: 9_000 } });
    expect(await tokens.compaction.threshold(tokens.session)).toBe(5_500);
    const smaller = await setUp({ max: 10_000, compaction: { threshold: 2_000 } });
    expect(await smaller.compaction.threshold(smaller.session)).toBe(2_000);
  });

  it("stays off while the maximum is unknown; /compact still works", async () => {
    const setup = await setUp();
    const { kernel, server, session, host } = setup;
    server.enqueue({ text: prose(5_000) });
    await kernel.runTurn(session, "hello");
    expect(server.chatBodies()).toHaveLength(1);
    expect(await setup.compaction.threshold(session)).toBeUndefined();
    server.enqueue({ text: SUMMARY });
    await runCommand(kernel, host, "compact");
    expect(host.current.startContext).toBe(SUMMARY);
  });

  it("warns when it fails, and the conversation continues unchanged", async () => {
    const setup = await setUp({ max: 6_000 });
    const { kernel, server, session } = setup;
    server.enqueue({ text: prose(2_000) }, { error: { status: 400, body: { error: { message: "summary refused" } } } });
    expect((await kernel.runTurn(session, "Write a lot")).status).toBe("done");
    expect(session.messages).toHaveLength(2);
    expect(warnings(setup).some((message) => /^Automatic compaction failed: .*summary refused.*\. The conversation continues unchanged\.$/.test(message))).toBe(true);
  });

  it("leaves the compacted conversation, readable and saved, when the turn after a compaction before sending fails", async () => {
    const setup = await setUp({ max: 6_000 });
    const { kernel, server, session, host, cwd } = setup;
    await runCommand(kernel, host, "rename", "fragile");
    server.enqueue({ text: prose(400) });
    await kernel.runTurn(session, "short");
    server.enqueue({ text: SUMMARY }, { error: { status: 400, body: { error: { message: "bad gateway story" } } } });
    expect((await kernel.runTurn(session, prose(1_300))).status).toBe("error");
    expect(session.messages).toEqual([]);
    expect(session.pendingContext).toEqual([]);
    expect(session.startContext).toBe(SUMMARY);
    expect(await readSession(cwd, "fragile__1")).toMatchObject({ messages: [], startContext: SUMMARY });
    server.enqueue({ text: "Back on track." });
    expect((await kernel.runTurn(session, "again")).status).toBe("done");
    expect((await readSession(cwd, "fragile__1")).messages).toHaveLength(2);
  });

  it("can be turned off (auto: false)", async () => {
    const setup = await setUp({ max: 6_000, compaction: { auto: false } });
    setup.server.enqueue({ text: prose(2_000) });
    await setup.kernel.runTurn(setup.session, "hello");
    expect(setup.server.chatBodies()).toHaveLength(1);
  });
});
