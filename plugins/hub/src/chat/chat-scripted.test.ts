import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { eventually, processAlive, tempFolder } from "@maia/testing-maia";
import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessage, ToolCall } from "../protocol.ts";
import { ChatHarness, scriptedAgent } from "./testing/chat-harness.ts";

/**
 * The chat with the scripted SDK agent of ./testing: what `maia acp` does not send (thoughts, terminals, the fs
 * methods, every kind of tool call content, a usage_update without a size), and the event order of the seed.
 */
let harness: ChatHarness;

afterEach(async () => {
  await harness?.close();
});

const CHAT_EVENTS = ["message:updated", "message:delta", "turn:changed", "permission:requested", "permission:resolved", "usage:changed"] as const;

function resultOf(message: ChatMessage): Record<string, unknown> {
  const text = message.parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
  return JSON.parse(/result=(.*)$/s.exec(text)?.[1] ?? "null") as Record<string, unknown>;
}

function tools(message: ChatMessage): ToolCall[] {
  return message.parts.flatMap((part) => (part.kind === "tool" ? [part.toolCall] : []));
}

describe("chat with an SDK agent: a turn, event by event", () => {
  it("emits the seed's events in order, with every field, for a thought and a streamed answer", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    const id = harness.hub.chat.send("bot", "thought");
    const reply = await harness.reply("bot", id);
    await harness.waitFor("turn:changed", (event) => !event.busy);
    const chat = harness.only(...CHAT_EVENTS);
    const thread = harness.hub.chat.conversation("bot").thread;
    const createdAt = expect.stringMatching(/^\d{4}-\d\d-\d\dT/);
    const user: ChatMessage = { id, agent: "bot", createdAt, role: "user", parts: [{ kind: "text", text: "thought" }], done: true, queued: false, stopReason: "", error: "", code: "" };
    const base = { id: reply.id, agent: "bot", createdAt, role: "agent" as const, queued: false, error: "", code: "" as const };
    expect(chat.map((event) => ({ name: event.name, data: event.data }))).toEqual([
      { name: "message:updated", data: { agent: "bot", thread, message: user } },
      { name: "turn:changed", data: { agent: "bot", thread, busy: true, queued: 0 } },
      { name: "message:updated", data: { agent: "bot", thread, message: { ...base, parts: [], done: false, stopReason: "" } } },
      { name: "message:delta", data: { agent: "bot", thread, messageId: reply.id, index: 0, kind: "thought", text: "Let me think" } },
      { name: "message:delta", data: { agent: "bot", thread, messageId: reply.id, index: 0, kind: "thought", text: " about it." } },
      { name: "message:delta", data: { agent: "bot", thread, messageId: reply.id, index: 1, kind: "text", text: "The answer " } },
      { name: "message:delta", data: { agent: "bot", thread, messageId: reply.id, index: 1, kind: "text", text: "is 42." } },
      {
        name: "message:updated",
        data: {
          agent: "bot",
          thread,
          message: {
            ...base,
            parts: [
              { kind: "thought", text: "Let me think about it." },
              { kind: "text", text: "The answer is 42." },
            ],
            done: true,
            stopReason: "end_turn",
          },
        },
      },
      { name: "turn:changed", data: { agent: "bot", thread, busy: false, queued: 0 } },
    ]);
    // busy while it answers, ready after: the supervisor's states around the turn.
    const states = harness.only("agent:state").map((event) => event.data.state);
    expect(states.slice(-4)).toEqual(["starting", "ready", "busy", "ready"]);
    const conversation = harness.hub.chat.conversation("bot");
    expect(conversation).toMatchObject({ busy: false, queued: 0, permissions: [], usage: { used: 0, size: 0 } });
    expect(conversation.messages.map((message) => message.role)).toEqual(["user", "agent"]);
    // Announced during session/new, before the answer: kept, not lost.
    expect(conversation.commands).toEqual([
      { name: "review", description: "Review the code", hint: "what to review" },
      { name: "compact", description: "Compact the conversation", hint: "" },
    ]);
  });

  it("advertises fs and terminals in initialize", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    await harness.hub.supervisor.start("bot");
    const line = harness.hub.supervisor.logs("bot").find((entry) => entry.startsWith("capabilities="));
    expect(JSON.parse(line!.slice("capabilities=".length))).toMatchObject({ fs: { readTextFile: true, writeTextFile: true }, terminal: true });
  });

  it("refuses an empty text and an unknown agent with their statuses", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    expect(() => harness.hub.chat.send("bot", "  ")).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => harness.hub.chat.send("nobody", "hi")).toThrow(expect.objectContaining({ status: 404 }));
    expect(() => harness.hub.chat.conversation("nobody")).toThrow(expect.objectContaining({ status: 404 }));
    expect(harness.only(...CHAT_EVENTS)).toEqual([]);
  });
});

