import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { methods } from "@agentclientprotocol/sdk";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { initialize, startAcp, type AcpProcess } from "./test-client.ts";

/** `maia acp` honours the user's hooks as `maia -p` does: a PreToolUse block, a Notification while a permission waits. */
let server: FakeLiteLLM;
let home: string;
let cwd: string;
let acp: AcpProcess | undefined;

beforeEach(async () => {
  server = await startFakeLiteLLM();
  home = await mkdtemp(path.join(os.tmpdir(), "maia-acp-home-"));
  cwd = await mkdtemp(path.join(os.tmpdir(), "maia-acp-proj-"));
});
afterEach(async () => {
  await acp?.close();
  acp = undefined;
  await server.close();
});

async function until(test: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !test(); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe("maia acp: user hooks", { timeout: 120_000 }, () => {
  it("a PreToolUse exit 2 blocks the call without a permission request; a Notification hook runs while one waits", async () => {
    const guard = path.join(home, "guard.sh");
    await writeFile(guard, '#!/bin/bash\ngrep -q secret && { echo "secrets stay out" >&2; exit 2; }\nexit 0\n');
    await chmod(guard, 0o755);
    const notified = path.join(home, "notified.json");
    await server.writeSettings(home, {
      hooks: {
        PreToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: guard }] }],
        Notification: [{ hooks: [{ type: "command", command: `cat > ${notified}` }] }],
      },
    });
    server.enqueue(
      { toolCalls: [{ id: "w1", name: "Write", arguments: { path: "secret.txt", content: "x\n" } }] },
      { text: "Blocked." },
      { toolCalls: [{ id: "w2", name: "Write", arguments: { path: "ok.txt", content: "y\n" } }] },
      { text: "Written." },
    );
    acp = startAcp({ cwd, home, args: ["--model", "fake-model"] });
    await initialize(acp);
    const { sessionId } = await acp.connection.agent.request(methods.agent.session.new, { cwd, mcpServers: [] });

    await acp.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "write the secret" }] });
    expect(existsSync(path.join(cwd, "secret.txt"))).toBe(false);
    expect(acp.permissionRequests).toHaveLength(0);
    const blocked = server.chatBodies()[1]?.messages?.find((message) => message.role === "tool" && message.tool_call_id === "w1");
    expect(String(blocked?.content)).toContain("secrets stay out");

    await acp.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "write ok" }] });
    expect(await readFile(path.join(cwd, "ok.txt"), "utf8")).toBe("y\n");
    expect(acp.permissionRequests).toHaveLength(1);
    await until(() => existsSync(notified));
    expect(JSON.parse(await readFile(notified, "utf8"))).toMatchObject({
      hook_event_name: "Notification",
      notification_type: "permission_prompt",
      message: expect.stringContaining("Write"),
      cwd,
    });
  });
});
