import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { eventually, tempFolder } from "@maia/testing-maia";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChatMessage, ToolCall } from "../protocol.ts";
import { ChatHarness, maiaAgent, pidsIn } from "./testing/chat-harness.ts";

/**
 * The chat with the agent users run first: this MAIA in ACP mode (the built bundle) against the fake LiteLLM
 * server, scripted per test. The hub runs in this process (createHub), as `maia hub` runs it.
 */
const MAX_INPUT = 64_000;
let server: FakeLiteLLM;
let home: string;
let cwd: string;
let harness: ChatHarness;

beforeEach(async () => {
  server = await startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: MAX_INPUT } } });
  home = await tempFolder("maia-hub-chat-home-");
  cwd = await tempFolder("maia-hub-chat-project-");
  server.writeSettings(home);
  harness = await ChatHarness.start({ agents: [maiaAgent("maia", home, cwd)] });
});

afterEach(async () => {
  await harness.close();
  await server.close();
});

const chat = () => harness.hub.chat;

function textOf(message: ChatMessage): string {
  return message.parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
}

function tools(message: ChatMessage): ToolCall[] {
  return message.parts.flatMap((part) => (part.kind === "tool" ? [part.toolCall] : []));
}

describe("chat with maia acp: answers", () => {
  it("streams text as deltas into one text part, reports usage with the window size, and ends with end_turn", async () => {
    server.enqueue({ text: ["Hel", "lo ", "world"] });
    const id = chat().send("maia", "hi");
    const reply = await harness.reply("maia", id);
    expect(reply).toMatchObject({ role: "agent", done: true, stopReason: "end_turn", error: "", parts: [{ kind: "text", text: "Hello world" }] });
    const deltas = harness.only("message:delta").filter((event) => event.data.messageId === reply.id);
    // As many deltas as MAIA read the model's stream in (one per read), all into the first part.
    expect(deltas.every((event) => event.data.index === 0 && event.data.kind === "text" && event.data.text !== "")).toBe(true);
    expect(deltas.map((event) => event.data.text).join("")).toBe("Hello world");
    const usage = harness.only("usage:changed").map((event) => event.data);
    expect(usage.length).toBeGreaterThan(0);
    expect(usage.every((event) => event.agent === "maia" && event.usage.size === MAX_INPUT && event.usage.used > 0)).toBe(true);
    expect(chat().conversation("maia").usage).toEqual(usage.at(-1)?.usage);
    expect(chat().conversation("maia").commands.length).toBeGreaterThan(0);
    // What the model got: the user's text.
    expect(server.chatBodies()[0]?.messages?.filter((message) => message.role === "user").map((message) => message.content)).toEqual(["hi"]);
  });

  it("shows a Read as a tool call with its location and output, and a TodoWrite as a plan", async () => {
    harness.autoAnswer("allow_once");
    await writeFile(path.join(cwd, "README.md"), "# Demo\n");
    server.enqueue(
      { toolCalls: [{ id: "r1", name: "Read", arguments: { path: "README.md" } }] },
      { toolCalls: [{ id: "t1", name: "TodoWrite", arguments: { todos: [{ content: "Read it", status: "completed" }, { content: "Explain", status: "in_progress", activeForm: "Explaining" }] } }] },
      { text: "It is a demo." },
    );
    const reply = await harness.reply("maia", chat().send("maia", "what is this?"));
    expect(reply.stopReason).toBe("end_turn");
    const [read] = tools(reply);
    expect(read).toMatchObject({
      id: "r1",
      title: "Read README.md",
      kind: "read",
      status: "completed",
      input: JSON.stringify({ path: "README.md" }),
      locations: [{ path: path.join(cwd, "README.md"), line: 0 }],
    });
    expect(read?.output).toContain("# Demo");
    const plan = reply.parts.find((part) => part.kind === "plan");
    expect(plan).toEqual({
      kind: "plan",
      entries: [
        { content: "Read it", priority: "medium", status: "completed" },
        { content: "Explaining", priority: "medium", status: "in_progress" },
      ],
    });
    expect(reply.parts.at(-1)).toEqual({ kind: "text", text: "It is a demo." });
  });
});

