import { existsSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { methods } from "@agentclientprotocol/sdk";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
import { runMaia } from "@maia/testing-maia";
import { acpPerTest, initialize } from "./testing/test-client.ts";

const bed = acpPerTest(() => startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: 64_000 } } }));

describe("maia acp: session modes", () => {
  it("offers default, acceptEdits and plan; set_mode to plan refuses a Write and tells the client current_mode_update", async () => {
    const acp = bed.start({ args: ["--model", "fake-model"], env: { MAIA_LANG: "en" } });
    await initialize(acp);
    const created = await acp.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    expect(created.modes?.currentModeId).toBe("default");
    expect(created.modes?.availableModes.map((mode) => mode.id)).toEqual(["default", "acceptEdits", "plan"]);
    const { sessionId } = created;

    await acp.connection.agent.request(methods.agent.session.setMode, { sessionId, modeId: "plan" });
    await acp.waitFor((notification) => notification.update.sessionUpdate === "current_mode_update" && notification.update.currentModeId === "plan");

    bed.server.enqueue({ toolCalls: [{ name: "Write", arguments: { path: "a.txt", content: "x" } }] }, { text: "My plan." });
    const answer = await acp.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "do it" }] });
    expect(answer.stopReason).toBe("end_turn");
    // Refused without asking the client, and the model is told to present a plan.
    expect(acp.permissionRequests).toEqual([]);
    expect(existsSync(path.join(bed.cwd, "a.txt"))).toBe(false);
    const tool = (bed.server.chatBodies()[1]?.messages ?? []).filter((message) => message.role === "tool").at(-1);
    expect(String(tool?.content)).toContain("present your plan");

    await expect(acp.connection.agent.request(methods.agent.session.setMode, { sessionId, modeId: "yolo" })).rejects.toMatchObject({ code: -32602 });
  });

  it("acceptEdits: a Write inside the folder runs without a permission request", async () => {
    const acp = bed.start({ args: ["--model", "fake-model"] });
    await initialize(acp);
    const { sessionId } = await acp.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    await acp.connection.agent.request(methods.agent.session.setMode, { sessionId, modeId: "acceptEdits" });
    bed.server.enqueue({ toolCalls: [{ name: "Write", arguments: { path: "b.txt", content: "x" } }] }, { text: "Done." });
    await acp.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "write" }] });
    expect(acp.permissionRequests).toEqual([]);
    expect(existsSync(path.join(bed.cwd, "b.txt"))).toBe(true);
  });

  it("--permission-mode plan: every new session starts in plan, says so in its modes, and refuses a Write without asking", async () => {
    const acp = bed.start({ args: ["--model", "fake-model", "--permission-mode", "plan"], env: { MAIA_LANG: "en" } });
    await initialize(acp);
    const first = await acp.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    expect(first.modes?.currentModeId).toBe("plan");
    const other = await mkdtemp(path.join(os.tmpdir(), "maia-acp-other-"));
    const second = await acp.connection.agent.request(methods.agent.session.new, { cwd: other, mcpServers: [] });
    expect(second.modes?.currentModeId).toBe("plan");

    bed.server.enqueue({ toolCalls: [{ name: "Write", arguments: { path: "a.txt", content: "x" } }] }, { text: "My plan." });
    await acp.connection.agent.request(methods.agent.session.prompt, { sessionId: first.sessionId, prompt: [{ type: "text", text: "do it" }] });
    expect(acp.permissionRequests).toEqual([]);
    expect(existsSync(path.join(bed.cwd, "a.txt"))).toBe(false);
    expect(JSON.stringify(bed.server.chatBodies()[0]?.messages?.[0])).toContain("Plan mode is on");
  });

  it("--permission-mode with an unknown value: exit code 2 and a message listing the valid modes, in French too", async () => {
    const run = await runMaia(["acp", "--permission-mode", "yolo"], { cwd: bed.cwd, home: bed.home, env: { MAIA_LANG: "fr" } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("mode de permission inconnu « yolo » (attendu : default, acceptEdits ou plan)");
    expect(run.stdout).toBe("");
  });
});