describe("chat with an SDK agent: tool calls", () => {
  it("builds tool calls from content of every kind, locations, raw input and output; usage without a size is 0", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    const cwd = harness.folder;
    const reply = await harness.reply("bot", harness.hub.chat.send("bot", "content"));
    const [shown, switched] = tools(reply);
    expect(shown).toEqual({
      id: "c1",
      title: "Show things",
      kind: "read",
      status: "completed",
      input: JSON.stringify({ path: path.join(cwd, "a.txt"), deep: { list: [1, 2] } }),
      output: "plain text\nembedded text",
      locations: [
        { path: path.join(cwd, "a.txt"), line: 3 },
        { path: cwd, line: 0 },
      ],
      diffs: [
        { path: path.join(cwd, "a.txt"), oldText: "old\n", newText: "new\n", newFile: false },
        { path: path.join(cwd, "b.txt"), oldText: "", newText: "created\n", newFile: true },
      ],
    });
    // switch_mode is not one of the seed's kinds; a raw output with no content is shown as compact JSON.
    expect(switched).toMatchObject({ id: "c2", kind: "other", status: "failed", output: '{"reason":"no"}' });
    const usage = harness.only("usage:changed").map((event) => event.data);
    // The SDK's client refuses a usage_update without `size` (its schema requires one): that update never
    // reaches the hub, so only the second one shows. `size: 0` is what the page gets when an agent sends 0.
    expect(usage).toEqual([{ agent: "bot", thread: harness.hub.chat.conversation("bot").thread, usage: { used: 50, size: 1000 } }]);
    expect(harness.hub.chat.conversation("bot").usage).toEqual({ used: 50, size: 1000 });
    // Tool parts are replaced whole: every delta of a tool carries the full part.
    const deltas = harness.only("message:delta").filter((event) => event.data.kind === "tool");
    expect(deltas.every((event) => event.data.part?.kind === "tool" && event.data.text === undefined)).toBe(true);
  });
});