describe("chat with maia acp: permissions", () => {
  it("asks before an Edit: reject, then allow once in the same turn (rejections counted), then allow always", async () => {
    const file = path.join(cwd, "app.js");
    await writeFile(file, "const a = 1;\nconst b = 2;\n");
    const edit = (id: string, from: string, to: string) => ({ toolCalls: [{ id, name: "Edit", arguments: { path: "app.js", old_string: from, new_string: to } }] });
    // maia edits only a file it has read; the Read is allowed as it asks, and is no refusal.
    harness.autoAnswer("allow_once", (request) => request.toolCall.kind === "read");
    const read = { toolCalls: [{ id: "r0", name: "Read", arguments: { path: "app.js" } }] };
    server.enqueue(read, edit("e1", "const b = 2;", "const b = 3;"), edit("e2", "const b = 2;", "const b = 4;"), { text: "Done." });
    const id = chat().send("maia", "change b");

    const first = await harness.waitFor("permission:requested", (event) => event.toolCall.kind === "edit");
    expect(first).toMatchObject({ agent: "maia", rejections: 0, toolCall: { id: "e1", kind: "edit", status: "pending" } });
    expect(first.toolCall.diffs).toEqual([{ path: file, oldText: "const a = 1;\nconst b = 2;\n", newText: "const a = 1;\nconst b = 3;\n", newFile: false }]);
    expect(first.options.map((option) => option.kind)).toEqual(["allow_once", "allow_always", "reject_once", "reject_always"]);
    chat().answerPermission(first.id, first.options.find((option) => option.kind === "reject_once")!.optionId);

    const second = await harness.waitFor("permission:requested", (event) => event.toolCall.id === "e2");
    expect(second).toMatchObject({ rejections: 1, messageId: first.messageId, toolCall: { id: "e2" } });
    chat().answerPermission(second.id, second.options.find((option) => option.kind === "allow_once")!.optionId);
    const reply = await harness.reply("maia", id);
    expect(reply.stopReason).toBe("end_turn");
    expect(await readFile(file, "utf8")).toBe("const a = 1;\nconst b = 4;\n");
    expect(tools(reply).map((toolCall) => [toolCall.id, toolCall.status])).toEqual([
      ["r0", "completed"],
      ["e1", "failed"],
      ["e2", "completed"],
    ]);
    expect(harness.only("permission:resolved").map((event) => event.data.id).slice(-2)).toEqual([first.id, second.id]);

    // Allow always: remembered by maia in the folder's settings, so the same edit does not ask again.
    server.enqueue(edit("e3", "const b = 4;", "const b = 5;"), { text: "ok" }, edit("e4", "const b = 5;", "const b = 6;"), { text: "ok again" });
    const always = chat().send("maia", "again");
    const third = await harness.waitFor("permission:requested", (event) => event.toolCall.id === "e3");
    expect(third.rejections).toBe(0);
    chat().answerPermission(third.id, third.options.find((option) => option.kind === "allow_always")!.optionId);
    await harness.reply("maia", always);
    await harness.reply("maia", chat().send("maia", "once more"));
    expect(await readFile(file, "utf8")).toBe("const a = 1;\nconst b = 6;\n");
    expect(harness.only("permission:requested").filter((event) => event.data.toolCall.kind === "edit")).toHaveLength(3);
  });
});

