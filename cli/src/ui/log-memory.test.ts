import { setActiveLocale } from "@maia/kernel";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InkUI } from "./ink-ui.ts";
import { loadMarkdown } from "./markdown.ts";
import { FakeTerminal, IdleKeyboard } from "./testing/fake-terminal.ts";
import { UIStore } from "./ui-store.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let ui: InkUI | undefined;

beforeAll(() => loadMarkdown());
beforeEach(() => setActiveLocale("en"));
afterEach(async () => {
  await ui?.close();
  ui = undefined;
  setActiveLocale(undefined);
});

/** A mark no other text contains, so that its copies on screen can be counted. */
const mark = (index: number) => `Q${String(index).padStart(4, "0")}Z`;
const count = (text: string, word: string) => text.split(word).length - 1;

describe("a long session's log (issue 6: no memory growth per turn)", () => {
  it("holds only the entries <Static> has not written yet, and writes each of 1,000 entries exactly once", { timeout: 60_000 }, async () => {
    const terminal = new FakeTerminal(100, 30);
    const store = new UIStore({ streamFrameMs: 5 });
    ui = new InkUI({ stdout: terminal.stream, stdin: new IdleKeyboard().stream, env: {}, store, patchConsole: false });
    let held = 0;
    store.subscribe(() => (held = Math.max(held, store.getSnapshot().entries.length)));
    ui.mount();
    void ui.readInput();
    // Turns as the loop makes them: the request, a tool call and its result, the answer streamed then written.
    const total = 1_000;
    for (let index = 0; index < total; index += 4) {
      ui.showUser(`question ${mark(index)}`);
      ui.onEvent({ type: "tool_call", id: String(index), name: "Read", summary: mark(index + 1), input: {}, kind: "read", locations: [] });
      ui.onEvent({ type: "tool_result", id: String(index), name: "Read", output: `1\t${mark(index + 2)}`, isError: false });
      ui.onEvent({ type: "text", text: `The **answer** is ${mark(index + 3)}.` });
      ui.onEvent({ type: "text_end" });
      await sleep(index % 40 === 0 ? 10 : 0);
    }
    await ui.store.drained();
    await sleep(100);
    ui.setBusy(true); // one more change: the next frame no longer carries what was written
    await sleep(50);

    const screen = terminal.plain();
    const wrong = Array.from({ length: total }, (_, index) => mark(index)).filter((word) => count(screen, word) !== 1);
    expect(wrong).toEqual([]);
    expect(screen).toContain("answer is"); // formatted: the bold marks are gone
    expect(screen).not.toContain("**answer**");
    // What the store held at any moment is what one render had to write, not the session.
    expect(held).toBeLessThan(50);
    expect(store.getSnapshot().entries).toHaveLength(0);
  });
});
