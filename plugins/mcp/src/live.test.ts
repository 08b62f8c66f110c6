import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import type { SlashCommand } from "@maia/kernel";
import { commandContext, createTestKernel, scriptedInteraction } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { maiaPerTest } from "@maia/testing-maia";
import { afterEach, expect, it } from "vitest";
import mcp, { type McpApi } from "./index.ts";
import { showView } from "./mcp-command.ts";
import { isRunning, startTestHttpServer, testServer, waitFor, writeMcpJson, type RunningTestHttp } from "./testing/servers.ts";

const litellm = await firstParty("litellm");

/** Live tool lists (`notifications/tools/list_changed`) and a stdio server killed mid-session, then reconnected. */
const bed = maiaPerTest(() => startFakeLiteLLM());
const ended: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const end of ended.splice(0)) await end();
});

/** Without the permissions plugin each MCP call asks: the scripted user says yes. */
async function start() {
  const test = await createTestKernel([litellm, mcp], { cwd: bed.cwd, homeDir: bed.home, allowRules: ["Mcp(fx)"], frontEnd: "tui" });
  const session = await test.kernel.createSession({ model: "fake-model" }, { interaction: scriptedInteraction(["yes", "yes", "yes", "yes"]) });
  ended.push(() => test.kernel.endSession(session));
  return { kernel: test.kernel, session, api: test.kernel.plugins.get<McpApi>("mcp")?.api as McpApi };
}

const offered = (body: unknown) => ((body as { tools?: Array<{ function: { name: string } }> }).tools ?? []).map((tool) => tool.function.name);
const toolMessages = (body: unknown) =>
  ((body as { messages: Array<{ role: string; content: string }> }).messages ?? []).filter((message) => message.role === "tool").map((message) => message.content);

it("a tools/list_changed notification changes the tools offered at the next request", async () => {
  await writeMcpJson(bed.home, { fx: testServer() });
  bed.server.enqueue({ toolCalls: [{ name: "mcp__fx__grow", arguments: {} }] }, { text: "grew" }, { text: "hello" });
  const { kernel, session } = await start();
  await kernel.runTurn(session, "grow");
  await kernel.runTurn(session, "and now?");
  const bodies = bed.server.chatBodies();
  expect(offered(bodies[0])).not.toContain("mcp__fx__grown");
  expect(offered(bodies[2])).toContain("mcp__fx__grown");
  expect(session.tools.has("mcp__fx__grown")).toBe(true);
});

it("prompts/ and resources/list_changed: /mcp NAME, the prompt commands and the @ completions follow", async () => {
  await writeMcpJson(bed.home, { fx: testServer("--list-pages", "1") });
  bed.server.enqueue({ toolCalls: [{ name: "mcp__fx__grow", arguments: {} }] }, { text: "grew" }, { text: "hello" });
  const { kernel, session, api } = await start();
  expect((await api.detail("fx", session))?.prompts.map((prompt) => prompt.command)).toEqual(["mcp__fx__prompt0_a", "mcp__fx__prompt0_b"]);
  expect(api.referenceCompletions(session).map((item) => item.value)).not.toContain("fx:test://grown");
  expect(kernel.plugins.commands.get("mcp__fx__grown_prompt")).toBeUndefined();
  await kernel.runTurn(session, "grow");
  // The next request waits for the lists being read again.
  await kernel.runTurn(session, "and now?");
  const detail = await api.detail("fx", session);
  expect(detail?.prompts.map((prompt) => prompt.command)).toContain("mcp__fx__grown_prompt");
  expect(detail?.resources.map((resource) => resource.uri)).toContain("test://grown");
  expect(api.referenceCompletions(session)).toContainEqual({ value: "fx:test://grown", hint: "grown resource" });
  expect(kernel.plugins.commands.get("mcp__fx__grown_prompt")).toBeDefined();
});

