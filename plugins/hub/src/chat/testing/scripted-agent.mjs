// An ACP agent built with the SDK's agent side, for what `maia acp` does not send: thoughts, terminals,
// fs/read_text_file and fs/write_text_file (and a refused path), tool call content of every kind, a usage_update
// without a size. The prompt's first word picks the scenario; what the client answered is reported in the
// answer's text (as JSON after "result="), so a test reads it from the conversation like a user would.
// Logs `pid=<pid>` and `capabilities=<json>` on stderr at start.
import path from "node:path";
import { Readable, Writable } from "node:stream";
import { agent, methods, ndJsonStream } from "@agentclientprotocol/sdk";

process.stderr.write(`pid=${process.pid}\n`);
let capabilities = {};
const cancelled = new Map();

const say = (client, sessionId, text, kind = "agent_message_chunk") =>
  client.notify(methods.client.session.update, { sessionId, update: { sessionUpdate: kind, content: { type: "text", text } } });
const update = (client, sessionId, fields) => client.notify(methods.client.session.update, { sessionId, update: fields });
const attempt = async (call) => {
  try {
    return { ok: await call() };
  } catch (error) {
    return { error: error.message, code: error.code };
  }
};
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const scenarios = {
  // Two thought chunks, then the answer in two chunks.
  async thought({ client, sessionId }) {
    await say(client, sessionId, "Let me think", "agent_thought_chunk");
    await say(client, sessionId, " about it.", "agent_thought_chunk");
    await say(client, sessionId, "The answer ");
    await say(client, sessionId, "is 42.");
    return "end_turn";
  },

  // Every kind of tool call content, locations, raw input and output; then a usage_update without a size.
  async content({ client, sessionId, cwd }) {
    const file = path.join(cwd, "a.txt");
    await update(client, sessionId, {
      sessionUpdate: "tool_call",
      toolCallId: "c1",
      title: "Show things",
      kind: "read",
      status: "pending",
      rawInput: { path: file, deep: { list: [1, 2] } },
      locations: [{ path: file, line: 3 }, { path: cwd }],
    });
    await update(client, sessionId, {
      sessionUpdate: "tool_call_update",
      toolCallId: "c1",
      status: "completed",
      content: [
        { type: "content", content: { type: "text", text: "plain text" } },
        { type: "content", content: { type: "resource", resource: { uri: `file://${file}`, text: "embedded text" } } },
        { type: "diff", path: file, oldText: "old\n", newText: "new\n" },
        { type: "diff", path: path.join(cwd, "b.txt"), newText: "created\n" },
      ],
      rawOutput: { ignored: true },
    });
    await update(client, sessionId, { sessionUpdate: "tool_call", toolCallId: "c2", title: "Switch", kind: "switch_mode", status: "in_progress" });
    await update(client, sessionId, { sessionUpdate: "tool_call_update", toolCallId: "c2", status: "failed", rawOutput: { reason: "no" } });
    await update(client, sessionId, { sessionUpdate: "usage_update", used: 1234 });
    await update(client, sessionId, { sessionUpdate: "usage_update", used: 50, size: 1000 });
    await say(client, sessionId, "done");
    return "end_turn";
  },

  // fs/read_text_file with line and limit, writes inside the folder (a new file, then a change), and refusals.
  async files({ client, sessionId, cwd, words }) {
    const inside = path.join(cwd, "notes", "new.txt");
    const results = {};
    await update(client, sessionId, { sessionUpdate: "tool_call", toolCallId: "w1", title: "Write notes", kind: "edit", status: "in_progress" });
    results.create = await attempt(() => client.request(methods.client.fs.writeTextFile, { sessionId, path: inside, content: "one\ntwo\nthree\n" }));
    await update(client, sessionId, { sessionUpdate: "tool_call_update", toolCallId: "w1", status: "completed" });
    results.change = await attempt(() => client.request(methods.client.fs.writeTextFile, { sessionId, path: inside, content: "one\n2\nthree\n" }));
    results.read = await attempt(() => client.request(methods.client.fs.readTextFile, { sessionId, path: inside, line: 2, limit: 1 }));
    results.readAll = await attempt(() => client.request(methods.client.fs.readTextFile, { sessionId, path: inside }));
    for (const [index, target] of words.entries()) {
      results[`outside${index}`] = await attempt(() => client.request(methods.client.fs.writeTextFile, { sessionId, path: target, content: "pwned" }));
      results[`readOutside${index}`] = await attempt(() => client.request(methods.client.fs.readTextFile, { sessionId, path: target }));
    }
    await say(client, sessionId, `result=${JSON.stringify(results)}`);
    return "end_turn";
  },

  // A terminal embedded in a tool call; a second one with a tiny output limit; one in a sub-folder; a refused
  // cwd; one killed, and one left running for the agent's stop to kill (its pid reported).
  async terminal({ client, sessionId, cwd }) {
    const results = {};
    const first = await client.request(methods.client.terminal.create, { sessionId, command: "echo hello; echo oops >&2; pwd", cwd });
    await update(client, sessionId, {
      sessionUpdate: "tool_call",
      toolCallId: "t1",
      title: "Run echo",
      kind: "execute",
      status: "in_progress",
      content: [{ type: "terminal", terminalId: first.terminalId }],
    });
    results.exit = await client.request(methods.client.terminal.waitForExit, { sessionId, terminalId: first.terminalId });
    results.output = await client.request(methods.client.terminal.output, { sessionId, terminalId: first.terminalId });
    await update(client, sessionId, { sessionUpdate: "tool_call_update", toolCallId: "t1", status: "completed" });
    await client.request(methods.client.terminal.release, { sessionId, terminalId: first.terminalId });
    results.afterRelease = await attempt(() => client.request(methods.client.terminal.output, { sessionId, terminalId: first.terminalId }));

    const limited = await client.request(methods.client.terminal.create, { sessionId, command: "printf", args: ["abcdéfgh"], outputByteLimit: 4 });
    await client.request(methods.client.terminal.waitForExit, { sessionId, terminalId: limited.terminalId });
    results.limited = await client.request(methods.client.terminal.output, { sessionId, terminalId: limited.terminalId });

    const sub = await client.request(methods.client.terminal.create, { sessionId, command: "pwd", cwd: path.join(cwd, "sub") });
    await client.request(methods.client.terminal.waitForExit, { sessionId, terminalId: sub.terminalId });
    results.sub = await client.request(methods.client.terminal.output, { sessionId, terminalId: sub.terminalId });
    results.refusedCwd = await attempt(() => client.request(methods.client.terminal.create, { sessionId, command: "pwd", cwd: path.dirname(cwd) }));

    const sleeper = await client.request(methods.client.terminal.create, { sessionId, command: "sleep 30" });
    await client.request(methods.client.terminal.kill, { sessionId, terminalId: sleeper.terminalId });
    results.killed = await client.request(methods.client.terminal.waitForExit, { sessionId, terminalId: sleeper.terminalId });

    const left = await client.request(methods.client.terminal.create, { sessionId, command: "echo $$; exec sleep 60" });
    for (let tries = 0; tries < 100; tries += 1) {
      const { output } = await client.request(methods.client.terminal.output, { sessionId, terminalId: left.terminalId });
      if (output.trim() !== "") {
        results.leftPid = Number(output.trim());
        break;
      }
      await sleep(20);
    }
    await say(client, sessionId, `result=${JSON.stringify(results)}`);
    return "end_turn";
  },

  // Chunks until cancelled; after the cancel a late chunk and tool update, then `cancelled`.
  async stream({ client, sessionId }) {
    await update(client, sessionId, { sessionUpdate: "tool_call", toolCallId: "s1", title: "Long job", kind: "other", status: "in_progress" });
    for (let count = 0; count < 500 && !cancelled.get(sessionId); count += 1) {
      await say(client, sessionId, `chunk ${count} `);
      await sleep(20);
    }
    await say(client, sessionId, "late words");
    await update(client, sessionId, { sessionUpdate: "tool_call_update", toolCallId: "s1", rawOutput: "late output" });
    return cancelled.get(sessionId) ? "cancelled" : "end_turn";
  },

  // Asks a permission and reports the outcome (a test cancels it, or answers it).
  async ask({ client, sessionId }) {
    const answer = await client.request(methods.client.session.requestPermission, {
      sessionId,
      toolCall: { toolCallId: "p1", title: "Delete everything", kind: "delete", status: "pending", rawInput: { all: true } },
      options: [
        { optionId: "yes", name: "Allow", kind: "allow_once" },
        { optionId: "no", name: "Reject", kind: "reject_once" },
      ],
    });
    await say(client, sessionId, `result=${JSON.stringify(answer.outcome)}`);
    return cancelled.get(sessionId) ? "cancelled" : "end_turn";
  },

  // A JSON-RPC error instead of an answer: the message ends with the agent's own words.
  async fail() {
    throw new Error("the model is on fire");
  },

  // Dies in the middle of its answer.
  async crash({ client, sessionId }) {
    await say(client, sessionId, "about to crash");
    process.stderr.write("fatal: scripted crash\n");
    setTimeout(() => process.exit(7), 50);
    return new Promise(() => {});
  },

  // Which ACP session the prompt came in, and what the prompt's blocks were (their types and what they name).
  async whoami({ client, sessionId, prompt }) {
    const blocks = prompt.map((block) =>
      block.type === "text" ? { type: "text", text: block.text }
      : block.type === "resource_link" ? { type: block.type, uri: block.uri, name: block.name }
      : block.type === "resource" ? { type: block.type, uri: block.resource.uri, text: block.resource.text }
      : block.type === "image" ? { type: block.type, mimeType: block.mimeType, bytes: Buffer.from(block.data, "base64").length }
      : { type: block.type });
    await say(client, sessionId, `result=${JSON.stringify({ sessionId, blocks })}`);
    return "end_turn";
  },

  // A hostile agent: one line of 50 MB on stdout (over the ACP library's 32 MB limit), then it goes on running and
  // ignores its stdin closing; only a signal stops it.
  async flood() {
    process.stdin.removeAllListeners("end");
    process.stdin.on("end", () => process.stderr.write("stdin closed: ignoring it\n"));
    const chunk = "x".repeat(1024 * 1024);
    process.stdout.write('{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s-1","junk":"');
    for (let index = 0; index < 50; index += 1) process.stdout.write(chunk);
    process.stdout.write('"}}\n');
    setInterval(() => {}, 1000);
    return new Promise(() => {});
  },

  async echo({ client, sessionId, words }) {
    await say(client, sessionId, `echo: ${words.join(" ")}`);
    return "end_turn";
  },
};

