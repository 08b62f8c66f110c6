import { mkdir, mkdtemp, readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { methods } from "@agentclientprotocol/sdk";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { runMaia } from "@maia/testing-maia";
import { describe, expect, it } from "vitest";
import { acpPerTest, foreignLines, initialize, selected, type AcpProcess } from "./testing/test-client.ts";

const MAX_INPUT = 64_000;
/** @modelcontextprotocol/server-everything, a devDependency of the MCP plugin, resolved from there. */
const fromMcpPlugin = createRequire(createRequire(import.meta.url).resolve("@maia/plugin-mcp"));
const EVERYTHING = path.join(path.dirname(fromMcpPlugin.resolve("@modelcontextprotocol/server-everything/package.json")), "dist", "index.js");
const bed = acpPerTest(() => startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: MAX_INPUT } } }));

function start(args: string[] = ["--model", "fake-model"]): AcpProcess {
  return bed.start({ args });
}

describe("maia acp: handshake", () => {
  it("answers initialize with protocol v1, its identity and capabilities, and no auth methods", async () => {
    const agent = start();
    const answer = await initialize(agent);
    expect(answer.protocolVersion).toBe(1);
    expect(answer.agentInfo).toMatchObject({ name: "maia", title: "MAIA" });
    expect(answer.authMethods).toEqual([]);
    expect(answer.agentCapabilities).toMatchObject({
      loadSession: true,
      promptCapabilities: { embeddedContext: true, image: false, audio: false },
      sessionCapabilities: { list: {}, close: {} },
    });
    expect(await agent.close()).toBe(0);
    expect(foreignLines(agent.stdout())).toEqual([]);
  });

  it("refuses a request before initialize", async () => {
    const agent = start();
    await expect(agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] })).rejects.toMatchObject({ code: -32600 });
  });

  it("answers a precise error for a relative cwd", async () => {
    const agent = start();
    await initialize(agent);
    await expect(agent.connection.agent.request(methods.agent.session.new, { cwd: "relative/folder", mcpServers: [] })).rejects.toMatchObject({
      code: -32602,
      message: 'cwd must be an absolute path, not "relative/folder"',
    });
  });
});

describe("maia acp: setup problems", () => {
  it("answers session/new with the precise reason when MAIA cannot start (no ~/.maia/settings.json)", async () => {
    const emptyHome = await mkdtemp(path.join(os.tmpdir(), "maia-acp-home-"));
    const acp = bed.start({ home: emptyHome, args: ["--model", "fake-model"] });
    await initialize(acp);
    const created = acp.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    await expect(created).rejects.toMatchObject({ code: -32603, message: expect.stringContaining(path.join(emptyHome, ".maia", "settings.json")) });
  });

  it("answers session/new with what to do when no model is configured", async () => {
    const agent = start([]);
    await initialize(agent);
    await expect(agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] })).rejects.toMatchObject({
      message: expect.stringContaining("Start the agent with maia acp --model <name>"),
    });
  });
});

