import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { methods, type SessionNotification, type ToolCallUpdate } from "@agentclientprotocol/sdk";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { eventually, processesMatching } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { acpPerTest, initialize, type AcpProcess } from "./testing/test-client.ts";

const bed = acpPerTest(() => startFakeLiteLLM());

/** A number no other test's command uses, so that pgrep finds this test's processes only. */
const unique = () => 70_000 + Math.floor(Math.random() * 20_000);
const bash = (id: string, command: string) => ({ toolCalls: [{ id, name: "Bash", arguments: { command, run_in_background: true } }] });

type Background = { id?: string; running?: boolean };
const backgroundOf = (update: ToolCallUpdate): Background | undefined => (update._meta as { maia?: { background?: Background } } | undefined)?.maia?.background;
const textOf = (update: ToolCallUpdate) => (update.content ?? []).map((item) => (item.type === "content" && item.content.type === "text" ? item.content.text : "")).join("\n");

function callUpdate(sessionId: string, toolCallId: string, test: (update: ToolCallUpdate) => boolean) {
  return (notification: SessionNotification) =>
    notification.sessionId === sessionId &&
    notification.update.sessionUpdate === "tool_call_update" &&
    notification.update.toolCallId === toolCallId &&
    test(notification.update);
}

/** `sleep` outside the OS sandbox, whose processes die with MAIA by themselves: only MAIA's own stopping counts. */
async function sleepOutsideSandbox(): Promise<void> {
  await mkdir(path.join(bed.cwd, ".maia"), { recursive: true });
  await writeFile(path.join(bed.cwd, ".maia", "settings.json"), JSON.stringify({ sandbox: { excludedCommands: ["sleep"] } }));
}

async function openSession(acp: AcpProcess): Promise<string> {
  await initialize(acp);
  const { sessionId } = await acp.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
  return sessionId;
}

function prompt(acp: AcpProcess, sessionId: string, text: string) {
  return acp.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text }] });
}

describe("maia acp: commands in the background", () => {
  it("keeps the call in_progress after the turn, reports the output as it comes, and ends it with the command", async () => {
    const gate = path.join(bed.cwd, "gate");
    bed.server.enqueue(bash("b1", `echo tick1; echo tick2; while [ ! -e ${gate} ]; do sleep 0.05; done; echo bye`), { text: "Started." });
    const acp = bed.start({ args: ["--model", "fake-model"] });
    const sessionId = await openSession(acp);
    expect((await prompt(acp, sessionId, "start it")).stopReason).toBe("end_turn");
    // The turn is over; the call is not: in progress, named, its output so far sent.
    const running = await acp.waitFor(callUpdate(sessionId, "b1", (update) => textOf(update).includes("tick2")));
    const update = running.update as ToolCallUpdate;
    expect(update.status).toBe("in_progress");
    expect(backgroundOf(update)).toEqual({ id: "bash_1", running: true });
    expect(textOf(update)).toMatch(/^Command running in the background with ID: bash_1\.[^]*\ntick1\ntick2/);
    // No update of the turn said it failed.
    expect(acp.updates(sessionId, "tool_call_update").filter((one) => one.toolCallId === "b1" && one.status === "failed")).toEqual([]);

    await writeFile(gate, "");
    const ended = await acp.waitFor(callUpdate(sessionId, "b1", (one) => one.status === "completed"));
    expect(backgroundOf(ended.update as ToolCallUpdate)).toEqual({ id: "bash_1", running: false });
    expect(textOf(ended.update as ToolCallUpdate)).toContain("tick1\ntick2\nbye");
  });

  it("stops one with _maia/background/kill (the hub's Stop button): the call ends failed, the process is gone", async () => {
    const n = unique();
    bed.server.enqueue(bash("b1", `sleep ${n}`), { text: "Started." });
    const acp = bed.start({ args: ["--model", "fake-model"] });
    const sessionId = await openSession(acp);
    await prompt(acp, sessionId, "start it");
    expect(await eventually(async () => (await processesMatching(`sleep ${n}`)).length > 0, 10_000)).toBe(true);
    expect(await acp.connection.agent.request("_maia/background/kill", { sessionId, shellId: "bash_1" })).toEqual({ killed: true });
    const ended = await acp.waitFor(callUpdate(sessionId, "b1", (one) => one.status === "failed"));
    expect(backgroundOf(ended.update as ToolCallUpdate)).toEqual({ id: "bash_1", running: false });
    expect(await processesMatching(`sleep ${n}`)).toEqual([]);
    await expect(acp.connection.agent.request("_maia/background/kill", { sessionId, shellId: "bash_9" })).rejects.toMatchObject({
      code: -32602,
      message: "This session has no background command bash_9.",
    });
  });

  const ends: Array<[string, (acp: AcpProcess, sessionId: string) => Promise<unknown>]> = [
    ["/new", (acp, sessionId) => prompt(acp, sessionId, "/new")],
    ["/load", (acp, sessionId) => prompt(acp, sessionId, `/load ${sessionId}`)],
    ["session/close", (acp, sessionId) => acp.connection.agent.request(methods.agent.session.close, { sessionId })],
    ["the client going away (stdin closed)", (acp) => acp.close()],
    ["SIGTERM (the hub's stop after stdin)", async (acp) => process.kill(acp.pid ?? 0, "SIGTERM")],
  ];
  for (const [how, end] of ends) {
    it(`stops the session's background commands on ${how}`, async () => {
      const n = unique();
      await sleepOutsideSandbox();
      bed.server.enqueue(bash("b1", `sleep ${n}`), { text: "Started." });
      const acp = bed.start({ args: ["--model", "fake-model"] });
      const sessionId = await openSession(acp);
      await prompt(acp, sessionId, "start it");
      expect(await eventually(async () => (await processesMatching(`sleep ${n}`)).length > 0, 10_000)).toBe(true);
      await end(acp, sessionId);
      expect(await eventually(async () => (await processesMatching(`sleep ${n}`)).length === 0, 10_000)).toBe(true);
    });
  }

  it("keeps them across a compaction: the conversation goes on", async () => {
    const n = unique();
    bed.server.enqueue(bash("b1", `sleep ${n}`), { text: "Started." }, { text: "## Summary\n- a server runs" });
    const acp = bed.start({ args: ["--model", "fake-model"] });
    const sessionId = await openSession(acp);
    await prompt(acp, sessionId, "start it");
    await prompt(acp, sessionId, "/compact");
    expect((await processesMatching(`sleep ${n}`)).length).toBeGreaterThan(0);
    expect(await acp.connection.agent.request("_maia/background/kill", { sessionId, shellId: "bash_1" })).toEqual({ killed: true });
    expect(await processesMatching(`sleep ${n}`)).toEqual([]);
  });
});