const sessions = new Map();
const app = agent({ name: "scripted-agent" })
  .onRequest(methods.agent.initialize, ({ params }) => {
    capabilities = params.clientCapabilities ?? {};
    process.stderr.write(`capabilities=${JSON.stringify(capabilities)}\n`);
    // SCRIPTED_AGENT_PROMPT (JSON) sets its promptCapabilities: a test of images and embedded files says which it takes.
    const promptCapabilities = process.env.SCRIPTED_AGENT_PROMPT ? JSON.parse(process.env.SCRIPTED_AGENT_PROMPT) : undefined;
    return { protocolVersion: 1, agentCapabilities: promptCapabilities ? { promptCapabilities } : {}, authMethods: [], agentInfo: { name: "scripted-agent", version: "1.0.0" } };
  })
  .onRequest(methods.agent.session.new, async ({ params, client }) => {
    const sessionId = `s-${sessions.size + 1}`;
    sessions.set(sessionId, params.cwd);
    // Announced before the answer, as real agents do.
    await update(client, sessionId, {
      sessionUpdate: "available_commands_update",
      availableCommands: [
        { name: "review", description: "Review the code", input: { hint: "what to review" } },
        { name: "compact", description: "Compact the conversation" },
      ],
    });
    return { sessionId };
  })
  .onRequest(methods.agent.session.prompt, async ({ params, client }) => {
    const text = params.prompt.map((block) => (block.type === "text" ? block.text : "")).join("");
    const [name, ...words] = text.trim().split(/\s+/);
    const scenario = scenarios[name] ?? scenarios.echo;
    cancelled.set(params.sessionId, false);
    const stopReason = await scenario({ client, sessionId: params.sessionId, cwd: sessions.get(params.sessionId), words: scenarios[name] ? words : [text], prompt: params.prompt });
    return { stopReason };
  })
  .onNotification(methods.agent.session.cancel, ({ params }) => {
    cancelled.set(params.sessionId, true);
  });
app.connect(ndJsonStream(Writable.toWeb(process.stdout), Readable.toWeb(process.stdin)));
process.stdin.on("end", () => process.exit(0));
