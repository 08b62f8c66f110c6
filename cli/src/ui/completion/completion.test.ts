import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import builtinTools from "@maia/plugin-builtin-tools";
import { describe, expect, it } from "vitest";
import { UIStore } from "../ui-store.ts";
import type { KeyPress } from "../ui-types.ts";
import type { Completer } from "./completion-item.ts";
import { PathIndex } from "./path-index.ts";
import { rankNamed } from "./rank.ts";

/** A launch folder as a user has one: sources, a .gitignore, what it ignores. */
async function project(): Promise<string> {
  const cwd = await mkdtemp(path.join(os.tmpdir(), "maia-complete-"));
  for (const file of ["src/app.ts", "src/apple/core.ts", "README.md", "dist/app.js", "notes/app notes.md", "node_modules/x/index.js"]) {
    await mkdir(path.dirname(path.join(cwd, file)), { recursive: true });
    await writeFile(path.join(cwd, file), "x\n");
  }
  await writeFile(path.join(cwd, ".gitignore"), "dist/\n");
  return cwd;
}

async function storeOver(cwd: string) {
  const index = new PathIndex({ list: (visit, signal) => builtinTools.api!.listFiles(cwd, visit, signal) });
  await index.refresh();
  const completer: Completer = {
    items: (trigger) =>
      trigger.kind === "path"
        ? index.rank(trigger.query, 50)
        : trigger.kind === "command"
          ? rankNamed([{ value: "help", hint: "help" }, { value: "review", hint: "Review files" }], trigger.query, 50)
          : [],
  };
  const store = new UIStore();
  store.setCompleter(completer);
  const line = store.readInput();
  const type = (text: string) => {
    for (const input of text) store.handleKey({ input });
  };
  const press = (key: Partial<KeyPress>) => store.handleKey({ input: "", ...key });
  const shown = () => store.getSnapshot().completion?.items.map((item) => item.value);
  return { store, line, type, press, shown };
}

describe("completion in the input box (real files, real store)", () => {
  it("lists the launch folder's entries after @, folders first, .gitignore and node_modules left out", async () => {
    const { type, shown } = await storeOver(await project());
    type("look at @");
    expect(shown()).toEqual(["notes/", "src/", ".gitignore", "README.md"]);
  });

  it("matches fuzzily as the user types, takes a folder with Tab and goes on inside it", async () => {
    const { store, type, press, shown } = await storeOver(await project());
    type("@apcor");
    expect(shown()?.[0]).toBe("src/apple/core.ts");
    press({ backspace: true });
    press({ backspace: true });
    press({ backspace: true });
    press({ backspace: true });
    press({ backspace: true });
    type("sr");
    expect(shown()?.[0]).toBe("src/");
    press({ tab: true });
    expect(store.getSnapshot().editor).toEqual({ text: "@src/", cursor: 5 });
    expect(shown()).toEqual(["src/apple/", "src/app.ts"]);
    press({ downArrow: true });
    press({ return: true });
    expect(store.getSnapshot().editor.text).toBe("@src/app.ts ");
    expect(shown()).toBeUndefined();
  });

  it("gives Tab and Enter to the list when they come in one chunk with the letters before them (fast typing)", async () => {
    const { store, line, press, shown } = await storeOver(await project());
    store.handleKey({ input: "explain @sr\t" });
    expect(store.getSnapshot().editor.text).toBe("explain @src/");
    expect(shown()).toEqual(["src/apple/", "src/app.ts"]);
    store.handleKey({ input: "app.t\r" });
    expect(store.getSnapshot().editor.text).toBe("explain @src/app.ts ");
    store.handleKey({ input: "now\rnext line" });
    await expect(line).resolves.toEqual({ kind: "line", text: "explain @src/app.ts now" });
    expect(store.getSnapshot().editor.text).toBe("next line");
    press({ tab: true });
    expect(store.getSnapshot().editor.text).toBe("next line");
  });

  it("quotes a path with a blank, closes with Esc until the word changes", async () => {
    const { store, type, press, shown } = await storeOver(await project());
    type("@appnotes");
    expect(shown()?.[0]).toBe("notes/app notes.md");
    press({ escape: true });
    expect(shown()).toBeUndefined();
    type("x");
    expect(shown()).toBeUndefined();
    press({ backspace: true });
    type(" @appnotes");
    press({ tab: true });
    expect(store.getSnapshot().editor.text).toBe("@appnotes @'notes/app notes.md' ");
  });

  it("lists commands after / at the start; Enter sends a command already typed in full", async () => {
    const { store, line, type, press, shown } = await storeOver(await project());
    type("/");
    expect(store.getSnapshot().completion?.items).toEqual([
      { value: "help", hint: "help" },
      { value: "review", hint: "Review files" },
    ]);
    type("rv");
    press({ tab: true });
    expect(store.getSnapshot().editor.text).toBe("/review ");
    press({ backspace: true });
    expect(shown()).toEqual(["review"]);
    press({ return: true });
    await expect(line).resolves.toEqual({ kind: "line", text: "/review" });
  });
});

describe("Enter with the list open", () => {
  it("takes an item the user chose or began to type, and sends a typo as typed (did you mean)", async () => {
    const begun = await storeOver(await project());
    begun.type("/rev");
    begun.press({ return: true });
    expect(begun.store.getSnapshot().editor.text).toBe("/review ");
    const chosen = await storeOver(await project());
    chosen.type("/");
    chosen.press({ downArrow: true });
    chosen.press({ return: true });
    expect(chosen.store.getSnapshot().editor.text).toBe("/review ");
    const typo = await storeOver(await project());
    typo.type("/revew");
    expect(typo.shown()).toEqual(["review"]);
    typo.press({ return: true });
    await expect(typo.line).resolves.toEqual({ kind: "line", text: "/revew" });
  });
});

describe("PathIndex", () => {
  it("answers from its last listing and lists again in the background once that listing is old", async () => {
    const cwd = await project();
    let now = 0;
    let listings = 0;
    const index = new PathIndex({
      list: (visit, signal) => {
        listings += 1;
        return builtinTools.api!.listFiles(cwd, visit, signal);
      },
      now: () => now,
      maxAgeMs: 1_000,
    });
    expect(index.rank("", 50)).toEqual([]); // nothing listed yet: no items, no waiting
    await index.refresh();
    await writeFile(path.join(cwd, "NEW.md"), "x\n");
    now = 500;
    expect(index.rank("", 50).map((item) => item.value)).not.toContain("NEW.md");
    expect(listings).toBe(1);
    now = 2_000;
    expect(index.rank("", 50).map((item) => item.value)).not.toContain("NEW.md"); // the refresh runs behind
    await index.refresh();
    expect(index.rank("", 50).map((item) => item.value)).toContain("NEW.md");
    expect(listings).toBe(2);
  });
});
