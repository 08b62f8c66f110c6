import { setActiveLocale } from "@maia/kernel";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InkUI } from "./ink-ui.ts";
import { loadMarkdown } from "./markdown.ts";
import { FakeTerminal, IdleKeyboard } from "./testing/fake-terminal.ts";
import { UIStore } from "./ui-store.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `text` is on the terminal, however busy the machine (formatting's first use is slow there). */
async function shown(terminal: FakeTerminal, text: string): Promise<void> {
  while (!terminal.plain().includes(text)) await sleep(10);
}
const BEGIN = "\u001b[?2026h";
const END = "\u001b[?2026l";
let ui: InkUI | undefined;

/** The real InkUI on a fake terminal; frames of `frameMs` (a minute: only what the test does draws one). */
function mount(frameMs = 60_000) {
  const terminal = new FakeTerminal(100, 30);
  ui = new InkUI({ stdout: terminal.stream, stdin: new IdleKeyboard().stream, env: {}, store: new UIStore({ streamFrameMs: frameMs }), patchConsole: false });
  ui.mount();
  return { ui, terminal };
}

/** The synchronized updates written so far, each as plain text (no colours, no cursor moves). */
function updates(terminal: FakeTerminal): string[] {
  // eslint-disable-next-line no-control-regex -- escape sequences are what is removed.
  const plain = (text: string) => text.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, "");
  return terminal.text
    .split(BEGIN)
    .slice(1)
    .map((update) => plain(update.split(END)[0] ?? ""));
}

beforeAll(() => loadMarkdown());
beforeEach(() => setActiveLocale("en"));
afterEach(async () => {
  await ui?.close();
  ui = undefined;
  setActiveLocale(undefined);
});

describe("a streamed answer on the terminal", () => {
  it("writes the formatted rows of a frame and takes their text out of the live area in one synchronized update", async () => {
    const { ui, terminal } = mount(30);
    void ui.readInput();
    ui.setBusy(true);
    await sleep(50);
    ui.onEvent({ type: "text", text: "The **first** line, formatted\nsecond li" });
    await shown(terminal, "The first line, formatted");
    // The frame of the delta: the row it closed, formatted (no asterisks left), with the live area redrawn holding
    // only what is still open; the raw line was never drawn.
    const frame = updates(terminal).find((update) => update.includes("The first line, formatted"));
    expect(frame).toContain("second li");
    expect(terminal.plain()).not.toContain("**first**");
    ui.onEvent({ type: "text", text: "ne still open" });
    // (Ink rewrites a changed row from its first changed column.)
    await shown(terminal, "ne still open");
    ui.onEvent({ type: "text_end" });
    ui.setBusy(false);
  });

  it("writes the end of an answer with the frame its end draws, without waiting for the next one", async () => {
    const { ui, terminal } = mount();
    void ui.readInput();
    ui.onEvent({ type: "text", text: "# Title\n\nthe **last** words" });
    ui.onEvent({ type: "text_end" });
    await new Promise((resolve) => setImmediate(resolve));
    expect(terminal.plain()).toContain("the last words");
    expect(terminal.plain()).not.toContain("**last**");
  });

  it("keeps the log in order around what is written straight above the live area", async () => {
    const { ui, terminal } = mount(20);
    void ui.readInput();
    ui.onEvent({ type: "text", text: "before the warning\n" });
    await shown(terminal, "before the warning");
    ui.warn("a warning in between");
    ui.onEvent({ type: "text", text: "after the warning\n" });
    await shown(terminal, "after the warning");
    ui.onEvent({ type: "text", text: "the end" });
    ui.onEvent({ type: "text_end" });
    ui.info("after the answer");
    await shown(terminal, "after the answer");
    const screen = terminal.plain();
    const order = ["before the warning", "a warning in between", "after the warning", "the end", "after the answer"].map((text) => screen.indexOf(text));
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // Each closed line is written once: the scrollback never gets a row twice.
    for (const text of ["before the warning", "after the warning", "the end"]) expect(screen.split(text).length - 1).toBe(1);
  });
});
