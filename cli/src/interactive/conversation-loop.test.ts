import { writeFile } from "node:fs/promises";
import path from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { AgentEvents, Conversation, setActiveLocale } from "@maia/kernel";
import { createTestKernel } from "@maia/testing-kernel";
import builtinTools from "@maia/plugin-builtin-tools";
import litellm from "@maia/plugin-litellm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InkUI } from "../ui/ink-ui.ts";
import { loadMarkdown } from "../ui/markdown.ts";
import { FakeTerminal, IdleKeyboard } from "../ui/testing/fake-terminal.ts";
import { conversationLoop } from "./conversation-loop.ts";
import { ExitControl } from "./exit-control.ts";

let server: FakeLiteLLM;
let ui: InkUI | undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function setup(options: { maxIterations?: number } = {}) {
  const { kernel, cwd, homeDir } = await createTestKernel([litellm, builtinTools], { frontEnd: "tui" });
  await server.writeSettings(homeDir);
  const terminal = new FakeTerminal(100, 40);
  ui = new InkUI({ stdout: terminal.stream, stdin: new IdleKeyboard().stream, env: {}, patchConsole: false });
  ui.mount();
  const events = new AgentEvents();
  events.on(ui.onEvent);
  const conversation = await Conversation.start({ kernel, model: "fake-model", interaction: ui.interaction, events, ...options });
  const exit = new ExitControl();
  const loop = conversationLoop({ conversation, ui, exit });
  const store = ui.store;
  const screen = () => terminal.plain();
  /** Types a line as a user would, once the input box is back. */
  const submit = async (text: string) => {
    await until(() => store.getSnapshot().prompt.kind === "input");
    for (const char of text) store.handleKey({ input: char });
    store.handleKey({ input: "", return: true });
  };
  const until = async (condition: () => boolean, what = "the condition") => {
    for (let waited = 0; !condition(); waited += 10) {
      if (waited > 10_000) throw new Error(`timed out waiting for ${what}; the screen was:\n${screen()}`);
      await sleep(10);
    }
  };
  const shows = (text: string) => until(() => screen().includes(text), `"${text}"`);
  return { kernel, cwd, conversation, exit, loop, store, screen, submit, until, shows };
}

beforeAll(() => loadMarkdown());
beforeEach(async () => {
  setActiveLocale("en");
  server = await startFakeLiteLLM({ models: ["fake-model", "other-model"], modelInfo: { "fake-model": { max_input_tokens: 100_000 } } });
});
afterEach(async () => {
  await ui?.close();
  ui = undefined;
  await server.close();
  setActiveLocale(undefined);
});

describe("the conversation loop (seed § 5.5)", () => {
  it("sends a prompt, shows the answer formatted, and ends with /exit", async () => {
    server.enqueue({ text: "Hello **there**." });
    const { submit, shows, screen, loop, exit } = await setup();
    await submit("hi");
    await shows("Hello there.");
    expect(screen()).toContain("› hi");
    await submit("/exit");
    await loop;
    expect(exit.requested).toBe(true);
    expect(exit.code).toBe(0);
  });

  it("interrupts a streaming request on Ctrl+C and puts the conversation back as it was", async () => {
    server.enqueue({ text: "first answer" }, { hang: true, text: "partial" });
    const { submit, shows, store, conversation, until } = await setup();
    await submit("one");
    await shows("first answer");
    await until(() => store.getSnapshot().prompt.kind === "input");
    const before = JSON.stringify(conversation.current.messages);
    await submit("two");
    await shows("partial");
    store.handleKey({ input: "c", ctrl: true });
    await shows("Request interrupted: the conversation");
    expect(JSON.stringify(conversation.current.messages)).toBe(before);
  });

  it("asks « Continue? » at the iteration limit and stops when told no", async () => {
    const read = { toolCalls: [{ name: "Read", arguments: { path: "a.txt" } }] };
    server.enqueue(read, read);
    const { cwd, submit, shows, store, screen } = await setup({ maxIterations: 1 });
    await writeFile(path.join(cwd, "a.txt"), "alpha\n");
    await submit("read");
    await shows("Continue? (y/n)");
    store.handleKey({ input: "n" });
    await shows("Stopped: more than 1 iterations");
    expect(screen()).toContain("◆ Continue?: no");
  });

  it("/model switches to the chosen model and keeps the conversation", async () => {
    server.enqueue({ text: "noted" }, { text: "from the other model" });
    const { submit, shows, store, conversation, until } = await setup();
    await submit("remember 7");
    await shows("noted");
    await submit("/model");
    await until(() => store.getSnapshot().prompt.kind === "select", "the model list");
    store.handleKey({ input: "", downArrow: true });
    store.handleKey({ input: "", return: true });
    await shows("Model: other-model (conversation kept)");
    expect(conversation.current.setup.model).toBe("litellm:other-model");
    await submit("what number?");
    await shows("from the other model");
    expect(server.chatBodies()[1]?.model).toBe("other-model");
    expect(JSON.stringify(server.chatBodies()[1]?.messages)).toContain("remember 7");
  });

  it("/clear starts a new agent without the messages", async () => {
    server.enqueue({ text: "noted" });
    const { submit, shows, conversation } = await setup();
    await submit("remember 7");
    await shows("noted");
    const first = conversation.current;
    await submit("/clear");
    await shows("New conversation:");
    expect(conversation.current).not.toBe(first);
    expect(conversation.current.messages).toEqual([]);
  });

  it("/permissions says when the permissions plugin is off, /help lists the commands and keys", async () => {
    const { submit, shows, screen } = await setup();
    await submit("/permissions");
    await shows("The permissions plugin is disabled");
    await submit("/help");
    await shows("Ctrl+C or Ctrl+D (empty input): quit");
    for (const command of ["/help", "/permissions", "/model", "/clear", "/exit"]) expect(screen()).toContain(command);
  });

  it("names the closest command for a mistyped one", async () => {
    const { submit, shows } = await setup();
    await submit("/clera");
    await shows("Unknown command: /clera (did you mean /clear?)");
  });
});