describe("maia acp: sessions rooted in their folder", () => {
  it("builds each session on its own folder: its MAIA.md, its tools' launch folder, its saved sessions", async () => {
    const other = await mkdtemp(path.join(os.tmpdir(), "maia-acp-other-"));
    await writeFile(path.join(bed.cwd, "MAIA.md"), "Project rule: answer in haiku.\n");
    await writeFile(path.join(other, "MAIA.md"), "Other rule: answer in limericks.\n");
    bed.server.enqueue({ toolCalls: [{ id: "g", name: "Glob", arguments: { pattern: "*.md" } }] }, { text: "one" }, { text: "two" });
    // The agent itself runs in the home folder, as an editor may start it anywhere.
    const acp = bed.start({ cwd: bed.home, args: ["--model", "fake-model"] });
    await initialize(acp);
    const first = await acp.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    const second = await acp.connection.agent.request(methods.agent.session.new, { cwd: other, mcpServers: [] });
    await acp.connection.agent.request(methods.agent.session.prompt, { sessionId: first.sessionId, prompt: [{ type: "text", text: "list" }] });
    await acp.connection.agent.request(methods.agent.session.prompt, { sessionId: second.sessionId, prompt: [{ type: "text", text: "hi" }] });
    const systemOf = (index: number) => String(bed.server.chatBodies()[index]?.messages?.[0]?.content);
    expect(systemOf(0)).toContain("Project rule: answer in haiku.");
    expect(systemOf(0)).not.toContain("limericks");
    expect(systemOf(2)).toContain("Other rule: answer in limericks.");
    const globbed = acp.updates(first.sessionId, "tool_call_update").find((update) => update.toolCallId === "g" && update.status === "completed");
    expect(JSON.stringify(globbed?.content)).toContain("MAIA.md");
    expect(await acp.close()).toBe(0);
    expect(await readdir(path.join(bed.cwd, ".maia", ".sessions"))).toEqual([`${first.sessionId}.json`]);
    expect(await readdir(path.join(other, ".maia", ".sessions"))).toEqual([`${second.sessionId}.json`]);
  });
});

describe("maia acp: prompts", () => {
  it("streams the answer as agent_message_chunk updates and ends the turn", async () => {
    bed.server.enqueue({ text: ["Hel", "lo ", "world."] });
    const agent = start();
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    const answer = await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "say hello" }] });
    expect(answer).toEqual({ stopReason: "end_turn" });
    const chunks = agent.updates(sessionId, "agent_message_chunk").map((update) => (update.content.type === "text" ? update.content.text : ""));
    // As many chunks as MAIA read the model's stream in (one per read), in order.
    expect(chunks.join("")).toBe("Hello world.");
    expect(chunks.every((chunk) => chunk !== "")).toBe(true);
    expect(bed.server.chatBodies()[0]?.messages?.at(-1)).toEqual({ role: "user", content: "say hello" });
    expect(agent.updates(sessionId, "available_commands_update")[0]?.availableCommands.map((command) => command.name)).toContain("compact");
    expect(await agent.close()).toBe(0);
    expect(foreignLines(agent.stdout())).toEqual([]);
  });
});

describe("maia acp: tool calls and permissions", () => {
  it("asks with session/request_permission; allow_once runs the tool, reject_once refuses it", async () => {
    bed.server.enqueue(
      { toolCalls: [{ id: "w1", name: "Write", arguments: { path: "notes/a.txt", content: "first\n" } }] },
      { text: "Written." },
      { toolCalls: [{ id: "w2", name: "Write", arguments: { path: "b.txt", content: "second\n" } }] },
      { text: "Not written." },
    );
    const agent = start();
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });

    const first = await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "write a" }] });
    expect(first.stopReason).toBe("end_turn");
    expect(await readFile(path.join(bed.cwd, "notes/a.txt"), "utf8")).toBe("first\n");
    const [asked] = agent.permissionRequests;
    expect(asked?.toolCall).toMatchObject({
      toolCallId: "w1",
      title: "Write notes/a.txt",
      kind: "edit",
      locations: [{ path: path.join(bed.cwd, "notes/a.txt") }],
      content: [{ type: "diff", path: path.join(bed.cwd, "notes/a.txt"), oldText: null, newText: "first\n" }],
    });
    expect(asked?.options.map((option) => option.kind)).toEqual(expect.arrayContaining(["allow_once", "reject_once"]));
    const call = agent.updates(sessionId, "tool_call").find((update) => update.toolCallId === "w1");
    expect(call).toMatchObject({ kind: "edit", status: "pending", rawInput: { path: "notes/a.txt", content: "first\n" } });
    const statuses = agent.updates(sessionId, "tool_call_update").filter((update) => update.toolCallId === "w1").map((update) => update.status);
    expect(statuses).toEqual(["in_progress", "completed"]);

    agent.answer = () => selected("reject_once");
    const second = await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "write b" }] });
    expect(second.stopReason).toBe("end_turn");
    await expect(readFile(path.join(bed.cwd, "b.txt"), "utf8")).rejects.toMatchObject({ code: "ENOENT" });
    const refused = agent.updates(sessionId, "tool_call_update").filter((update) => update.toolCallId === "w2");
    expect(refused.map((update) => update.status)).toEqual(["failed"]);
    const toolMessage = bed.server.chatBodies()[3]?.messages?.find((message) => message.role === "tool" && message.tool_call_id === "w2");
    expect(String(toolMessage?.content)).toMatch(/refused|refusé/i);
  });
});

