import { setActiveLocale } from "@maia/kernel";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InkUI } from "./ink-ui.ts";
import { FakeTerminal, IdleKeyboard } from "./testing/fake-terminal.ts";
import { UIStore } from "./ui-store.ts";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until the whole history has been written, however busy the machine is. */
async function settle(terminal: FakeTerminal, last: string): Promise<void> {
  while (!terminal.text.includes(last)) await sleep(20);
  await sleep(100);
}

/** 2,000 tokens of an answer: words, with a new line every dozen tokens, as a model streams them. */
const TOKENS = Array.from({ length: 2_000 }, (_, index) => (index % 12 === 11 ? `word${index}\n` : `word${index} `));

async function streamWithHistory(historyEntries: number) {
  const terminal = new FakeTerminal(100, 40);
  const ui = new InkUI({ stdout: terminal.stream, stdin: new IdleKeyboard().stream, env: {}, store: new UIStore(), patchConsole: false });
  ui.mount();
  ui.banner("/tmp/project");
  for (let index = 0; index < historyEntries; index += 1) {
    ui.text(`### Entry ${index}\n\nSome **earlier** answer number ${index}, with \`code\` and a list:\n\n- one\n- two`);
    if (index % 50 === 0) await sleep(1);
  }
  void ui.readInput();
  ui.setBusy(true);
  await settle(terminal, historyEntries > 0 ? `Entry ${historyEntries - 1}` : "/tmp/project");
  terminal.reset();
  ui.onEvent({ type: "thinking", active: true });
  // 40 frames of 50 tokens: one frame each (the store's 50 ms frame comes before the 60 ms pause ends), so that
  // both runs draw as many frames whatever the machine's load, and bytes compare like for like.
  for (const [index, token] of TOKENS.entries()) {
    ui.onEvent({ type: "text", text: token });
    if (index % 50 === 49) await sleep(60);
  }
  const streamed = { bytes: terminal.bytes, largestWrite: terminal.largestWrite, text: terminal.text };
  ui.onEvent({ type: "text_end" });
  ui.onEvent({ type: "thinking", active: false });
  await sleep(150);
  await ui.close();
  return streamed;
}

beforeEach(() => setActiveLocale("en"));
afterEach(() => setActiveLocale(undefined));

describe("no flicker, no lost scrollback", () => {
  it("writes as many bytes while 2,000 tokens stream whether the history is short or 1,000 entries long", { timeout: 60_000 }, async () => {
    const short = await streamWithHistory(5);
    const long = await streamWithHistory(1_000);
    // The history is in the scrollback, written once: streaming costs the same above 5 or 1,000 entries.
    expect(long.bytes).toBeLessThan(short.bytes * 1.25 + 10_000);
    // Each frame rewrites at most the live area (40 rows × 100 columns, with colours), never the history.
    expect(long.largestWrite).toBeLessThan(40 * 100 * 4);
    // The screen is never cleared (that is what makes Ink apps flicker and lose their scrollback).
    for (const run of [short, long]) {
      expect(run.text).not.toContain("\u001b[2J");
      expect(run.text).not.toContain("\u001b[3J");
    }
  });

  it("frames each redraw as one synchronized update (DEC mode 2026)", { timeout: 60_000 }, async () => {
    const run = await streamWithHistory(5);
    const begins = run.text.split("\u001b[?2026h").length - 1;
    const ends = run.text.split("\u001b[?2026l").length - 1;
    expect(begins).toBeGreaterThan(5);
    expect(ends).toBe(begins);
  });
});
