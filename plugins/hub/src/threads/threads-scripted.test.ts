import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { eventually } from "@maia/testing-maia";
import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessage } from "../protocol.ts";
import { ChatHarness, scriptedAgent } from "../chat/testing/chat-harness.ts";
import { threadsFolder } from "./thread-store.ts";

/**
 * Threads with the scripted SDK agent of src/chat/testing, which offers neither `session/load` nor `session/list`:
 * several threads per agent, each with its own ACP session; threads written to disk and found again by a new hub;
 * a damaged thread file; what waits for the user.
 */
let harness: ChatHarness;

afterEach(async () => {
  await harness?.close();
});

function textOf(message: ChatMessage | undefined): string {
  return (message?.parts ?? []).map((part) => (part.kind === "text" ? part.text : "")).join("");
}

function resultOf(message: ChatMessage): { sessionId: string } {
  return JSON.parse(/result=(.*)$/s.exec(textOf(message))?.[1] ?? "null") as { sessionId: string };
}

const threads = () => harness.hub.services.ThreadService;
/** A service call's outcome as a promise, whether the method throws or rejects. */
const attempt = <T>(call: () => T | Promise<T>): Promise<T> => Promise.resolve().then(call);

describe("threads: several per agent", () => {
  it("keeps each thread's messages and ACP session apart, lists them newest first, switches, renames and deletes", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    const chat = harness.hub.chat;
    const first = await harness.reply("bot", chat.send("bot", "whoami in the first thread"));
    const firstThread = chat.conversation("bot").thread;

    const fresh = await threads().New("bot");
    expect(fresh).toMatchObject({ agent: "bot", title: "", messages: 0, busy: false });
    // New on an empty current thread is that same thread: no pile of empty threads.
    expect((await threads().New("bot")).id).toBe(fresh.id);
    expect(chat.conversation("bot")).toMatchObject({ thread: fresh.id, messages: [] });
    const second = await harness.reply("bot", chat.send("bot", "whoami in the second thread"));
    expect(resultOf(second).sessionId).not.toBe(resultOf(first).sessionId);

    const list = await threads().List("bot");
    expect(list.current).toBe(fresh.id);
    expect(list.threads.map((thread) => [thread.id, thread.title, thread.messages])).toEqual([
      [fresh.id, "whoami in the second thread", 2],
      [firstThread, "whoami in the first thread", 2],
    ]);
    expect(list.damaged).toEqual([]);

    // Back to the first thread: its conversation, and a message there goes to its own session.
    await threads().Open("bot", firstThread);
    expect(chat.conversation("bot").messages.map(textOf)).toEqual(["whoami in the first thread", textOf(first)]);
    const again = await harness.reply("bot", chat.send("bot", "whoami again"));
    expect(resultOf(again).sessionId).toBe(resultOf(first).sessionId);
    expect(harness.only("thread:changed").at(-1)?.data).toMatchObject({ agent: "bot", thread: firstThread, current: firstThread });

    const renamed = await threads().Rename("bot", firstThread, "  Sessions  ");
    expect(renamed.title).toBe("Sessions");
    await threads().Delete("bot", fresh.id);
    expect((await threads().List("bot")).threads.map((thread) => thread.id)).toEqual([firstThread]);
    expect(harness.only("thread:changed").at(-1)?.data).toEqual({ agent: "bot", thread: fresh.id, current: firstThread });
    await expect(attempt(() => threads().Open("bot", fresh.id))).rejects.toMatchObject({ status: 404 });
    await expect(attempt(() => threads().List("nobody"))).rejects.toMatchObject({ status: 404 });
  });

  it("marks a thread unread when its turn ends and read when it is opened; a permission request waits too", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    const chat = harness.hub.chat;
    await harness.reply("bot", chat.send("bot", "echo hello"));
    const thread = chat.conversation("bot").thread;
    expect(await threads().Waiting()).toEqual([{ agent: "bot", thread, title: "echo hello", reason: "unread" }]);
    expect(harness.only("waiting:changed").at(-1)?.data.waiting).toHaveLength(1);
    await threads().Open("bot", thread);
    expect(await threads().Waiting()).toEqual([]);
    expect(harness.only("waiting:changed").at(-1)?.data.waiting).toEqual([]);

    const asking = chat.send("bot", "ask");
    const request = await harness.waitFor("permission:requested");
    expect(request.thread).toBe(thread);
    expect(await threads().Waiting()).toEqual([{ agent: "bot", thread, title: "echo hello", reason: "permission" }]);
    expect((await threads().List("bot")).threads[0]).toMatchObject({ asking: true, busy: true });
    chat.answerPermission(request.id, "yes");
    await harness.reply("bot", asking);
    await harness.waitFor("turn:changed", (event) => !event.busy);
    expect(await threads().Waiting()).toEqual([{ agent: "bot", thread, title: "echo hello", reason: "unread" }]);
  });
});