describe("maia acp: every call announced before it is asked about", () => {
  it("sends each call of a batch as tool_call — kind, locations, the tool's own diff of a CRLF file with a BOM — before its permission request", async () => {
    // A Windows file: CRLF line ends and a byte order mark. The model writes LF: Edit applies it, and so does its preview.
    await writeFile(path.join(bed.cwd, "win.txt"), "\uFEFFone\r\ntwo\r\nthree\r\n");
    bed.server.enqueue(
      // Edit wants the file read first.
      { toolCalls: [{ id: "r1", name: "Read", arguments: { file_path: "win.txt", offset: 1 } }] },
      {
        toolCalls: [
          { id: "e1", name: "Edit", arguments: { path: "win.txt", old_string: "two\nthree", new_string: "2\n3" } },
          { id: "w1", name: "Write", arguments: { path: "new.txt", content: "made\n" } },
        ],
      },
      { text: "Done." },
    );
    const agent = start();
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    // What the client had been told of each call when it was asked about it.
    const seenWhenAsked = new Map<string, unknown>();
    agent.answer = (request) => {
      seenWhenAsked.set(request.toolCall.toolCallId, agent.updates(sessionId, "tool_call").find((update) => update.toolCallId === request.toolCall.toolCallId));
      return selected("allow_once");
    };
    await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "edit" }] });
    expect(await readFile(path.join(bed.cwd, "win.txt"), "utf8")).toBe("\uFEFFone\r\n2\r\n3\r\n");
    const file = path.join(bed.cwd, "win.txt");
    const diff = { type: "diff", path: file, oldText: "one\r\ntwo\r\nthree\r\n", newText: "one\r\n2\r\n3\r\n" };
    expect(seenWhenAsked.get("e1")).toMatchObject({ status: "pending", kind: "edit", title: "Edit win.txt", locations: [{ path: file, line: 2 }], content: [diff] });
    expect(seenWhenAsked.get("w1")).toMatchObject({
      kind: "edit",
      locations: [{ path: path.join(bed.cwd, "new.txt") }],
      content: [{ type: "diff", path: path.join(bed.cwd, "new.txt"), oldText: null, newText: "made\n" }],
    });
    // The question shows the call as announced.
    expect(agent.permissionRequests.map((request) => request.toolCall.toolCallId)).toEqual(["r1", "e1", "w1"]);
    expect(agent.permissionRequests[1]?.toolCall).toMatchObject({ kind: "edit", locations: [{ path: file, line: 2 }], content: [diff] });
    // The model's file_path alias resolved as Read resolves it; the editor opens the file at the first line read.
    expect(seenWhenAsked.get("r1")).toMatchObject({ kind: "read", locations: [{ path: file, line: 1 }] });
    for (const id of ["e1", "r1", "w1"]) {
      const statuses = agent.updates(sessionId, "tool_call_update").filter((update) => update.toolCallId === id).map((update) => update.status);
      expect(statuses, id).toEqual(["in_progress", "completed"]);
    }
  });
});

