import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bundleBuilt, startMaia } from "./testing/maia-terminal.ts";
import { tmuxAvailable, type TmuxTerminal } from "./testing/tmux-terminal.ts";

const ready = tmuxAvailable() && bundleBuilt();
const TYPED = "hello from the very first moment";

let server: FakeLiteLLM;
let terminal: TmuxTerminal | undefined;

beforeEach(async () => {
  server = await startFakeLiteLLM({ models: ["fake-model"], modelInfo: { "fake-model": { max_input_tokens: 200_000 } } });
});
afterEach(async () => {
  await terminal?.close();
  terminal = undefined;
  await server.close();
});

/**
 * The screen, with its colours, once the start is over (the context bar shows the model's size, after the plugins'
 * messages) and two captures half a second apart are the same. The prompt's arrow is an animation that rests on
 * whichever frame it was at: it is left out.
 */
async function settled(term: TmuxTerminal): Promise<string> {
  await term.waitFor("/ 200k", { timeoutMs: 60_000 });
  let last = await term.coloredScreen();
  for (let tries = 0; tries < 60; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = await term.coloredScreen();
    if (now === last) return now.replace(/[▹▸]{5}/g, "(arrow)");
    last = now;
  }
  return last.replace(/[▹▸]{5}/g, "(arrow)");
}

describe("the banner and the input zone written before Ink loads (first-paint.ts, early-input.ts)", () => {
  it.runIf(ready)("loses nothing typed at once, and gives the very screen of a start typed into later", { timeout: 120_000 }, async () => {
    const home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
    const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-proj-"));
    // Typed the moment the banner shows, while Ink and the input box are still loading. (Not before: what is
    // typed before the program has even started is echoed by the terminal itself, as for any program.)
    const early = await startMaia(server, { lang: "en", home, cwd });
    terminal = early.terminal;
    await terminal.waitFor("▄", { timeoutMs: 60_000 });
    await terminal.type(TYPED);
    await terminal.waitFor(TYPED, { timeoutMs: 60_000 });
    const typedEarly = await settled(terminal);
    const history = await terminal.history();
    expect(history.split("One agent, many models").length - 1).toBe(1); // the banner once, not drawn twice
    expect(history.split("Working folder:").length - 1).toBe(1);
    await terminal.close();
    // Typed once the input box is there.
    const late = await startMaia(server, { lang: "en", home, cwd });
    terminal = late.terminal;
    await terminal.waitFor("Your request", { timeoutMs: 60_000 });
    await terminal.type(TYPED);
    await terminal.waitFor(TYPED, { timeoutMs: 60_000 });
    const typedLate = await settled(terminal);
    expect(typedEarly).toBe(typedLate);
    // The box drawn before Ink (early-input.ts) gave way to Ink's: one input zone in the whole scrollback.
    expect((await terminal.history()).split(TYPED).length - 1).toBe(1);
    expect((await terminal.history()).match(/^┈+$/gm)).toHaveLength(2);
  });

  it.runIf(ready)("runs a line sent in the early box before showing an empty box again, so the next line is sent too", { timeout: 120_000 }, async () => {
    server.enqueue({ text: "Second line answered." });
    const home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
    const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-proj-"));
    const started = await startMaia(server, { lang: "en", home, cwd });
    terminal = started.terminal;
    await terminal.waitFor("▄", { timeoutMs: 60_000 });
    await terminal.recordBytes();
    await terminal.submit("/clear");
    await terminal.waitFor("New conversation", { timeoutMs: 60_000 });
    // From the line typed to /clear's answer, no frame shows the box empty: Ink's first frame holds "/clear" as
    // the early box did, then the box is busy. (An empty box there is where a user types the next line, which
    // then reached Ink in one chunk with the early Enter and stayed in the box, unsent.)
    const written = readFileSync(terminal.recordingFile ?? "", "utf8");
    const [from, to] = [written.indexOf("/clear"), written.indexOf("New conversation")];
    expect(from).toBeGreaterThanOrEqual(0);
    expect(to).toBeGreaterThan(from);
    const between = written.slice(from, to);
    expect(between).not.toContain("Your request");
    await terminal.waitFor("Your request");
    await terminal.submit("the second line");
    await terminal.waitFor("Second line answered.", { timeoutMs: 30_000 });
  });
});