describe("threads: the agent's limits count its process, not its threads", () => {
  it("answers in two threads at once on one process, busy until the last turn ends; each thread's events are its own", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")], limits: { maxRunningAgents: 1 } });
    const chat = harness.hub.chat;
    const streaming = chat.send("bot", "stream");
    const first = chat.conversation("bot").thread;
    await harness.waitFor("message:delta", (event) => event.thread === first && (event.text ?? "").startsWith("chunk 2"));
    await threads().New("bot");
    const second = chat.conversation("bot").thread;
    const echoed = await harness.reply("bot", chat.send("bot", "echo meanwhile"));
    expect(echoed.parts).toEqual([{ kind: "text", text: "echo: meanwhile" }]);
    // One process, one place under maxRunningAgents, still busy with the first thread's turn.
    expect(harness.hub.supervisor.list()).toMatchObject([{ name: "bot", state: "busy" }]);
    expect(harness.only("agent:state").filter((event) => event.data.state === "starting")).toHaveLength(1);
    expect(harness.only("message:delta").every((event) => event.data.thread === first || event.data.thread === second)).toBe(true);
    expect(chat.conversation("bot").messages.map((message) => message.role)).toEqual(["user", "agent"]);

    await threads().Open("bot", first);
    chat.cancel("bot");
    expect((await harness.reply("bot", streaming)).stopReason).toBe("cancelled");
    expect(await eventually(() => harness.hub.supervisor.list()[0]?.state === "ready")).toBe(true);
    // The first thread's answer never reached the second thread.
    await threads().Open("bot", second);
    expect(chat.conversation("bot").messages.flatMap((message) => message.parts).some((part) => part.kind === "text" && part.text.includes("chunk"))).toBe(false);
  });
});

describe("threads: saved, and found again after a restart of the hub", () => {
  it("restores every thread and the current one; the agent, which cannot load sessions, starts anew with agent-restarted", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    const chat = harness.hub.chat;
    await harness.reply("bot", chat.send("bot", "echo one"));
    const one = chat.conversation("bot").thread;
    await threads().New("bot");
    await harness.reply("bot", chat.send("bot", "echo two"));
    const two = chat.conversation("bot").thread;
    await threads().Open("bot", one);
    const before = chat.conversation("bot").messages;

    await harness.restart();
    const list = await threads().List("bot");
    expect(list.current).toBe(one);
    expect(list.threads.map((thread) => thread.id).sort()).toEqual([one, two].sort());
    expect(harness.hub.chat.conversation("bot").messages).toEqual(before);

    const after = harness.hub.chat.send("bot", "echo three");
    const reply = await harness.reply("bot", after);
    expect(textOf(reply)).toBe("echo: three");
    expect(harness.hub.chat.conversation("bot").messages.map((message) => [message.role, message.code])).toEqual([
      ["user", ""],
      ["agent", ""],
      ["user", ""],
      ["system", "agent-restarted"],
      ["agent", ""],
    ]);
  });

  it("names a damaged thread file, skips it and leaves it as it was; the other threads load", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    const thread = async (text: string): Promise<string> => {
      await threads().New("bot");
      await harness.reply("bot", harness.hub.chat.send("bot", text));
      return harness.hub.chat.conversation("bot").thread;
    };
    await thread("echo kept");
    const header = await thread("echo broken header");
    const body = await thread("echo broken messages");
    await threads().Open("bot", header);
    await harness.hub.threads.flush();
    const folder = path.join(threadsFolder(harness.home, path.join(harness.folder, "hub.json")), "threads");
    expect((await readdir(folder)).sort()).toHaveLength(3);
    const headerFile = path.join(folder, `${header}.json`);
    const brokenHeader = (await readFile(headerFile, "utf8")).replace(/"title":"/, '"title":');
    await writeFile(headerFile, brokenHeader);
    const bodyFile = path.join(folder, `${body}.json`);
    const brokenBody = (await readFile(bodyFile, "utf8")).replace(/"messages":\[/, '"messages":[}');
    await writeFile(bodyFile, brokenBody);

    // A broken header: named when the threads are restored (the current thread it was is replaced).
    await harness.restart();
    let list = await threads().List("bot");
    expect(list.threads.map((info) => info.title).sort()).toEqual(["echo broken messages", "echo kept"]);
    expect(list.damaged).toEqual([{ file: headerFile, problem: expect.stringMatching(/^not valid JSON at line 1, column \d+: unexpected character/) }]);
    // Broken messages: found when the thread is opened (restoring reads the headers only), then named too.
    await threads().Open("bot", body);
    await expect(attempt(() => harness.hub.services.ChatService.Conversation("bot"))).rejects.toMatchObject({
      status: 409,
      message: expect.stringContaining(bodyFile),
    });
    list = await threads().List("bot");
    expect(list.threads.map((info) => info.title)).toEqual(["echo kept"]);
    expect(list.damaged.map((damaged) => damaged.file)).toEqual([headerFile, bodyFile]);
    // The conversation goes on in another thread; the damaged files are never touched.
    await harness.reply("bot", harness.hub.chat.send("bot", "echo more"));
    await harness.hub.threads.flush();
    expect(await readFile(headerFile, "utf8")).toBe(brokenHeader);
    expect(await readFile(bodyFile, "utf8")).toBe(brokenBody);
  });
});

describe("threads: sessions started elsewhere", () => {
  it("says an agent without session/list keeps no sessions to open", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    expect(await threads().Sessions("bot")).toEqual({ supported: false, sessions: [] });
    await expect(attempt(() => threads().Import("bot", "s-1"))).rejects.toMatchObject({ status: 400, message: expect.stringContaining("session/load") });
    expect((await threads().List("bot")).threads.every((thread) => thread.sessionId !== "s-1")).toBe(true);
  });
});