it("a stdio server killed during a call: the call answers an error, /mcp shows it, and it is connected again", async () => {
  const pidFile = path.join(bed.cwd, "fx.pid");
  await writeMcpJson(bed.home, { fx: testServer("--pid-file", pidFile) });
  bed.server.enqueue({ toolCalls: [{ name: "mcp__fx__slow", arguments: {} }] }, { text: "it was killed" });
  const { kernel, session, api } = await start();
  const turn = kernel.runTurn(session, "call slow");
  await waitFor(() => existsSync(`${pidFile}.slow`), 20_000);
  const first = Number(await readFile(pidFile, "utf8"));
  process.kill(first, "SIGKILL");
  await turn;
  const [message] = toolMessages(bed.server.chatBodies()[1]);
  expect(message).toMatch(/^MCP server "fx" is not available: the server process ended/);

  await waitFor(async () => (await api.status(session))[0]?.state === "ok", 20_000);
  const second = Number(await readFile(pidFile, "utf8"));
  expect(second).not.toBe(first);
  expect(isRunning(second)).toBe(true);
  bed.server.enqueue({ toolCalls: [{ name: "mcp__fx__echo", arguments: { text: "back" } }] }, { text: "ok" });
  await kernel.runTurn(session, "again");
  expect(toolMessages(bed.server.chatBodies()[3]).at(-1)).toBe("echo: back");
  const { context, lines } = commandContext(session, "");
  await (kernel.plugins.commands.get("mcp") as SlashCommand).run(context);
  expect(lines.join("\n")).toContain("- OK fx: 9 tools (stdio)");
});

it("a Streamable HTTP server that drops during a call: the call answers an error, /mcp shows it reconnecting, it comes back with backoff", async () => {
  const pidFile = path.join(bed.cwd, "fx.pid");
  let server: RunningTestHttp | undefined = await startTestHttpServer(["--pid-file", pidFile]);
  const port = server.port;
  ended.push(async () => server?.stop());
  await writeMcpJson(bed.home, { fx: { type: "http", url: server.url } });
  bed.server.enqueue({ toolCalls: [{ name: "mcp__fx__slow", arguments: {} }] }, { text: "it dropped" });
  const { kernel, session, api } = await start();
  const turn = kernel.runTurn(session, "call slow");
  await waitFor(() => existsSync(`${pidFile}.slow`), 20_000);
  // The process ends with the call in flight: its HTTP stream breaks, the server is gone.
  server.child.kill("SIGKILL");
  await server.stop();
  server = undefined;
  await turn;
  const [message] = toolMessages(bed.server.chatBodies()[1]);
  // Either the check of the server (a ping that gets no answer) or the call's own error comes first: the reason is
  // the lost connection, or the reconnection tried at once that found nothing listening.
  expect(message).toMatch(
    /^MCP server "fx" is not available: (the connection to the server was lost|cannot reach http:\/\/127\.0\.0\.1:\d+\/mcp: connect ECONNREFUSED \S+)\. The user can reconnect it with \/mcp reconnect fx\.$/,
  );
  expect(session.tools.has("mcp__fx__echo")).toBe(false);

  // While it is down, /mcp says it is being connected again (the attempts fail, the waits grow).
  await waitFor(async () => ((await api.status(session))[0]?.reconnecting?.attempt ?? 0) >= 2, 20_000);
  const down = commandContext(session, "");
  await (kernel.plugins.commands.get("mcp") as SlashCommand).run(down.context);
  expect(down.lines.join("\n")).toMatch(/- FAIL fx: .* \(connecting again, attempt \d+\)/);

  server = await startTestHttpServer(["--pid-file", pidFile], port);
  await waitFor(async () => (await api.status(session))[0]?.state === "ok", 40_000);
  bed.server.enqueue({ toolCalls: [{ name: "mcp__fx__echo", arguments: { text: "back" } }] }, { text: "ok" });
  await kernel.runTurn(session, "again");
  expect(toolMessages(bed.server.chatBodies()[3]).at(-1)).toBe("echo: back");
  const up = commandContext(session, "");
  await (kernel.plugins.commands.get("mcp") as SlashCommand).run(up.context);
  expect(up.lines.join("\n")).toContain("- OK fx: 9 tools (http)");
}, 90_000);

it("/mcp says when a server is being connected again", () => {
  const lines: string[] = [];
  const output = { info: (line: string) => lines.push(line), warn: (line: string) => lines.push(line), error: (line: string) => lines.push(line), text: (line: string) => lines.push(line) };
  showView(
    {
      servers: [{ key: "fx", state: "fail", reason: "the server process ended", tools: [], transport: "stdio", reconnecting: { attempt: 2 }, origin: "user", display: "node fx" }],
      notEnabled: [],
      disabled: [],
    },
    output,
  );
  expect(lines).toEqual(["MCP servers:\n- FAIL fx: the server process ended (connecting again, attempt 2)"]);
});
