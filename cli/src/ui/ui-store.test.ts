import { setActiveLocale } from "@maia/kernel";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { UIStore, type KeyPress } from "./ui-store.ts";

const key = (input: string, extra: Partial<KeyPress> = {}): KeyPress => ({ input, ...extra });
const ctrl = (letter: string): KeyPress => ({ input: letter, ctrl: true });
const type = (store: UIStore, text: string) => {
  for (const char of text) store.handleKey(key(char));
};

beforeEach(() => setActiveLocale("fr"));
afterEach(() => setActiveLocale(undefined));

describe("UIStore input", () => {
  it("sends the typed line on Enter and keeps it in the history", async () => {
    const store = new UIStore();
    const line = store.readInput();
    type(store, "bonjour");
    expect(store.getSnapshot().editor).toEqual({ text: "bonjour", cursor: 7 });
    store.handleKey(key("", { return: true }));
    await expect(line).resolves.toEqual({ kind: "line", text: "bonjour" });
    expect(store.getSnapshot().prompt.kind).toBe("busy");
    expect(store.history.entries).toEqual(["bonjour"]);
  });

  it("ignores Enter on an empty line", async () => {
    const store = new UIStore();
    const line = store.readInput();
    store.handleKey(key("", { return: true }));
    type(store, "x");
    store.handleKey(key("", { return: true }));
    await expect(line).resolves.toEqual({ kind: "line", text: "x" });
  });

  it("edits with ←/→, Ctrl+A/E, Ctrl+U and Ctrl+W", () => {
    const store = new UIStore();
    void store.readInput();
    type(store, "un deux trois");
    store.handleKey(ctrl("w"));
    expect(store.getSnapshot().editor.text).toBe("un deux ");
    store.handleKey(ctrl("a"));
    type(store, ">");
    expect(store.getSnapshot().editor).toEqual({ text: ">un deux ", cursor: 1 });
    store.handleKey(ctrl("e"));
    store.handleKey(key("", { leftArrow: true }));
    store.handleKey(key("", { leftArrow: true }));
    store.handleKey(key("", { rightArrow: true }));
    store.handleKey(ctrl("u"));
    expect(store.getSnapshot().editor).toEqual({ text: " ", cursor: 0 });
  });

  it("walks the history with ↑/↓ and gives the draft back", async () => {
    const store = new UIStore();
    for (const text of ["premier", "second"]) {
      const line = store.readInput();
      type(store, text);
      store.handleKey(key("", { return: true }));
      await line;
    }
    void store.readInput();
    type(store, "brouillon");
    store.handleKey(key("", { upArrow: true }));
    expect(store.getSnapshot().editor.text).toBe("second");
    store.handleKey(key("", { upArrow: true }));
    store.handleKey(key("", { upArrow: true }));
    expect(store.getSnapshot().editor.text).toBe("premier");
    store.handleKey(key("", { downArrow: true }));
    store.handleKey(key("", { downArrow: true }));
    expect(store.getSnapshot().editor.text).toBe("brouillon");
  });

  it("keeps a multi-line paste whole and sends it with Enter", async () => {
    const store = new UIStore();
    const line = store.readInput();
    store.paste("ligne 1\r\nligne 2\nligne 3");
    store.handleKey(key("", { return: true }));
    await expect(line).resolves.toEqual({ kind: "line", text: "ligne 1\nligne 2\nligne 3" });
  });

  it("adds a line with Alt+Enter", () => {
    const store = new UIStore();
    void store.readInput();
    type(store, "a");
    store.handleKey(key("", { return: true, meta: true }));
    type(store, "b");
    expect(store.getSnapshot().editor.text).toBe("a\nb");
  });

  it("leaves on Ctrl+C at the prompt, and on Ctrl+D only when the line is empty", async () => {
    const store = new UIStore();
    await expect(
      (async () => {
        const line = store.readInput();
        store.handleKey(ctrl("c"));
        return line;
      })(),
    ).resolves.toEqual({ kind: "exit", via: "ctrl-c" });
    const second = store.readInput();
    type(store, "ab");
    store.handleKey(key("", { leftArrow: true }));
    store.handleKey(ctrl("d"));
    expect(store.getSnapshot().editor.text).toBe("a");
    store.handleKey(ctrl("u"));
    store.handleKey(ctrl("d"));
    await expect(second).resolves.toEqual({ kind: "exit", via: "ctrl-d" });
  });

  it("sends the first line of a chunk that carries a carriage return and keeps the rest for later", async () => {
    const store = new UIStore();
    const line = store.readInput();
    store.handleKey(key("salut\rsuite"));
    await expect(line).resolves.toEqual({ kind: "line", text: "salut" });
    void store.readInput();
    expect(store.getSnapshot().editor.text).toBe("suite");
  });

  it("takes a command typed right after a control key, read in one chunk, as the command", async () => {
    const store = new UIStore();
    const line = store.readInput();
    store.handleKey(key("\f/hooks\r"));
    await expect(line).resolves.toEqual({ kind: "line", text: "/hooks" });
    void store.readInput();
    store.handleKey(key("a\u0000bc\u007f"));
    expect(store.getSnapshot().editor.text).toBe("ab");
  });

  it("takes the control keys of a chunk in order: Ctrl+U read with the text typed after it still empties the line", () => {
    const store = new UIStore();
    void store.readInput();
    type(store, "§h");
    store.handleKey(key("\u0015&rev"));
    expect(store.getSnapshot().editor.text).toBe("&rev");
    store.handleKey(key("\u0001>\u0005<"));
    expect(store.getSnapshot().editor).toEqual({ text: ">&rev<", cursor: 6 });
  });

  it("calls the interrupt handler on Ctrl+C while busy", () => {
    const store = new UIStore();
    let interrupted = 0;
    store.setInterruptHandler(() => (interrupted += 1));
    store.setBusy(true);
    store.handleKey(ctrl("c"));
    expect(interrupted).toBe(1);
  });

  it("keeps what is typed during a turn, and sends each queued line in order, one input each", async () => {
    const store = new UIStore();
    store.setBusy(true);
    type(store, "la suite");
    expect(store.getSnapshot().editor.text).toBe("la suite");
    store.handleKey(key("", { return: true }));
    expect(store.getSnapshot().queued).toEqual(["la suite"]);
    type(store, "encore");
    store.handleKey(key("", { return: true }));
    expect(store.getSnapshot().queued).toEqual(["la suite", "encore"]);
    await expect(store.readInput()).resolves.toEqual({ kind: "line", text: "la suite" });
    await expect(store.readInput()).resolves.toEqual({ kind: "line", text: "encore" });
    expect(store.getSnapshot().queued).toEqual([]);
  });

  it("never types a focus report whose halves came apart", () => {
    const store = new UIStore();
    void store.readInput();
    store.handleKey(key("[O"));
    store.handleKey(key("a"));
    store.handleKey(key("[I"));
    expect(store.getSnapshot().editor.text).toBe("a");
  });

  it("interrupts on Esc during a turn, like Ctrl+C", () => {
    const store = new UIStore();
    let interrupted = 0;
    store.setInterruptHandler(() => (interrupted += 1));
    store.setBusy(true);
    store.handleKey(key("", { escape: true }));
    type(store, "du texte");
    store.handleKey(key("", { escape: true }));
    expect(interrupted).toBe(2);
  });

  it("drops the newest queued line on Esc with an empty box, and gives it back to edit on ↑", () => {
    const store = new UIStore();
    let interrupted = 0;
    store.setInterruptHandler(() => (interrupted += 1));
    store.setBusy(true);
    for (const line of ["un", "deux", "trois"]) {
      type(store, line);
      store.handleKey(key("", { return: true }));
    }
    store.handleKey(key("", { escape: true }));
    expect(store.getSnapshot().queued).toEqual(["un", "deux"]);
    store.handleKey(key("", { upArrow: true }));
    expect(store.getSnapshot().queued).toEqual(["un"]);
    expect(store.getSnapshot().editor.text).toBe("deux");
    // With text in the box, ↑ is the history again and Esc interrupts.
    store.handleKey(key("", { escape: true }));
    expect(interrupted).toBe(1);
    expect(store.getSnapshot().queued).toEqual(["un"]);
  });

  it("gives Ctrl+C and Esc to the hook interrupter first, when it stops something", () => {
    const store = new UIStore();
    let interrupted = 0;
    let running = true;
    store.setInterruptHandler(() => (interrupted += 1));
    store.setHookInterrupter(() => {
      const was = running;
      running = false;
      return was;
    });
    store.setBusy(true);
    store.handleKey(ctrl("c"));
    expect(interrupted).toBe(0);
    store.handleKey(ctrl("c"));
    expect(interrupted).toBe(1);
  });
});

