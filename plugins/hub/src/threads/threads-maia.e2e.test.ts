import { startFakeLiteLLM, type ChatBody, type FakeLiteLLM } from "@maia/fake-litellm";
import { runMaia, tempFolder } from "@maia/testing-maia";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ChatMessage } from "../protocol.ts";
import { ChatHarness, maiaAgent } from "../chat/testing/chat-harness.ts";

/**
 * Threads with this MAIA in ACP mode (the built bundle), which offers `session/load` and `session/list`: a thread
 * resumed after a restart of the hub remembers, two threads keep their contexts apart (the fake model's requests
 * say what each carried), and a session begun with `maia -p` opens as a thread.
 */
let server: FakeLiteLLM;
let home: string;
let cwd: string;
let harness: ChatHarness;

beforeEach(async () => {
  // A known context size: maia says nothing about it (an unknown one is a warning in the answer).
  server = await startFakeLiteLLM({ modelInfo: { "fake-model": { max_input_tokens: 64_000 } } });
  home = await tempFolder("maia-hub-threads-home-");
  cwd = await tempFolder("maia-hub-threads-project-");
  server.writeSettings(home);
  harness = await ChatHarness.start({ agents: [maiaAgent("maia", home, cwd)] });
});

afterEach(async () => {
  await harness.close();
  await server.close();
});

const threads = () => harness.hub.services.ThreadService;

function textOf(message: ChatMessage | undefined): string {
  return (message?.parts ?? []).map((part) => (part.kind === "text" ? part.text : "")).join("");
}

/** What one request to the model carried: its user and assistant texts, in order. */
function said(body: ChatBody | undefined): string[] {
  return (body?.messages ?? [])
    .filter((message) => message.role === "user" || message.role === "assistant")
    .map((message) => `${message.role}: ${typeof message.content === "string" ? message.content : JSON.stringify(message.content)}`);
}

describe("threads with maia acp", () => {
  it("resumes a thread after a restart of the hub with session/load: the agent remembers, no agent-restarted", async () => {
    server.enqueue({ text: "Noted: 7." }, { text: "It is 7." });
    await harness.reply("maia", harness.hub.chat.send("maia", "my number is 7"));
    const thread = harness.hub.chat.conversation("maia").thread;

    await harness.restart();
    expect(harness.hub.chat.conversation("maia").thread).toBe(thread);
    const reply = await harness.reply("maia", harness.hub.chat.send("maia", "what is my number?"));
    expect(textOf(reply)).toBe("It is 7.");
    expect(said(server.chatBodies().at(-1))).toEqual(["user: my number is 7", "assistant: Noted: 7.", "user: what is my number?"]);
    const messages = harness.hub.chat.conversation("maia").messages;
    expect(messages.map((message) => message.role)).toEqual(["user", "agent", "user", "agent"]);
    // The replayed history was not added a second time.
    expect(messages.filter((message) => textOf(message) === "Noted: 7.")).toHaveLength(1);
  });

  it("keeps two threads' contexts apart: each request carries its own thread's history only", async () => {
    server.enqueue({ text: "alpha noted" }, { text: "beta noted" }, { text: "alpha again" }, { text: "beta again" });
    await harness.reply("maia", harness.hub.chat.send("maia", "remember alpha"));
    const alpha = harness.hub.chat.conversation("maia").thread;
    await threads().New("maia");
    await harness.reply("maia", harness.hub.chat.send("maia", "remember beta"));
    const beta = harness.hub.chat.conversation("maia").thread;

    await threads().Open("maia", alpha);
    await harness.reply("maia", harness.hub.chat.send("maia", "which word?"));
    expect(said(server.chatBodies().at(-1))).toEqual(["user: remember alpha", "assistant: alpha noted", "user: which word?"]);
    await threads().Open("maia", beta);
    await harness.reply("maia", harness.hub.chat.send("maia", "and here?"));
    expect(said(server.chatBodies().at(-1))).toEqual(["user: remember beta", "assistant: beta noted", "user: and here?"]);
    const list = await threads().List("maia");
    expect(new Set(list.threads.map((info) => info.sessionId)).size).toBe(2);
  });

  it("opens a session begun in the terminal with maia -p as a thread: its history shows, and it goes on", async () => {
    server.enqueue({ text: "Hello from the model." });
    const run = await runMaia(["-p", "hello from the terminal", "--model", "fake-model"], { cwd, home });
    expect(run.code).toBe(0);

    const { supported, sessions } = await threads().Sessions("maia");
    expect(supported).toBe(true);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ cwd, thread: "" });
    const imported = await threads().Import("maia", sessions[0]!.sessionId);
    expect(imported).toMatchObject({ title: "hello from the terminal", messages: 2, sessionId: sessions[0]!.sessionId });
    const conversation = harness.hub.chat.conversation("maia");
    expect(conversation.thread).toBe(imported.id);
    expect(conversation.messages.map((message) => [message.role, textOf(message)])).toEqual([
      ["user", "hello from the terminal"],
      ["agent", "Hello from the model."],
    ]);
    // Listed again, it says which thread holds it; imported again, it is that thread.
    expect((await threads().Sessions("maia")).sessions[0]?.thread).toBe(imported.id);
    expect((await threads().Import("maia", sessions[0]!.sessionId)).id).toBe(imported.id);

    server.enqueue({ text: "Still here." });
    await harness.reply("maia", harness.hub.chat.send("maia", "and now?"));
    expect(said(server.chatBodies().at(-1))).toEqual(["user: hello from the terminal", "assistant: Hello from the model.", "user: and now?"]);
  });
});
