import { existsSync } from "node:fs";
import path from "node:path";
import { methods } from "@agentclientprotocol/sdk";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { tempFolder } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { acpPerTest, initialize } from "./testing/test-client.ts";

const bed = acpPerTest(() => startFakeLiteLLM());

// `maia acp` (so every hub agent) with the real bubblewrap: the flag clients show, and the question to leave.
describe.runIf(process.platform === "linux")("maia acp: Bash in the OS sandbox", () => {
  it("flags a Bash call sandboxed in _meta, and asks for dangerouslyDisableSandbox even under an allow rule", async () => {
    const outside = await tempFolder("maia-acp-sbx-");
    bed.server.writeSettings(bed.home, { sandbox: { autoAllowBashIfSandboxed: true }, permissions: { allow: ["Bash(touch *)"] } });
    bed.server.enqueue(
      { toolCalls: [{ id: "b1", name: "Bash", arguments: { command: `touch inside.txt ${outside}/refused` } }] },
      { text: "ok" },
      { toolCalls: [{ id: "b2", name: "Bash", arguments: { command: `touch ${outside}/out`, dangerouslyDisableSandbox: true } }] },
      { text: "ok" },
    );
    const acp = bed.start({ args: ["--model", "fake-model"] });
    await initialize(acp);
    const { sessionId } = await acp.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    await acp.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "first" }] });
    expect(acp.permissionRequests).toHaveLength(0);
    expect(existsSync(path.join(bed.cwd, "inside.txt"))).toBe(true);
    expect(existsSync(path.join(outside, "refused"))).toBe(false);
    const flag = (id: string) =>
      acp
        .updates(sessionId, "tool_call_update")
        .filter((update) => update.toolCallId === id && update.status !== undefined && update.status !== "in_progress")
        .map((update) => (update._meta as { maia?: { sandboxed?: boolean } } | undefined)?.maia?.sandboxed);
    expect(flag("b1")).toEqual([true]);

    await acp.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "second" }] });
    expect(acp.permissionRequests).toHaveLength(1);
    expect(existsSync(path.join(outside, "out"))).toBe(true);
    expect(flag("b2")).toEqual([false]);
  });
});