describe("chat with an SDK agent: files", () => {
  it("reads and writes inside the agent's folder, shows writes as diffs, and refuses paths outside, links included", async () => {
    const outside = await tempFolder("maia-hub-outside-");
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    const cwd = harness.folder;
    await symlink(outside, path.join(cwd, "escape"));
    await symlink(path.join(outside, "nothing-yet.txt"), path.join(cwd, "dangling"));
    const targets = [path.join(outside, "x.txt"), path.join(cwd, "escape", "y.txt"), path.join(cwd, "dangling"), "relative.txt", path.join(cwd, "..", path.basename(outside), "z.txt")];
    const reply = await harness.reply("bot", harness.hub.chat.send("bot", `files ${targets.join(" ")}`));
    const result = resultOf(reply);
    expect(result.create).toEqual({ ok: {} });
    expect(result.read).toEqual({ ok: { content: "2\n" } });
    expect(result.readAll).toEqual({ ok: { content: "one\n2\nthree\n" } });
    for (let index = 0; index < targets.length; index += 1) {
      expect(result[`outside${index}`], targets[index]).toMatchObject({ code: -32602, error: expect.stringMatching(/outside the agent's folder|not an absolute path/) });
      expect(result[`readOutside${index}`], targets[index]).toMatchObject({ code: -32602 });
    }
    expect(await readFile(path.join(cwd, "notes", "new.txt"), "utf8")).toBe("one\n2\nthree\n");
    await expect(readFile(path.join(outside, "x.txt"), "utf8")).rejects.toThrow();
    await expect(readFile(path.join(outside, "y.txt"), "utf8")).rejects.toThrow();
    await expect(readFile(path.join(outside, "nothing-yet.txt"), "utf8")).rejects.toThrow();
    // The first write was made during the "Write notes" call: its diff is on that call. The second came with no
    // call running: a tool part of its own.
    const file = path.join(cwd, "notes", "new.txt");
    expect(tools(reply)).toEqual([
      expect.objectContaining({ id: "w1", title: "Write notes", status: "completed", diffs: [{ path: file, oldText: "", newText: "one\ntwo\nthree\n", newFile: true }] }),
      expect.objectContaining({
        title: "Write notes/new.txt",
        kind: "edit",
        status: "completed",
        locations: [{ path: file, line: 0 }],
        diffs: [{ path: file, oldText: "one\ntwo\nthree\n", newText: "one\n2\nthree\n", newFile: false }],
      }),
    ]);
  });
});

describe("chat with an SDK agent: terminals", () => {
  it("runs commands in the agent's folder with output limits, embeds them in tool calls, and kills what is left when the agent stops", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    const cwd = harness.folder;
    await mkdir(path.join(cwd, "sub"));
    const reply = await harness.reply("bot", harness.hub.chat.send("bot", "terminal"));
    const result = resultOf(reply) as Record<string, Record<string, unknown>>;
    expect(result.exit).toEqual({ exitCode: 0, signal: null });
    expect(result.output).toEqual({ output: `hello\noops\n${cwd}\n`, truncated: false, exitStatus: { exitCode: 0, signal: null } });
    expect(result.afterRelease).toMatchObject({ code: -32002 });
    // "abcdéfgh" is 9 bytes ("é" is two); the last 4 begin inside "é", so the cut moves on to "fgh".
    expect(result.limited).toMatchObject({ output: "fgh", truncated: true });
    expect(result.sub).toMatchObject({ output: `${path.join(cwd, "sub")}\n` });
    expect(result.refusedCwd).toMatchObject({ code: -32602 });
    expect(result.killed).toEqual({ exitCode: null, signal: "SIGKILL" });
    // The tool call embedding the first terminal shows its output.
    expect(tools(reply)[0]).toMatchObject({ id: "t1", kind: "execute", status: "completed", output: `hello\noops\n${cwd}\n` });
    const leftPid = result.leftPid as unknown as number;
    expect(await processAlive(leftPid)).toBe(true);
    await harness.hub.supervisor.stop("bot");
    expect(await eventually(async () => !(await processAlive(leftPid)))).toBe(true);
  });
});

describe("chat with an SDK agent: endings", () => {
  it("ends a message with the agent's own error", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    const reply = await harness.reply("bot", harness.hub.chat.send("bot", "fail"));
    expect(reply).toMatchObject({ done: true, stopReason: "", error: expect.stringContaining("the model is on fire") });
  });

  it("cancels: session/cancel, the permission answered cancelled, late updates kept in the cancelled message", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    const first = harness.hub.chat.send("bot", "stream");
    await harness.waitFor("message:delta", (event) => event.kind === "text" && (event.text ?? "").startsWith("chunk 3"));
    harness.hub.chat.cancel("bot");
    const reply = await harness.reply("bot", first);
    expect(reply.stopReason).toBe("cancelled");
    const text = reply.parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
    expect(text).toContain("late words");
    // Marked failed at Cancel; the late update (raw output) is still applied to it.
    expect(tools(reply)[0]).toMatchObject({ id: "s1", status: "failed", output: "late output" });
    expect(harness.hub.chat.conversation("bot").messages.filter((message) => message.role === "agent")).toHaveLength(1);

    const asking = harness.hub.chat.send("bot", "ask");
    const request = await harness.waitFor("permission:requested");
    const thread = harness.hub.chat.conversation("bot").thread;
    expect(request).toEqual({
      id: expect.any(String),
      agent: "bot",
      thread,
      messageId: expect.any(String),
      toolCall: { id: "p1", title: "Delete everything", kind: "delete", status: "pending", input: '{"all":true}', output: "", locations: [], diffs: [] },
      options: [
        { optionId: "yes", name: "Allow", kind: "allow_once" },
        { optionId: "no", name: "Reject", kind: "reject_once" },
      ],
      rejections: 0,
    });
    expect(harness.hub.chat.conversation("bot").permissions).toEqual([request]);
    expect(() => harness.hub.chat.answerPermission(request.id, "maybe")).toThrow(expect.objectContaining({ status: 400 }));
    harness.hub.chat.cancel("bot");
    expect(harness.only("permission:resolved").map((event) => event.data)).toEqual([{ id: request.id, agent: "bot", thread }]);
    const asked = await harness.reply("bot", asking);
    expect(resultOf(asked)).toEqual({ outcome: "cancelled" });
    expect(() => harness.hub.chat.answerPermission(request.id, "yes")).toThrow(expect.objectContaining({ status: 404 }));
  });

  it("counts the refusals of a turn and answers with the chosen option", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    const id = harness.hub.chat.send("bot", "ask");
    const request = await harness.waitFor("permission:requested");
    harness.hub.chat.answerPermission(request.id, "no");
    expect(resultOf(await harness.reply("bot", id))).toEqual({ outcome: "selected", optionId: "no" });
    expect(harness.only("permission:resolved")).toHaveLength(1);
  });

  it("ends the message with the crash when the agent dies mid-turn, then restarts it with a new session", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    const reply = await harness.reply("bot", harness.hub.chat.send("bot", "crash"));
    expect(reply).toMatchObject({ done: true, stopReason: "", error: expect.stringMatching(/exit code 7[\s\S]*fatal: scripted crash/) });
    const again = harness.hub.chat.send("bot", "echo again");
    const answer = await harness.reply("bot", again);
    expect(answer.parts).toEqual([{ kind: "text", text: "echo: again" }]);
    const messages = harness.hub.chat.conversation("bot").messages;
    expect(messages.map((message) => [message.role, message.code])).toEqual([
      ["user", ""],
      ["agent", ""],
      ["user", ""],
      ["system", "agent-restarted"],
      ["agent", ""],
    ]);
    expect(messages[3]?.parts[0]).toEqual({ kind: "text", text: expect.stringContaining("does not remember") });
  });

  it("adds agent-unavailable with the reason when the agent cannot start", async () => {
    harness = await ChatHarness.start({ agents: [{ name: "ghost", command: "/no/such/agent", args: [] }] });
    const id = harness.hub.chat.send("ghost", "hello?");
    const system = await harness.waitFor("message:updated", (event) => event.message.role === "system");
    expect(system.message).toMatchObject({ code: "agent-unavailable", error: expect.stringContaining("/no/such/agent"), done: true });
    await harness.waitFor("turn:changed", (event) => !event.busy);
    expect(harness.hub.chat.conversation("ghost").messages.map((message) => message.id)[0]).toBe(id);
  });
});

