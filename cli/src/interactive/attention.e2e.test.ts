import { existsSync, readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { bundleBuilt, lastUserText } from "./testing/maia-terminal.ts";
import { terminalPerTest } from "./testing/terminal-per-test.ts";
import { tmuxAvailable } from "./testing/tmux-terminal.ts";

/** What a user reads, in each language. */
const TEXT = {
  en: {
    inputHelp: "Your request — /help: help",
    interrupted: "Request interrupted",
    queued: (text: string) => `⧗ queued: ${text}`,
    queuedKeys: "Esc: drop it",
    done: "MAIA — done",
    waiting: "MAIA — waiting for you",
    allowWrite: "Allow Write: a.txt?",
    yes: "y",
    idle: "MAIA is waiting for your input",
  },
  fr: {
    inputHelp: "Votre demande — /help : aide",
    interrupted: "Demande interrompue",
    queued: (text: string) => `⧗ en attente : ${text}`,
    queuedKeys: "Échap : la retirer",
    done: "MAIA — terminé",
    waiting: "MAIA — vous attend",
    allowWrite: "Autoriser Write : a.txt ?",
    yes: "o",
    idle: "MAIA attend votre réponse",
  },
} as const;

const ready = tmuxAvailable() && bundleBuilt();
const MODEL_INFO = { "fake-model": { max_input_tokens: 200_000 } };
/** Focus reports as a terminal sends them (DECSET 1004): CSI O, focus lost; CSI I, focus back. */
const FOCUS_OUT = ["1b", "5b", "4f"];
const FOCUS_IN = ["1b", "5b", "49"];

/** Polls `read` until `accept` holds (the machine is loaded: generous, and no sleep stands for a wait). */
async function until<T>(read: () => Promise<T> | T, accept: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > end) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(["en", "fr"] as const)("interrupting, queueing and notifying in a real terminal (%s)", (lang) => {
  const text = TEXT[lang];
  const maiaPerTest = terminalPerTest({ models: ["fake-model"], modelInfo: MODEL_INFO });

  it.runIf(ready)("Esc interrupts a running turn as Ctrl+C does, and the conversation goes on", { timeout: 90_000 }, async () => {
    const { server } = maiaPerTest;
    server.enqueue({ hang: true, text: "partial answer" }, { text: "second answer" });
    const { terminal } = await maiaPerTest.start({ lang });
    await terminal.waitFor(text.inputHelp);
    await terminal.submit("first question");
    await terminal.waitFor("partial answer");
    await terminal.press("Escape");
    await terminal.waitFor(text.interrupted);
    await terminal.waitFor(text.inputHelp);
    await terminal.submit("second question");
    await terminal.waitFor("second answer");
    const second = server.chatBodies()[1];
    expect(lastUserText(second)).toBe("second question");
    expect(JSON.stringify(second?.messages)).not.toContain("first question");
  });

  it.runIf(ready)("shows queued requests under the log, lets ↑ take one back and Esc drop one, then sends the rest in order", { timeout: 120_000 }, async () => {
    const { server } = maiaPerTest;
    server.enqueue({ hang: true, text: "partial answer" }, { text: "answer to one" }, { text: "answer to two" });
    const { terminal } = await maiaPerTest.start({ lang });
    await terminal.waitFor(text.inputHelp);
    await terminal.submit("first question");
    await terminal.waitFor("partial answer");
    for (const line of ["one", "two", "three"]) {
      await terminal.submit(line);
      await terminal.waitFor(text.queued(line));
    }
    const listed = await terminal.screen();
    expect(listed).toContain(text.queuedKeys);
    // Esc on the empty box drops the newest; the turn still runs.
    await terminal.press("Escape");
    await terminal.waitForGone(text.queued("three"));
    expect(await terminal.screen()).not.toContain(text.interrupted);
    // ↑ on the empty box takes the newest back to be edited; Enter queues it again.
    await terminal.press("Up");
    await terminal.waitForGone(text.queued("two"));
    await terminal.type(" more");
    await terminal.waitFor(/two more/);
    await terminal.press("Enter");
    await terminal.waitFor(text.queued("two more"));
    // With nothing to drop (text in the box), Esc interrupts; each queued request is then its own turn.
    await terminal.type("x");
    await terminal.press("Escape");
    await terminal.waitFor(text.interrupted);
    await terminal.waitFor("answer to two", { timeoutMs: 30_000 });
    // What was typed before Esc is still in the box, ready to be sent.
    await until(() => server.chatBodies().length, (count) => count === 3);
    const asked = server.chatBodies().map((body) => lastUserText(body));
    expect(asked).toEqual(["first question", "one", "two more"]);
    expect(await terminal.screen()).not.toContain(text.queued(""));
  });

  it.runIf(ready)("rings and titles an unfocused terminal when a turn ends or a confirmation waits, tells the Notification hooks, and gives the title back with the focus", { timeout: 120_000 }, async () => {
    const { server } = maiaPerTest;
    server.enqueue(
      { text: "focused answer" },
      { text: "unfocused answer" },
      { toolCalls: [{ name: "Write", arguments: { path: "a.txt", content: "a\n" } }] },
      { text: "Written." },
    );
    const home = await mkdtemp(path.join(os.tmpdir(), "maia-home-"));
    const seen = path.join(home, "notifications.jsonl");
    const hook = { hooks: [{ type: "command", command: `cat >> '${seen}'; echo >> '${seen}'` }] };
    server.writeSettings(home, { hooks: { Notification: [hook] } });
    const { terminal } = await maiaPerTest.start({ lang, home, noSettings: true });
    await terminal.waitFor(text.inputHelp);
    await terminal.recordBytes();
    const before = await terminal.title();

    // A terminal that never reported focus is taken as focused: no bell, no title.
    await terminal.submit("first");
    await terminal.waitFor("focused answer");
    await terminal.waitFor(text.inputHelp);
    expect(readFileSync(terminal.recordingFile ?? "", "latin1")).not.toContain("\u0007");
    expect(await terminal.title()).toBe(before);

    // Focus lost: the report never reaches the input box; the end of the turn rings and titles.
    await terminal.sendBytes(...FOCUS_OUT);
    await terminal.submit("second");
    await terminal.waitFor("unfocused answer");
    await until(() => terminal.title(), (title) => title === text.done);
    const screen = await terminal.screen();
    expect(screen).not.toContain("[O");
    expect(screen).not.toContain("[I");
    await until(() => readFileSync(terminal.recordingFile ?? "", "latin1"), (bytes) => bytes.includes("\u0007"));
    const idle = await until(() => (existsSync(seen) ? readFileSync(seen, "utf8") : ""), (content) => content.includes("idle_prompt"));
    const event = JSON.parse(idle.trim().split("\n")[0] ?? "{}") as Record<string, unknown>;
    expect(event).toMatchObject({ hook_event_name: "Notification", notification_type: "idle_prompt", message: text.idle });

    // Focus back: the user's title again.
    await terminal.sendBytes(...FOCUS_IN);
    await until(() => terminal.title(), (title) => title === before);

    // A confirmation while unfocused: "waiting for you".
    await terminal.sendBytes(...FOCUS_OUT);
    await terminal.submit("write it");
    await terminal.waitFor(text.allowWrite);
    await until(() => terminal.title(), (title) => title === text.waiting);
    const asked = await until(() => readFileSync(seen, "utf8"), (content) => content.includes("permission_prompt"));
    const prompt = asked
      .trim()
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((entry) => entry.notification_type === "permission_prompt");
    expect(prompt).toMatchObject({ hook_event_name: "Notification", notification_type: "permission_prompt" });
    await terminal.sendBytes(...FOCUS_IN);
    await until(() => terminal.title(), (title) => title === before);
    await terminal.press(text.yes);
    await terminal.waitFor("Written.");
    expect(await terminal.screen()).not.toMatch(/\[[IO]/);
  });
});

describe("terminal notifications turned off", () => {
  const maiaPerTest = terminalPerTest({ models: ["fake-model"], modelInfo: MODEL_INFO });

  it.runIf(ready)("MAIA_NO_NOTIFY=1: no bell and no title, even unfocused", { timeout: 90_000 }, async () => {
    maiaPerTest.server.enqueue({ text: "quiet answer" });
    const { terminal } = await maiaPerTest.start({ lang: "en", env: { MAIA_NO_NOTIFY: "1" } });
    await terminal.waitFor(TEXT.en.inputHelp);
    await terminal.recordBytes();
    const before = await terminal.title();
    await terminal.sendBytes(...FOCUS_OUT);
    await terminal.submit("hello");
    await terminal.waitFor("quiet answer");
    await terminal.waitFor(TEXT.en.inputHelp);
    expect(await terminal.title()).toBe(before);
    expect(readFileSync(terminal.recordingFile ?? "", "latin1")).not.toContain("\u0007");
  });
});