describe("chat with maia acp: Cancel and the queue", () => {
  it("cancels a long answer halfway and drops the queued messages; two messages queued behind a turn go out in order", async () => {
    server.enqueue({ text: Array.from({ length: 400 }, (_, index) => `word${index} `), chunkDelayMs: 10 });
    const long = chat().send("maia", "tell me a long story");
    await harness.waitFor("message:delta", (event) => (event.text ?? "").startsWith("word5"));
    const queued = chat().send("maia", "and then?");
    expect(chat().conversation("maia")).toMatchObject({ busy: true, queued: 1 });
    expect(harness.only("turn:changed").at(-1)?.data).toEqual({ agent: "maia", thread: chat().conversation("maia").thread, busy: true, queued: 1 });
    chat().cancel("maia");
    const reply = await harness.reply("maia", long);
    expect(reply.stopReason).toBe("cancelled");
    expect(textOf(reply)).toContain("word5");
    expect(textOf(reply)).not.toContain("word399");
    const dropped = chat().conversation("maia").messages.find((message) => message.id === queued);
    expect(dropped).toMatchObject({ queued: false, error: "cancelled" });
    await harness.waitFor("turn:changed", (event) => !event.busy);
    expect(chat().conversation("maia").messages.filter((message) => message.role === "agent")).toHaveLength(1);

    // Two messages behind a running turn: queued, then sent one by one, in order.
    server.enqueue({ text: ["first ", "answer"], chunkDelayMs: 150 }, { text: "second answer" }, { text: "third answer" });
    const one = chat().send("maia", "one");
    await harness.waitFor("message:delta", (event) => event.text === "first ");
    const two = chat().send("maia", "two");
    const three = chat().send("maia", "three");
    expect(chat().conversation("maia").queued).toBe(2);
    const answers = [await harness.reply("maia", one), await harness.reply("maia", two), await harness.reply("maia", three)];
    expect(answers.map(textOf)).toEqual(["first answer", "second answer", "third answer"]);
    const sent = server.chatBodies().slice(-3).map((body) => body.messages?.filter((message) => message.role === "user").at(-1)?.content);
    expect(sent).toEqual(["one", "two", "three"]);
    const turns = harness.only("turn:changed").map((event) => [event.data.busy, event.data.queued]);
    expect(turns.slice(-5)).toEqual([
      [true, 1],
      [true, 2],
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
  });
});

describe("chat with maia acp: an agent that goes away", () => {
  it("ends the message with the crash when the agent is killed mid-turn, then starts it again with agent-restarted", async () => {
    server.enqueue({ hang: true, text: "thinking…" }, { text: "I am back." });
    const id = chat().send("maia", "hang on");
    await harness.waitFor("message:delta", (event) => event.text === "thinking…");
    const pids = pidsIn(cwd);
    expect(pids.length).toBeGreaterThan(0);
    for (const pid of pids) process.kill(pid, "SIGKILL");
    const reply = await harness.reply("maia", id);
    expect(reply).toMatchObject({ done: true, stopReason: "", error: expect.stringContaining("SIGKILL") });
    expect(await eventually(() => harness.hub.supervisor.list()[0]?.state === "error")).toBe(true);

    const again = chat().send("maia", "are you there?");
    const answer = await harness.reply("maia", again);
    expect(textOf(answer)).toBe("I am back.");
    const messages = chat().conversation("maia").messages;
    expect(messages.map((message) => [message.role, message.code])).toEqual([
      ["user", ""],
      ["agent", ""],
      ["user", ""],
      ["system", "agent-restarted"],
      ["agent", ""],
    ]);
  });

  it("adds agent-unavailable, saying why, when the agent cannot start", async () => {
    await harness.close();
    harness = await ChatHarness.start({ agents: [{ ...maiaAgent("maia", home, cwd), cwd: path.join(cwd, "missing") }] });
    const id = chat().send("maia", "hello");
    await harness.waitFor("turn:changed", (event) => !event.busy);
    const messages = chat().conversation("maia").messages;
    expect(messages[0]?.id).toBe(id);
    expect(messages[1]).toMatchObject({ role: "system", code: "agent-unavailable", error: expect.stringContaining("missing") });
    expect(textOf(messages[1]!)).toContain("cannot answer");
  });
});
