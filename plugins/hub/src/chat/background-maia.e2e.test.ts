import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { eventually, processesMatching, tempFolder } from "@maia/testing-maia";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ToolCall } from "../protocol.ts";
import { ChatHarness, maiaAgent } from "./testing/chat-harness.ts";

/**
 * The commands MAIA runs in the background for a thread (issue 39), seen from the hub: this MAIA in ACP mode (the
 * built bundle) against the fake LiteLLM server, the hub in this process as `maia hub` runs it.
 */
let server: FakeLiteLLM;
let cwd: string;
let harness: ChatHarness;

beforeEach(async () => {
  server = await startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: 64_000 } } });
  const home = await tempFolder("maia-hub-bg-home-");
  cwd = await tempFolder("maia-hub-bg-project-");
  // `sleep` outside the OS sandbox, whose processes die with MAIA by themselves: only MAIA's own stopping counts.
  server.writeSettings(home, { permissions: { allow: ["Bash(sleep *)"] } });
  await mkdir(path.join(cwd, ".maia"), { recursive: true });
  await writeFile(path.join(cwd, ".maia", "settings.json"), JSON.stringify({ sandbox: { excludedCommands: ["sleep"] } }));
  harness = await ChatHarness.start({ agents: [maiaAgent("maia", home, cwd)] });
});

afterEach(async () => {
  await harness.close();
  await server.close();
});

/** A number no other test's command uses, so that pgrep finds this test's processes only. */
const unique = () => 70_000 + Math.floor(Math.random() * 20_000);

function toolCall(id: string): ToolCall | undefined {
  for (const message of harness.hub.chat.conversation("maia").messages) {
    for (const part of message.parts) if (part.kind === "tool" && part.toolCall.id === id) return part.toolCall;
  }
  return undefined;
}

async function startInBackground(n: number): Promise<void> {
  server.enqueue({ toolCalls: [{ id: "b1", name: "Bash", arguments: { command: `sleep ${n}`, run_in_background: true } }] }, { text: "It runs." });
  const reply = await harness.reply("maia", harness.hub.chat.send("maia", "start it"));
  expect(reply.stopReason).toBe("end_turn");
  // The turn is over; the command runs on, and the thread shows it running.
  expect(await eventually(() => toolCall("b1")?.background?.running === true, 10_000)).toBe(true);
  expect(toolCall("b1")).toMatchObject({ status: "in_progress", background: { id: "bash_1", running: true } });
  expect((await processesMatching(`sleep ${n}`)).length).toBeGreaterThan(0);
}

describe("the hub and MAIA's background commands", () => {
  it("shows a thread's background command running after the turn, and Stop (StopBackground) ends it", async () => {
    const n = unique();
    await startInBackground(n);
    await harness.hub.services.ChatService.StopBackground("maia", "b1");
    expect(await eventually(() => toolCall("b1")?.background?.running === false, 10_000)).toBe(true);
    expect(toolCall("b1")?.status).toBe("failed");
    expect(await processesMatching(`sleep ${n}`)).toEqual([]);
    // Stopping it again is an error that says why.
    await expect(Promise.resolve(harness.hub.services.ChatService.StopBackground("maia", "b1"))).rejects.toThrow(
      "No command started by the tool call b1 runs in the background in maia's current thread.",
    );
  });

  it("stopping the agent stops its background commands, and the thread no longer shows them running", async () => {
    const n = unique();
    await startInBackground(n);
    await harness.hub.services.AgentService.Stop("maia");
    expect(await eventually(async () => (await processesMatching(`sleep ${n}`)).length === 0, 10_000)).toBe(true);
    expect(toolCall("b1")?.background).toEqual({ id: "bash_1", running: false });
  });
});
