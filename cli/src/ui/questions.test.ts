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

describe("UIStore free-text questions", () => {
  const answered = (store: UIStore) => store.getSnapshot().entries.flatMap((entry) => (entry.kind === "answered" ? [`${entry.question} ${entry.answer}`] : []));

  it("shows the question in the input zone, edits the answer with the input box's keys, answers with Enter", async () => {
    const store = new UIStore();
    store.setBusy(true);
    const answer = store.input("Nom du nouvel agent ?");
    expect(store.getSnapshot().prompt).toEqual({ kind: "question", question: "Nom du nouvel agent ?", editor: { text: "", cursor: 0 } });
    type(store, "mon agent");
    store.handleKey(ctrl("w"));
    type(store, "relecteur");
    store.handleKey(ctrl("a"));
    store.handleKey(key("", { rightArrow: true }));
    store.handleKey(key("", { delete: true }));
    store.handleKey(ctrl("e"));
    store.handleKey(key("", { leftArrow: true }));
    store.handleKey(key("", { backspace: true }));
    store.handleKey(key("", { upArrow: true })); // no history here
    expect(store.getSnapshot().prompt).toMatchObject({ editor: { text: "mn relecter", cursor: 10 } });
    store.handleKey(ctrl("u")); // erases up to the cursor: the last letter stays
    type(store, "helper");
    store.handleKey(key("", { return: true }));
    await expect(answer).resolves.toBe("helperr");
    expect(store.getSnapshot().prompt.kind).toBe("busy");
    expect(answered(store)).toEqual(["Nom du nouvel agent ? helperr"]);
    expect(store.history.entries).toEqual([]);
  });

  it("declines with Esc, Ctrl+C or Ctrl+D on an empty answer, and Ctrl+C neither interrupts nor quits", async () => {
    const store = new UIStore();
    let interrupted = 0;
    store.setInterruptHandler(() => (interrupted += 1));
    store.setBusy(true);
    for (const press of [key("", { escape: true }), ctrl("c"), ctrl("d")]) {
      const answer = store.input("Nom ?");
      store.handleKey(press);
      await expect(answer).resolves.toBeUndefined();
    }
    expect(interrupted).toBe(0);
    expect(answered(store)).toEqual(["Nom ? annulé", "Nom ? annulé", "Nom ? annulé"]);
    // Back at the prompt, Ctrl+C leaves as before.
    const line = store.readInput();
    store.handleKey(ctrl("c"));
    await expect(line).resolves.toEqual({ kind: "exit", via: "ctrl-c" });
  });

  it("returns an empty answer as it is: the caller decides what it means", async () => {
    const store = new UIStore();
    const answer = store.input("Nom ?");
    store.handleKey(key("", { return: true }));
    await expect(answer).resolves.toBe("");
  });

  it("starts from the initial text, takes a paste, and answers with the first line of a typed chunk", async () => {
    const store = new UIStore();
    const first = store.input("Nom ?", { initial: "mauvais nom" });
    expect(store.getSnapshot().prompt).toMatchObject({ editor: { text: "mauvais nom", cursor: 11 } });
    store.handleKey(ctrl("u"));
    store.paste("collé");
    store.handleKey(key("", { return: true }));
    await expect(first).resolves.toBe("collé");
    const second = store.input("Nom ?");
    store.handleKey(key("rapide\rreste"));
    await expect(second).resolves.toBe("rapide");
  });

  it("keeps what was typed in the input box apart, and gives it back afterwards", async () => {
    const store = new UIStore();
    store.setBusy(true);
    type(store, "la suite");
    const answer = store.input("Nom ?");
    type(store, "x");
    store.handleKey(key("", { return: true }));
    await expect(answer).resolves.toBe("x");
    expect(store.getSnapshot().editor.text).toBe("la suite");
    expect(store.getSnapshot().queued).toEqual([]);
  });

  it("waits for the question before it, and is withdrawn by its signal", async () => {
    const store = new UIStore();
    const confirm = store.confirm("Autoriser ?");
    const controller = new AbortController();
    const answer = store.input("Nom ?", { signal: controller.signal });
    type(store, "o");
    await expect(confirm).resolves.toBe("yes");
    await new Promise((resolve) => setImmediate(resolve));
    expect(store.getSnapshot().prompt).toMatchObject({ kind: "question", question: "Nom ?" });
    controller.abort();
    await expect(answer).resolves.toBeUndefined();
    expect(store.getSnapshot().prompt.kind).toBe("busy");
  });
});