describe("maia acp: why a Bash command asks", () => {
  it("puts the parts no rule covers in the permission request, as a text block under the call and in _meta, in French too", async () => {
    await mkdir(path.join(bed.cwd, ".maia"), { recursive: true });
    await writeFile(path.join(bed.cwd, ".maia", "settings.json"), `${JSON.stringify({ permissions: { allow: ["Bash(ls)"] } })}\n`);
    bed.server.enqueue(
      { toolCalls: [{ id: "b1", name: "Bash", arguments: { command: "ls && echo one > out.txt" } }] },
      { text: "ok" },
      { toolCalls: [{ id: "w1", name: "Write", arguments: { path: "a.txt", content: "x\n" } }] },
      { text: "ok" },
    );
    const acp = bed.start({ args: ["--model", "fake-model"], env: { MAIA_LANG: "fr" } });
    await initialize(acp);
    const { sessionId } = await acp.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    await acp.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "run" }] });
    const [bash] = acp.permissionRequests;
    expect(bash?.toolCall).toMatchObject({ toolCallId: "b1", kind: "execute", rawInput: { command: "ls && echo one > out.txt" } });
    const uncovered = (bash?.toolCall._meta as { maia?: { uncovered?: string[] } } | undefined)?.maia?.uncovered ?? [];
    expect(uncovered.some((part) => part.includes("non couvert par une règle allow : echo one"))).toBe(true);
    expect(uncovered.some((part) => part.includes("out.txt"))).toBe(true);
    expect(uncovered.some((part) => /: ls$/.test(part))).toBe(false);
    const [block] = bash?.toolCall.content ?? [];
    expect(block?.type).toBe("content");
    const text = block?.type === "content" && block.content.type === "text" ? block.content.text : "";
    expect(text.startsWith("Non couvert par une règle :\n```text\n")).toBe(true);
    for (const part of uncovered) expect(text).toContain(`• ${part}`);

    // A Write inside the folder asks for its own reason (no rule): its diff alone, no findings block.
    await acp.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "write" }] });
    const write = acp.permissionRequests[1];
    expect(write?.toolCall.content?.map((content) => content.type)).toEqual(["diff"]);
    expect(write?.toolCall._meta).toBeUndefined();
  });
});

describe("maia acp: MCP servers of the client", () => {
  it("connects a stdio server passed in session/new without an allow rule; its tool asks, then its result reaches the model", async () => {
    bed.server.enqueue({ toolCalls: [{ id: "m1", name: "mcp__everything__echo", arguments: { message: "from the editor" } }] }, { text: "Echoed." });
    const agent = start();
    const answer = await initialize(agent);
    expect(answer.agentCapabilities?.mcpCapabilities).toEqual({ http: true, sse: true });
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, {
      cwd: bed.cwd,
      mcpServers: [{ name: "everything", command: process.execPath, args: [EVERYTHING, "stdio"], env: [{ name: "MAIA_TEST", value: "1" }] }],
    });
    const done = await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "echo" }] });
    expect(done.stopReason).toBe("end_turn");
    const offered = ((bed.server.chatBodies()[0]?.tools ?? []) as Array<{ function: { name: string } }>).map((tool) => tool.function.name);
    expect(offered).toContain("mcp__everything__echo");
    expect(agent.permissionRequests).toHaveLength(1);
    expect(agent.permissionRequests[0]?.toolCall.toolCallId).toBe("m1");
    const toolMessage = bed.server.chatBodies()[1]?.messages?.find((message) => message.role === "tool" && message.tool_call_id === "m1");
    expect(toolMessage?.content).toBe("Echo: from the editor");
    const statuses = agent.updates(sessionId, "tool_call_update").filter((update) => update.toolCallId === "m1").map((update) => update.status);
    expect(statuses).toEqual(["in_progress", "completed"]);
    expect(await agent.close()).toBe(0);
    expect(foreignLines(agent.stdout())).toEqual([]);
  });
});