describe("chat with an SDK agent: the queue", () => {
  it("keeps queued messages last and drops one with Drop; Cancel drops the rest", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    const services = harness.hub.services.ChatService;
    const running = await services.Send("bot", "stream");
    await harness.waitFor("message:delta", (event) => (event.text ?? "").startsWith("chunk 1"));
    const kept = await services.Send("bot", "echo kept");
    const dropped = await services.Send("bot", "echo dropped");
    const last = await services.Send("bot", "echo last");
    expect(harness.only("message:updated").at(-1)?.data.message).toMatchObject({ id: last, queued: true });
    expect(() => services.Drop("bot", running)).toThrow(expect.objectContaining({ status: 400 }));
    await services.Drop("bot", dropped);
    expect(harness.only("turn:changed").at(-1)?.data).toEqual({ agent: "bot", thread: harness.hub.chat.conversation("bot").thread, busy: true, queued: 2 });
    expect((await services.Conversation("bot")).queued).toBe(2);
    const turn = harness.hub.chat.conversation("bot");
    expect(turn.messages.map((message) => [message.id, message.queued, message.error])).toEqual([
      [running, false, ""],
      [expect.any(String), false, ""],
      [kept, true, ""],
      [dropped, false, "cancelled"],
      [last, true, ""],
    ]);
    harness.hub.chat.cancel("bot");
    await harness.waitFor("turn:changed", (event) => !event.busy);
    expect(harness.hub.chat.conversation("bot").messages.filter((message) => message.error === "cancelled").map((message) => message.id)).toEqual([kept, dropped, last]);
  });
});

describe("chat: Open keeps each configuration's threads", () => {
  it("starts from an empty conversation in another configuration, and finds the first one's when it is opened again", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    const first = harness.hub.chat.send("bot", "echo one");
    await harness.reply("bot", first);
    const file = path.join(harness.folder, "hub.json");
    const other = path.join(harness.folder, "other.json");
    await writeFile(other, await readFile(file, "utf8"));
    await harness.hub.services.ConfigService.Open(other);
    expect(harness.hub.chat.conversation("bot").messages).toEqual([]);
    await harness.reply("bot", harness.hub.chat.send("bot", "echo two"));
    await harness.hub.services.ConfigService.Open(file);
    expect(harness.hub.chat.conversation("bot").messages.map((message) => message.parts)).toEqual([[{ kind: "text", text: "echo one" }], [{ kind: "text", text: "echo: one" }]]);
    expect(harness.hub.chat.conversation("bot").messages[0]?.id).toBe(first);
  });
});

