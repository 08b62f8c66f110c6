import { existsSync } from "node:fs";
import { chmod, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { methods } from "@agentclientprotocol/sdk";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { describe, expect, it } from "vitest";
import { acpPerTest, initialize } from "./testing/test-client.ts";

/** `maia acp` honours the user's hooks as `maia -p` does: a PreToolUse block, a Notification while a permission waits. */
const bed = acpPerTest(() => startFakeLiteLLM());

async function until(test: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !test(); attempt += 1) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe("maia acp: user hooks", { timeout: 120_000 }, () => {
  it("a PreToolUse exit 2 blocks the call without a permission request; a Notification hook runs while one waits", async () => {
    const guard = path.join(bed.home, "guard.sh");
    await writeFile(guard, '#!/bin/bash\ngrep -q secret && { echo "secrets stay out" >&2; exit 2; }\nexit 0\n');
    await chmod(guard, 0o755);
    const notified = path.join(bed.home, "notified.json");
    await bed.server.writeSettings(bed.home, {
      hooks: {
        PreToolUse: [{ matcher: "Write", hooks: [{ type: "command", command: guard }] }],
        Notification: [{ hooks: [{ type: "command", command: `cat > ${notified}` }] }],
      },
    });
    bed.server.enqueue(
      { toolCalls: [{ id: "w1", name: "Write", arguments: { path: "secret.txt", content: "x\n" } }] },
      { text: "Blocked." },
      { toolCalls: [{ id: "w2", name: "Write", arguments: { path: "ok.txt", content: "y\n" } }] },
      { text: "Written." },
    );
    const acp = bed.start({ args: ["--model", "fake-model"] });
    await initialize(acp);
    const { sessionId } = await acp.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });

    await acp.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "write the secret" }] });
    expect(existsSync(path.join(bed.cwd, "secret.txt"))).toBe(false);
    expect(acp.permissionRequests).toHaveLength(0);
    const blocked = bed.server.chatBodies()[1]?.messages?.find((message) => message.role === "tool" && message.tool_call_id === "w1");
    expect(String(blocked?.content)).toContain("secrets stay out");
    // Every run is one line of the log (ACP's is stderr): event, command, outcome, duration.
    expect(acp.stderr()).toMatch(new RegExp(`INFO .*hook PreToolUse \`${guard.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}\`: exited with code 2, \\d+ ms`));

    await acp.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "write ok" }] });
    expect(await readFile(path.join(bed.cwd, "ok.txt"), "utf8")).toBe("y\n");
    expect(acp.permissionRequests).toHaveLength(1);
    await until(() => existsSync(notified));
    expect(JSON.parse(await readFile(notified, "utf8"))).toMatchObject({
      hook_event_name: "Notification",
      notification_type: "permission_prompt",
      message: expect.stringContaining("Write"),
      cwd: bed.cwd,
    });
  });

  it("PermissionRequest (Claude Code's) answers the question MAIA was about to ask: allow runs the call, deny refuses it", async () => {
    const answer = path.join(bed.home, "answer.sh");
    const seen = path.join(bed.home, "requests.jsonl");
    await writeFile(
      answer,
      `#!/bin/bash\ninput=$(cat); echo "$input" >> ${seen}\ncase "$input" in *yes.txt*) b=allow;; *) b=deny;; esac\necho "{\\"hookSpecificOutput\\":{\\"hookEventName\\":\\"PermissionRequest\\",\\"decision\\":{\\"behavior\\":\\"$b\\",\\"message\\":\\"not that one\\"}}}"\n`,
    );
    await chmod(answer, 0o755);
    await bed.server.writeSettings(bed.home, { hooks: { PermissionRequest: [{ matcher: "Write", hooks: [{ type: "command", command: answer }] }] } });
    bed.server.enqueue(
      { toolCalls: [{ id: "w1", name: "Write", arguments: { path: "yes.txt", content: "y\n" } }, { id: "w2", name: "Write", arguments: { path: "no.txt", content: "n\n" } }] },
      { text: "Done." },
    );
    const acp = bed.start({ args: ["--model", "fake-model"] });
    await initialize(acp);
    const { sessionId } = await acp.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    await acp.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "write both" }] });
    expect(acp.permissionRequests).toHaveLength(0);
    expect(await readFile(path.join(bed.cwd, "yes.txt"), "utf8")).toBe("y\n");
    expect(existsSync(path.join(bed.cwd, "no.txt"))).toBe(false);
    const requests = (await readFile(seen, "utf8")).trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(requests[0]).toMatchObject({ hook_event_name: "PermissionRequest", tool_name: "Write", tool_input: { path: "yes.txt" }, cwd: bed.cwd });
    // What "always allow" would add, as Claude Code's permission_suggestions.
    expect(requests[0]?.permission_suggestions).toEqual([{ type: "addRules", rules: [expect.stringContaining("yes.txt")], behavior: "allow" }]);
  });

  it("SessionStart runs with source startup for session/new and resume for session/load", async () => {
    const log = path.join(bed.home, "starts.jsonl");
    await bed.server.writeSettings(bed.home, { hooks: { SessionStart: [{ hooks: [{ type: "command", command: `cat >> ${log}; echo >> ${log}` }] }] } });
    bed.server.enqueue({ text: "First answer." });
    const first = bed.start({ args: ["--model", "fake-model"] });
    await initialize(first);
    const { sessionId } = await first.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    await first.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "hello" }] });
    expect(await first.close()).toBe(0);

    const second = bed.start({ args: ["--model", "fake-model"] });
    await initialize(second);
    await second.connection.agent.request(methods.agent.session.load, { sessionId, cwd: bed.cwd, mcpServers: [] });
    const sources = (await readFile(log, "utf8")).split("\n").filter(Boolean).map((line) => (JSON.parse(line) as { source?: string }).source);
    expect(sources).toEqual(["startup", "resume"]);
  });
});
