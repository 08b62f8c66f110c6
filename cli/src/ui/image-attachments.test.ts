import type { ImageBlock } from "@maia/kernel";
import { setActiveLocale } from "@maia/kernel";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { imageChip } from "./image-chips.ts";
import { UIStore, type KeyPress } from "./ui-store.ts";

const key = (input: string, extra: Partial<KeyPress> = {}): KeyPress => ({ input, ...extra });
const image = (name: string): ImageBlock => ({ type: "image", mediaType: "image/png", hash: "0".repeat(64), name, width: 1280, height: 720, size: 215_040, data: "QUJD" });

beforeEach(() => setActiveLocale("en"));
afterEach(() => setActiveLocale(undefined));

describe("images attached to the request (issue 38)", () => {
  it("labels a chip with its number, name, size in pixels and bytes", () => {
    expect(imageChip(1, image("shot.png"))).toBe("[image 1: shot.png 1280×720, 210 KB]");
    setActiveLocale("fr");
    expect(imageChip(2, image("shot.png"))).toBe("[image 2 : shot.png 1280×720, 210 Ko]");
  });

  it("sends the attached images with the line, then starts over without them", async () => {
    const store = new UIStore();
    const line = store.readInput();
    store.attach(image("a.png"));
    store.attach(image("b.png"));
    expect(store.getSnapshot().attachments.map((attached) => attached.name)).toEqual(["a.png", "b.png"]);
    for (const char of "look") store.handleKey(key(char));
    store.handleKey(key("", { return: true }));
    await expect(line).resolves.toEqual({ kind: "line", text: "look", images: [image("a.png"), image("b.png")] });
    expect(store.getSnapshot().attachments).toEqual([]);
  });

  it("sends images alone, without text", async () => {
    const store = new UIStore();
    const line = store.readInput();
    store.attach(image("a.png"));
    store.handleKey(key("", { return: true }));
    await expect(line).resolves.toEqual({ kind: "line", text: "", images: [image("a.png")] });
  });

  it("removes the last image with Backspace at the start of the line, and edits the text otherwise", () => {
    const store = new UIStore();
    void store.readInput();
    store.attach(image("a.png"));
    store.attach(image("b.png"));
    store.handleKey(key("x"));
    store.handleKey(key("", { backspace: true }));
    expect(store.getSnapshot().editor.text).toBe("");
    expect(store.getSnapshot().attachments).toHaveLength(2);
    store.handleKey(key("", { backspace: true }));
    expect(store.getSnapshot().attachments.map((attached) => attached.name)).toEqual(["a.png"]);
    store.handleKey(key("", { backspace: true }));
    expect(store.getSnapshot().attachments).toEqual([]);
  });

  it("hands a pasted text and Ctrl+V to the image handlers; a paste they do not take goes in as text", () => {
    const store = new UIStore();
    void store.readInput();
    const asked: string[] = [];
    store.setImageHandlers({ pastedPath: (text) => (asked.push(text), text.endsWith(".png")), clipboard: () => asked.push("clipboard") });
    store.paste("/tmp/shot.png");
    store.paste("hello");
    store.handleKey(key("v", { ctrl: true }));
    expect(asked).toEqual(["/tmp/shot.png", "hello", "clipboard"]);
    expect(store.getSnapshot().editor.text).toBe("hello");
  });

  it("queues the images with a request typed during a turn, and ↑ takes them back with it", async () => {
    const store = new UIStore();
    const first = store.readInput();
    for (const char of "one") store.handleKey(key(char));
    store.handleKey(key("", { return: true }));
    await first;
    store.attach(image("q.png"));
    for (const char of "two") store.handleKey(key(char));
    store.handleKey(key("", { return: true }));
    expect(store.getSnapshot().queued).toEqual(["two"]);
    expect(store.getSnapshot().attachments).toEqual([]);
    store.handleKey(key("", { upArrow: true }));
    expect(store.getSnapshot().editor.text).toBe("two");
    expect(store.getSnapshot().attachments.map((attached) => attached.name)).toEqual(["q.png"]);
    store.handleKey(key("", { return: true }));
    await expect(store.readInput()).resolves.toEqual({ kind: "line", text: "two", images: [image("q.png")] });
  });
});