describe("UIStore questions", () => {
  it("answers a confirmation with o or y, and records « ◆ question : oui »", async () => {
    const store = new UIStore();
    const first = store.confirm("Autoriser Write : a.txt ?");
    expect(store.getSnapshot().prompt).toEqual({ kind: "confirm", question: "Autoriser Write : a.txt ?", allowStop: false });
    store.handleKey(key("", { return: true })); // Enter alone is ignored
    store.handleKey(key("s")); // no stop in a plain confirmation
    store.handleKey(key("o"));
    await expect(first).resolves.toBe("yes");
    const second = store.confirm("Encore ?");
    store.handleKey(key("y"));
    await expect(second).resolves.toBe("yes");
    expect(store.getSnapshot().entries.map((entry) => (entry.kind === "answered" ? `${entry.question} ${entry.answer}` : ""))).toEqual([
      "Autoriser Write : a.txt ? oui",
      "Encore ? oui",
    ]);
  });

  it("refuses with n, Esc or Ctrl+C, and stops with s when asked with stop", async () => {
    const store = new UIStore();
    for (const press of [key("n"), key("", { escape: true }), ctrl("c")]) {
      const answer = store.confirm("Q ?", { allowStop: true });
      store.handleKey(press);
      await expect(answer).resolves.toBe("no");
    }
    const stop = store.confirm("Q ?", { allowStop: true });
    store.handleKey(key("s"));
    await expect(stop).resolves.toBe("stop");
  });

  it("asks one question at a time", async () => {
    const store = new UIStore();
    const first = store.confirm("Premier ?");
    const second = store.confirm("Second ?");
    await Promise.resolve();
    expect(store.getSnapshot().prompt).toMatchObject({ question: "Premier ?" });
    store.handleKey(key("n"));
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.getSnapshot().prompt).toMatchObject({ question: "Second ?" });
    store.handleKey(key("o"));
    await expect(second).resolves.toBe("yes");
  });

  it("answers no when the request is interrupted while it asks", async () => {
    const store = new UIStore();
    const controller = new AbortController();
    const answer = store.confirm("Q ?", { signal: controller.signal });
    controller.abort();
    await expect(answer).resolves.toBe("no");
    expect(store.getSnapshot().prompt.kind).not.toBe("confirm");
  });

  it("moves through a list with ↑/↓ and j/k, chooses with Enter, cancels with Esc", async () => {
    const store = new UIStore();
    const choices = ["a", "b", "c"].map((label) => ({ label }));
    const chosen = store.select("Modèle", choices);
    store.handleKey(key("", { downArrow: true }));
    store.handleKey(key("j"));
    store.handleKey(key("j")); // stays on the last one
    store.handleKey(key("k"));
    expect(store.getSnapshot().prompt).toMatchObject({ kind: "select", index: 1 });
    store.handleKey(key("", { return: true }));
    await expect(chosen).resolves.toBe(1);
    const cancelled = store.select("Modèle", choices);
    store.handleKey(key("", { escape: true }));
    await expect(cancelled).resolves.toBeUndefined();
  });

  it("comes back to the input with the typed text once a question is answered", async () => {
    const store = new UIStore();
    void store.readInput();
    type(store, "en cours");
    const answer = store.confirm("Q ?");
    type(store, "x"); // goes to the question, not the text
    store.handleKey(key("o"));
    await answer;
    expect(store.getSnapshot().prompt.kind).toBe("input");
    expect(store.getSnapshot().editor.text).toBe("en cours");
  });
});