describe("maia acp: session/cancel", () => {
  it("stops a turn in the middle of the stream: cancelled, and the conversation is rolled back", async () => {
    bed.server.enqueue({ hang: true, text: "partial answer" }, { text: "fresh start" });
    const agent = start();
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    const prompt = agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "never mind" }] });
    await agent.waitFor((notification) => notification.update.sessionUpdate === "agent_message_chunk");
    await agent.connection.agent.notify(methods.agent.session.cancel, { sessionId });
    expect(await prompt).toEqual({ stopReason: "cancelled" });

    // The session goes on; the interrupted request is not part of the conversation any more (seed § 5.5.6).
    const next = await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "again" }] });
    expect(next.stopReason).toBe("end_turn");
    const sent = bed.server.chatBodies()[1]?.messages ?? [];
    expect(sent.filter((message) => message.role === "user").map((message) => message.content)).toEqual(["again"]);
  });

  it("stops a turn while a permission request is pending: the request is treated as cancelled", async () => {
    bed.server.enqueue({ toolCalls: [{ id: "w1", name: "Write", arguments: { path: "x.txt", content: "x" } }] });
    const agent = start();
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    let released = false;
    // A client that never answers by itself; it hears of the cancellation through $/cancel_request.
    agent.answer = (_request, signal) =>
      new Promise((resolve) =>
        signal.addEventListener("abort", () => {
          released = true;
          resolve({ outcome: { outcome: "cancelled" } });
        }),
      );
    const prompt = agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "write x" }] });
    await waitUntil(() => agent.permissionRequests.length === 1);
    await agent.connection.agent.notify(methods.agent.session.cancel, { sessionId });
    expect(await prompt).toEqual({ stopReason: "cancelled" });
    await expect(readFile(path.join(bed.cwd, "x.txt"), "utf8")).rejects.toMatchObject({ code: "ENOENT" });
    await waitUntil(() => released);
    // The tool call is closed for the client, not left pending; and the updates came before the answer.
    const updates = agent.updates(sessionId, "tool_call_update").filter((update) => update.toolCallId === "w1");
    expect(updates.at(-1)?.status).toBe("failed");
  });

  it("a cancelled answer of the client to a permission request stops the turn", async () => {
    bed.server.enqueue({ toolCalls: [{ id: "w1", name: "Write", arguments: { path: "y.txt", content: "y" } }] });
    const agent = start();
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    agent.answer = () => ({ outcome: { outcome: "cancelled" } });
    const answer = await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "write y" }] });
    expect(answer.stopReason).toBe("cancelled");
    expect(bed.server.pending()).toBe(0);
    expect(bed.server.chatBodies()).toHaveLength(1);
  });
});

