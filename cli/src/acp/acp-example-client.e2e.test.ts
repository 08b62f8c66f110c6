import { mkdtemp, readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable, Writable } from "node:stream";
import * as acp from "@agentclientprotocol/sdk";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { expect, it } from "vitest";
import { spawnMaia } from "@maia/testing-maia";

/**
 * The client of the SDK's published examples (src/examples/client.ts of agentclientprotocol/typescript-sdk,
 * 2.x API), kept as the example writes it — an `ExampleClient` whose handlers the app forwards to, a session
 * through `buildSession(...).withSession(...)`, updates read with `nextUpdate()` until `stop` — with the
 * interactive choice replaced by the first option offered. It talks to `maia acp` as its example agent.
 */
class ExampleClient {
  readonly seen: string[] = [];

  async requestPermission(params: acp.RequestPermissionRequest): Promise<acp.RequestPermissionResponse> {
    this.seen.push(`permission: ${params.toolCall.title}`);
    const [first] = params.options;
    return { outcome: { outcome: "selected", optionId: first?.optionId ?? "" } };
  }

  async sessionUpdate(params: acp.SessionNotification): Promise<void> {
    const update = params.update;
    switch (update.sessionUpdate) {
      case "agent_message_chunk":
        this.seen.push(update.content.type === "text" ? update.content.text : `[${update.content.type}]`);
        break;
      case "tool_call":
        this.seen.push(`tool: ${update.title} (${update.status})`);
        break;
      case "tool_call_update":
        this.seen.push(`tool ${update.toolCallId}: ${update.status}`);
        break;
      default:
        break;
    }
  }

  async writeTextFile(_params: acp.WriteTextFileRequest): Promise<acp.WriteTextFileResponse> {
    return {};
  }

  async readTextFile(_params: acp.ReadTextFileRequest): Promise<acp.ReadTextFileResponse> {
    return { content: "Mock file content" };
  }
}

it("works with the ACP client of the SDK's published examples", async () => {
  const server = await startFakeLiteLLM({
    modelInfo: { "fake-model": { max_input_tokens: 32_000 } },
    script: [{ toolCalls: [{ id: "w1", name: "Write", arguments: { path: "hello.txt", content: "Hello, agent!\n" } }] }, { text: ["Hello", ", client!"] }],
  });
  const home = await mkdtemp(path.join(os.tmpdir(), "maia-acp-home-"));
  const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-acp-proj-"));
  await server.writeSettings(home);
  const agentProcess = spawnMaia(["acp", "--model", "fake-model"], { cwd, home });
  try {
    const input = Writable.toWeb(agentProcess.stdin);
    const output = Readable.toWeb(agentProcess.stdout) as ReadableStream<Uint8Array>;
    const client = new ExampleClient();
    const stream = acp.ndJsonStream(input, output);

    const promptResult = await acp
      .client({ name: "example-client" })
      .onRequest(acp.methods.client.session.requestPermission, (ctx) => client.requestPermission(ctx.params))
      .onRequest(acp.methods.client.fs.writeTextFile, (ctx) => client.writeTextFile(ctx.params))
      .onRequest(acp.methods.client.fs.readTextFile, (ctx) => client.readTextFile(ctx.params))
      .connectWith(stream, async (agent) => {
        const initResult = await agent.request(acp.methods.agent.initialize, {
          protocolVersion: acp.PROTOCOL_VERSION,
          clientCapabilities: { fs: { readTextFile: true, writeTextFile: true } },
        });
        expect(initResult.protocolVersion).toBe(1);
        return agent.buildSession(cwd).withSession(async (session) => {
          void session.prompt("Hello, agent!");
          for (;;) {
            const message = await session.nextUpdate();
            if (message.kind === "stop") return message.response;
            await client.sessionUpdate(message.notification);
          }
        });
      });

    expect(promptResult.stopReason).toBe("end_turn");
    expect(client.seen.slice(0, 4)).toEqual(["tool: Write hello.txt (pending)", "permission: Write hello.txt", "tool w1: in_progress", "tool w1: completed"]);
    // The answer's text, in as many chunks as MAIA read it in (one per read of the model's stream).
    expect(client.seen.slice(4).join("")).toBe("Hello, client!");
    expect(await readFile(path.join(cwd, "hello.txt"), "utf8")).toBe("Hello, agent!\n");
  } finally {
    agentProcess.kill();
    await server.close();
  }
});