describe("UIStore status", () => {
  it("shows the newest activity still running, and the one before when it ends", () => {
    const store = new UIStore();
    const first = store.beginActivity("Sous-agent « alpha » au travail");
    const second = store.beginActivity("Sous-agent « beta » au travail");
    expect(store.getSnapshot().activity).toBe("Sous-agent « beta » au travail");
    second();
    expect(store.getSnapshot().activity).toBe("Sous-agent « alpha » au travail");
    second(); // twice is harmless
    const third = store.beginActivity("Chargement");
    first();
    expect(store.getSnapshot().activity).toBe("Chargement");
    third();
    expect(store.getSnapshot().activity).toBeUndefined();
  });
});

describe("UIStore log and streaming", () => {
  it("coalesces streamed text into one redraw per frame: closed lines go to the log formatted, the open one stays live", async () => {
    const store = new UIStore({ streamFrameMs: 20 });
    let redraws = 0;
    store.subscribe(() => (redraws += 1));
    for (let index = 0; index < 100; index += 1) store.appendText(index % 10 === 9 ? `t${index}\n` : `t${index} `);
    store.appendText("open **line");
    expect(redraws).toBe(0);
    expect(store.getSnapshot().entries).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(redraws).toBe(1);
    const entries = store.getSnapshot().entries;
    expect(entries.map((entry) => entry.kind)).toEqual(["answer"]);
    expect(entries[0]?.kind === "answer" && entries[0].text.split("\n")).toHaveLength(10);
    expect(store.getStreaming()).toBe("open **line");
  });

  it("never drops the last frame: the end of the answer is written at once, a blank row after it", () => {
    const store = new UIStore({ streamFrameMs: 60_000 });
    store.appendText("first line\nlast line");
    store.endText();
    expect(store.getStreaming()).toBe("");
    const entries = store.getSnapshot().entries;
    expect(entries.map((entry) => entry.kind === "answer" && [entry.text, entry.gapBefore, entry.gapAfter])).toEqual([["first line\nlast line", 0, 1]]);
  });

  it("keeps the log in order: an entry added while an answer streams comes after what was streamed before it", () => {
    const store = new UIStore({ streamFrameMs: 60_000 });
    store.appendText("before\nstill ");
    store.log("warn", "a warning");
    store.appendText("open\n");
    store.endText();
    expect(store.getSnapshot().entries.map((entry) => (entry.kind === "answer" ? entry.text : entry.kind))).toEqual(["before", "log", "still open"]);
  });

  it("keeps a streamed answer as written while the renderer loads, and gives it whole to the log at the end", () => {
    const waiting = new Promise<void>(() => undefined);
    const store = new UIStore({ streamFrameMs: 1, answers: { ready: () => waiting, blocks: () => undefined } });
    store.appendText("# Title\n\ntext");
    store.setThinking(true); // a frame
    expect(store.getStreaming()).toBe("# Title\n\ntext");
    store.endText();
    expect(store.getSnapshot().entries.map((entry) => entry.kind === "markdown" && entry.text)).toEqual(["# Title\n\ntext"]);
  });

  it("hands a long Markdown text to the screen in pieces, keeping what follows after it", async () => {
    const store = new UIStore();
    const history = Array.from({ length: 600 }, (_, index) => `Message ${index}.`).join("\n\n");
    store.add({ kind: "markdown", text: history });
    store.log("info", "Session chargée");
    expect(store.getSnapshot().entries).toHaveLength(1); // the first piece at once, the rest one per tick
    await store.drained();
    const entries = store.getSnapshot().entries;
    expect(entries.length).toBeGreaterThan(10);
    expect(entries.at(-1)).toMatchObject({ kind: "log", text: "Session chargée" });
    const text = entries.flatMap((entry) => (entry.kind === "markdown" ? [entry.text] : [])).join("\n\n");
    expect(text).toBe(history);
  });

  it("previews tool results on 600 characters", () => {
    const store = new UIStore();
    store.toolResult("Read", "x".repeat(1_000), false);
    const entry = store.getSnapshot().entries[0];
    expect(entry?.kind === "tool_result" && entry.output).toBe(`${"x".repeat(600)}\n… (400 caractères de plus)`);
  });

  it("forgets entries once <Static> has written them, without a render of its own", () => {
    const store = new UIStore();
    let redraws = 0;
    store.subscribe(() => (redraws += 1));
    for (let index = 0; index < 25; index += 1) store.log("info", `m${index}`);
    const drawn = store.getSnapshot();
    const before = redraws;
    store.acknowledge(20);
    // The frame on screen is not redrawn for that: it stays as it was until the next change.
    expect(redraws).toBe(before);
    expect(store.getSnapshot()).toBe(drawn);
    store.setThinking(true);
    const after = store.getSnapshot();
    expect(after.entries.map((entry) => entry.kind === "log" && entry.text)).toEqual(["m20", "m21", "m22", "m23", "m24"]);
    // A new <Static> takes over: the old one has already written more items than the list now holds.
    expect(after.staticKey).toBe(drawn.staticKey + 1);
    store.acknowledge(25);
    store.log("info", "m25");
    expect(store.getSnapshot().entries.map((entry) => entry.kind === "log" && entry.text)).toEqual(["m25"]);
  });

  it("holds back Markdown (and what follows it) until it can be drawn, in order", async () => {
    let ready: () => void = () => undefined;
    let pending: Promise<void> | undefined = new Promise<void>((resolve) => (ready = resolve));
    const store = new UIStore({ whenDrawable: (body) => (body.kind === "markdown" ? pending : undefined) });
    store.log("info", "before");
    store.add({ kind: "markdown", text: "**answer**" });
    store.log("info", "after");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(store.getSnapshot().entries.map((entry) => entry.kind)).toEqual(["log"]);
    pending = undefined;
    ready();
    await store.drained();
    const entries = store.getSnapshot().entries;
    expect(entries.map((entry) => (entry.kind === "log" ? entry.text : entry.kind))).toEqual(["before", "markdown", "after"]);
    expect(entries.map((entry) => entry.id)).toEqual([1, 2, 3]);
  });
});