async function waitUntil(test: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!test()) {
    if (Date.now() - started > timeoutMs) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("maia acp: saved sessions", () => {
  it("lists the folder's sessions and replays one with session/load before answering; the conversation goes on", async () => {
    await writeFile(path.join(bed.cwd, "README.md"), "# Demo\n");
    bed.server.enqueue(
      { toolCalls: [{ id: "r1", name: "Read", arguments: { path: "README.md" } }] },
      { text: "It is a demo." },
      { text: "Still a demo." },
    );
    const first = start();
    await initialize(first);
    const { sessionId } = await first.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    await first.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "what is this?" }] });
    expect(await first.close()).toBe(0);

    const second = start();
    await initialize(second);
    const listed = await second.connection.agent.request(methods.agent.session.list, { cwd: bed.cwd });
    expect(listed.sessions).toEqual([expect.objectContaining({ sessionId, cwd: bed.cwd, title: sessionId })]);

    await second.connection.agent.request(methods.agent.session.load, { sessionId, cwd: bed.cwd, mcpServers: [] });
    // Everything received before the answer: the history, in order, then the commands.
    const replayed = second.notifications.filter((notification) => notification.sessionId === sessionId).map((notification) => notification.update);
    const history = replayed.filter((update) => ["user_message_chunk", "tool_call", "agent_message_chunk"].includes(update.sessionUpdate));
    expect(history).toEqual([
      { sessionUpdate: "user_message_chunk", content: { type: "text", text: "what is this?" } },
      expect.objectContaining({
        sessionUpdate: "tool_call",
        toolCallId: "r1",
        title: "Read README.md",
        kind: "read",
        status: "completed",
        locations: [{ path: path.join(bed.cwd, "README.md") }],
        content: [{ type: "content", content: { type: "text", text: "     1\t# Demo" } }],
      }),
      { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "It is a demo." } },
    ]);
    expect(replayed.some((update) => update.sessionUpdate === "available_commands_update")).toBe(true);

    const answer = await second.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "sure?" }] });
    expect(answer.stopReason).toBe("end_turn");
    const sent = bed.server.chatBodies()[2]?.messages ?? [];
    expect(sent.filter((message) => message.role === "user").map((message) => message.content)).toEqual(["what is this?", "sure?"]);
  });

  it("session/load never rewrites the file, and answers in memory a tool call MAIA was killed in", async () => {
    const folder = path.join(bed.cwd, ".maia", ".sessions");
    await mkdir(folder, { recursive: true });
    const file = path.join(folder, "notes.json");
    const text = JSON.stringify({
      messages: [
        { role: "user", content: [{ type: "text", text: "read the notes" }] },
        { role: "assistant", content: [{ type: "tool_use", id: "k1", name: "Read", input: { path: "notes.md" } }] },
      ],
    });
    await writeFile(file, text);
    const agent = start();
    await initialize(agent);
    await agent.connection.agent.request(methods.agent.session.load, { sessionId: "notes", cwd: bed.cwd, mcpServers: [] });
    expect(await readFile(file, "utf8")).toBe(text);
    bed.server.enqueue({ text: "Reading again." });
    await agent.connection.agent.request(methods.agent.session.prompt, { sessionId: "notes", prompt: [{ type: "text", text: "go on" }] });
    const sent = bed.server.chatBodies().at(-1)?.messages ?? [];
    const call = sent.findIndex((message) => message.role === "assistant");
    expect(sent[call + 1]).toMatchObject({ role: "tool", tool_call_id: "k1", content: expect.stringContaining("not run: MAIA stopped before it finished") });
    expect(await agent.close()).toBe(0);
    expect(JSON.parse(await readFile(file, "utf8")).messages).toHaveLength(4);
  });

  it("answers a precise error for an unknown session id", async () => {
    const agent = start();
    await initialize(agent);
    await expect(
      agent.connection.agent.request(methods.agent.session.load, { sessionId: "no-such-session", cwd: bed.cwd, mcpServers: [] }),
    ).rejects.toMatchObject({ code: -32002, message: expect.stringContaining("no-such-session") });
  });
});

describe("maia acp: how turns end", () => {
  it("answers an LLM error as a JSON-RPC error carrying the provider's message", async () => {
    bed.server.enqueue({ error: { status: 400, body: { error: { message: "model fake-model does not exist" } } } });
    const agent = start();
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    const failed = agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "hi" }] });
    await expect(failed).rejects.toMatchObject({ code: -32603, message: expect.stringMatching(/LiteLLM answered HTTP 400 .*model fake-model does not exist/) });
  });

  it("reports max_tokens when the answer was cut, and max_turn_requests at the iteration limit", async () => {
    bed.server.enqueue(
      { text: "cut sho", finishReason: "length" },
      { toolCalls: [{ id: "g1", name: "Glob", arguments: { pattern: "*.md" } }] },
      { toolCalls: [{ id: "g2", name: "Glob", arguments: { pattern: "*.ts" } }] },
    );
    const agent = start(["--model", "fake-model", "--max-iterations", "2"]);
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    const cut = await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "long" }] });
    expect(cut.stopReason).toBe("max_tokens");
    const looping = await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "search" }] });
    expect(looping.stopReason).toBe("max_turn_requests");
    // The loop's own warning (seed § 6.2.3) reaches the editor as a notice.
    expect(agent.updates(sessionId, "notice").map((notice) => notice.title)).toContainEqual(expect.stringContaining("2 iterations"));
  });
});

