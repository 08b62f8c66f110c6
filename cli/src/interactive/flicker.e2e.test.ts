import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundleBuilt } from "./testing/maia-terminal.ts";
import { terminalPerTest } from "./testing/terminal-per-test.ts";
import { tmuxAvailable } from "./testing/tmux-terminal.ts";

const ready = tmuxAvailable() && bundleBuilt();
const HELP = "Your request — /help: help";

/** 2,000 tokens, one SSE chunk each, with a new line every dozen tokens; `end` closes the answer. */
const streamed = (end: string) => ({
  text: [...Array.from({ length: 2_000 }, (_, index) => (index % 12 === 11 ? `w${index}\n` : `w${index} `)), `\n${end}`],
  chunkDelayMs: 1,
});

const maia = terminalPerTest({ modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });

describe("no flicker and no lost scrollback, in a real terminal", () => {
  it.runIf(ready)("writes no more bytes while 2,000 tokens stream under a 3,000-line history than under an empty one", { timeout: 120_000 }, async () => {
    const longAnswer = Array.from({ length: 3_000 }, (_, index) => `history line ${String(index).padStart(4, "0")}`).join("\n\n");
    maia.server.enqueue(streamed("END-OF-FIRST"), { text: `${longAnswer}\n\nEND-OF-LONG` }, streamed("END-OF-SECOND"));
    const { terminal } = await maia.start({ lang: "en", columns: 100, rows: 40 });
    await terminal.waitFor(HELP);
    // The context bar comes with the tokenizer: wait for it, so that it does not land in one measure only.
    await terminal.waitFor("200k");
    await terminal.recordBytes();

    const measure = async (prompt: string, end: string) => {
      const before = terminal.bytesWritten();
      await terminal.submit(prompt);
      await terminal.waitFor(end, { timeoutMs: 60_000 });
      await terminal.waitFor(HELP, { timeoutMs: 30_000 });
      await new Promise((resolve) => setTimeout(resolve, 300)); // the pipe to the recording file lags a little
      return terminal.bytesWritten() - before;
    };

    const withShortHistory = await measure("first", "END-OF-FIRST");
    await measure("long", "END-OF-LONG");
    const withLongHistory = await measure("second", "END-OF-SECOND");
    expect(withLongHistory).toBeLessThan(withShortHistory * 1.25 + 20_000);

    const recorded = readFileSync(terminal.recordingFile ?? "", "latin1");
    // Ink never cleared the screen or the scrollback, and framed its redraws for the terminal.
    expect(recorded).not.toContain("\u001b[2J");
    expect(recorded).not.toContain("\u001b[3J");
    expect(recorded).toContain("\u001b[?2026h");

    // The scrollback holds the history once, complete: nothing lost, nothing written twice.
    const history = await terminal.history();
    for (const line of ["history line 0000", "history line 1500", "history line 2999", "END-OF-FIRST", "END-OF-SECOND"]) {
      expect(history.split(line).length - 1).toBe(1);
    }
  });

  it.runIf(ready)("writes no more bytes per token with the completion list open under the input box", { timeout: 120_000 }, async () => {
    const cwd = mkdtempSync(path.join(os.tmpdir(), "maia-proj-"));
    for (const name of ["alpha", "beta", "gamma", "delta", "epsilon"]) {
      mkdirSync(path.join(cwd, name));
      writeFileSync(path.join(cwd, name, "file.ts"), "x\n");
    }
    maia.server.enqueue(streamed("END-OF-FIRST"), streamed("END-OF-SECOND"));
    const { terminal } = await maia.start({ lang: "en", columns: 100, rows: 40, cwd });
    await terminal.waitFor(HELP);
    await terminal.waitFor("200k");
    await terminal.recordBytes();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 300)); // the pipe to the recording file lags a little

    let before = terminal.bytesWritten();
    await terminal.submit("first");
    await terminal.waitFor("END-OF-FIRST", { timeoutMs: 60_000 });
    await terminal.waitFor(HELP, { timeoutMs: 30_000 });
    await settle();
    const withoutList = terminal.bytesWritten() - before;

    before = terminal.bytesWritten();
    await terminal.submit("second");
    // Typed while the answer streams: the list opens under the box and stays there.
    await terminal.type("@");
    await terminal.waitFor(/^ @epsilon\/\s*$/m);
    await terminal.waitFor("END-OF-SECOND", { timeoutMs: 60_000 });
    await terminal.waitFor(/^ @epsilon\/\s*$/m);
    await settle();
    const withList = terminal.bytesWritten() - before;
    expect(withList).toBeLessThan(withoutList * 1.25 + 20_000);
  });
});