describe("maia acp: what the editor sees", () => {
  it("sends usage_update with the model's window from the start, and grows it with each answer", async () => {
    bed.server.enqueue({ text: "short answer" });
    const agent = start();
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    await agent.waitFor((n) => n.sessionId === sessionId && n.update.sessionUpdate === "usage_update");
    const atStart = agent.updates(sessionId, "usage_update")[0];
    expect(atStart).toMatchObject({ size: MAX_INPUT });
    await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "tell me something" }] });
    const last = agent.updates(sessionId, "usage_update").at(-1);
    expect(last?.size).toBe(MAX_INPUT);
    expect(last?.used).toBeGreaterThan(atStart?.used ?? Infinity);
  });

  it("shows Edit as a diff of the whole file and TodoWrite as a plan", async () => {
    await writeFile(path.join(bed.cwd, "app.js"), "const a = 1;\nconst b = 2;\n");
    bed.server.enqueue(
      { toolCalls: [{ id: "r", name: "Read", arguments: { path: "app.js" } }] },
      {
        toolCalls: [
          { id: "e", name: "Edit", arguments: { path: "app.js", old_string: "const b = 2;", new_string: "const b = 3;" } },
          {
            id: "t",
            name: "TodoWrite",
            arguments: { todos: [{ content: "Change b", status: "completed" }, { content: "Run tests", status: "in_progress", activeForm: "Running tests" }] },
          },
        ],
      },
      { text: "Changed." },
    );
    const agent = start();
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "set b to 3" }] });
    expect(await readFile(path.join(bed.cwd, "app.js"), "utf8")).toBe("const a = 1;\nconst b = 3;\n");
    const edit = agent.updates(sessionId, "tool_call").find((update) => update.toolCallId === "e");
    expect(edit).toMatchObject({
      kind: "edit",
      locations: [{ path: path.join(bed.cwd, "app.js"), line: 2 }],
      content: [{ type: "diff", path: path.join(bed.cwd, "app.js"), oldText: "const a = 1;\nconst b = 2;\n", newText: "const a = 1;\nconst b = 3;\n" }],
    });
    expect(agent.updates(sessionId, "plan").at(-1)?.entries).toEqual([
      { content: "Change b", status: "completed", priority: "medium" },
      { content: "Running tests", status: "in_progress", priority: "medium" },
    ]);
  });

  it("runs a slash command sent as a prompt and shows its output", async () => {
    const agent = start();
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    const answer = await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "/nosuchcommand" }] });
    expect(answer.stopReason).toBe("end_turn");
    const said = agent.updates(sessionId, "agent_message_chunk").map((update) => (update.content.type === "text" ? update.content.text : ""));
    expect(said.join("")).toContain("Unknown command: /nosuchcommand");
    expect(bed.server.chatBodies()).toHaveLength(0);
  });
});

describe("maia acp: remembered answers", () => {
  it("allow_always writes the narrow rule to the launch folder's .maia/settings.json, and the same call no longer asks", async () => {
    await mkdir(path.join(bed.cwd, ".maia"), { recursive: true });
    await writeFile(path.join(bed.cwd, ".maia", "settings.json"), '{\n  "permissions": {\n    "deny": ["Bash(rm *)"]\n  },\n  "keep": true\n}\n');
    bed.server.enqueue(
      { toolCalls: [{ id: "b1", name: "Bash", arguments: { command: "echo one && echo two" } }] },
      { text: "ok" },
      { toolCalls: [{ id: "b2", name: "Bash", arguments: { command: "echo one && echo two" } }] },
      { text: "ok again" },
    );
    const agent = start();
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    agent.answer = () => selected("allow_always");
    await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "echo" }] });
    expect(JSON.parse(await readFile(path.join(bed.cwd, ".maia", "settings.json"), "utf8"))).toEqual({
      permissions: { deny: ["Bash(rm *)"], allow: ["Bash(echo one)", "Bash(echo two)"] },
      keep: true,
    });
    await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "echo again" }] });
    expect(agent.permissionRequests).toHaveLength(1);
    const output = agent.updates(sessionId, "tool_call_update").find((update) => update.toolCallId === "b2" && update.status === "completed");
    expect(JSON.stringify(output?.content)).toContain("one\\ntwo");
  });
});

describe("maia acp: always, through the permissions plugin", () => {
  it("reject_always writes the call's deny rule as the terminal would, says so, and the same call is refused without asking", async () => {
    bed.server.enqueue(
      { toolCalls: [{ id: "w1", name: "Write", arguments: { path: "secret/[key].txt", content: "x" } }] },
      { text: "refused" },
      { toolCalls: [{ id: "w2", name: "Write", arguments: { path: "secret/[key].txt", content: "y" } }] },
      { text: "denied" },
    );
    const agent = start();
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    agent.answer = () => selected("reject_always");
    await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "write" }] });
    expect(agent.permissionRequests[0]?.options.map((option) => option.kind)).toEqual(["allow_once", "allow_always", "reject_once", "reject_always"]);
    const settings = path.join(bed.cwd, ".maia", "settings.json");
    expect(JSON.parse(await readFile(settings, "utf8"))).toEqual({ permissions: { deny: ["Write(secret/\\[key\\].txt)"] } });
    const notices = agent.updates(sessionId, "notice").map((notice) => notice.title);
    expect(notices).toContain(`Rule added to ${settings}: Write(secret/\\[key\\].txt)`);
    await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "write again" }] });
    expect(agent.permissionRequests).toHaveLength(1);
    expect(agent.updates(sessionId, "tool_call_update").filter((update) => update.toolCallId === "w2").map((update) => update.status)).toEqual(["failed"]);
    await expect(readFile(path.join(bed.cwd, "secret/[key].txt"), "utf8")).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("offers no always when no rule can name the call exactly (a command holding *)", async () => {
    bed.server.enqueue({ toolCalls: [{ id: "b1", name: "Bash", arguments: { command: "echo a*b" } }] }, { text: "ok" });
    const agent = start();
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "echo" }] });
    expect(agent.permissionRequests[0]?.options.map((option) => option.kind)).toEqual(["allow_once", "reject_once"]);
  });
});

describe("maia acp: checkpoints", () => {
  it("records a checkpoint for an editor's turn, which `maia checkpoints restore` takes back from the terminal", async () => {
    bed.server.enqueue({ toolCalls: [{ id: "w1", name: "Write", arguments: { path: "made-by-editor.txt", content: "x\n" } }] }, { text: "Written." });
    const agent = start();
    await initialize(agent);
    const { sessionId } = await agent.connection.agent.request(methods.agent.session.new, { cwd: bed.cwd, mcpServers: [] });
    await agent.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "make a file" }] });
    expect(await readFile(path.join(bed.cwd, "made-by-editor.txt"), "utf8")).toBe("x\n");
    const listed = await runMaia(["checkpoints", "list", "--json"], { cwd: bed.cwd, home: bed.home });
    const [turn] = JSON.parse(listed.stdout) as Array<{ id: string; prompt: string; files: Array<{ path: string; status: string }> }>;
    expect(turn).toMatchObject({ prompt: "make a file", files: [{ path: "made-by-editor.txt", status: "A" }] });
    const restored = await runMaia(["checkpoints", "restore", turn?.id ?? "", "--files-only", "--yes"], { cwd: bed.cwd, home: bed.home });
    expect(restored.code, restored.stderr).toBe(0);
    await expect(readFile(path.join(bed.cwd, "made-by-editor.txt"), "utf8")).rejects.toMatchObject({ code: "ENOENT" });
  });
});
