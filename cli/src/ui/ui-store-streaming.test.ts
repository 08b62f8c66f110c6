import { describe, expect, it } from "vitest";
import type { AnswerPart } from "./answer-stream.ts";
import { UIStore } from "./ui-store.ts";

const frame = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A store whose answers are plain text, with a writer that keeps what it is given (as Ink's frame would). */
function storeWithWriter(accept: (part: AnswerPart) => boolean = () => true) {
  const written: AnswerPart[] = [];
  const store = new UIStore({ streamFrameMs: 20, answers: { ready: () => undefined, blocks: () => undefined } });
  store.setAnswerWriter((part) => {
    if (!accept(part)) return false;
    written.push(part);
    return true;
  });
  return { store, written };
}

describe("a streamed answer's frames", () => {
  it("write the closed lines through the writer once per frame, not to the log, and leave the open one live", async () => {
    const { store, written } = storeWithWriter();
    let told = 0;
    store.subscribe(() => (told += 1));
    for (let index = 0; index < 30; index += 1) store.appendText(index % 10 === 9 ? `t${index}\n` : `t${index} `);
    store.appendText("open");
    expect(told).toBe(0);
    expect(written).toEqual([]);
    await frame(40);
    expect(told).toBe(1);
    expect(written.map((part) => part.text.split("\n").length)).toEqual([3]);
    expect(store.getSnapshot().entries).toEqual([]);
    expect(store.getStreaming()).toBe("open");
    store.endText();
    expect(written.at(-1)).toEqual({ text: "open", gapBefore: 0, gapAfter: 1 });
    expect(store.getStreaming()).toBe("");
  });

  it("change the open text and the frame number, not the snapshot: the rest of the screen is not drawn again", async () => {
    const { store } = storeWithWriter();
    store.setThinking(true);
    const snapshot = store.getSnapshot();
    const frameBefore = store.getFrame();
    store.appendText("first line\nsecond li");
    await frame(40);
    expect(store.getSnapshot()).toBe(snapshot);
    expect(store.getFrame()).toBeGreaterThan(frameBefore);
    expect(store.getStreaming()).toBe("second li");
    store.setThinking(false);
    expect(store.getSnapshot()).not.toBe(snapshot);
  });

  it("keep the log's order: rows that come while an entry waits to be written go to the log after it", async () => {
    // Markdown waits for its renderer, and what follows it in the log waits behind it.
    let loaded = false;
    let rendererLoaded = () => undefined as void;
    const loading = new Promise<void>((resolve) => (rendererLoaded = () => ((loaded = true), resolve())));
    const whenDrawable = (body: { kind: string }) => (body.kind === "markdown" && !loaded ? loading : undefined);
    const store = new UIStore({ streamFrameMs: 20, answers: { ready: () => undefined, blocks: () => undefined }, whenDrawable });
    const written: AnswerPart[] = [];
    store.setAnswerWriter((part) => (written.push(part), true));
    store.add({ kind: "markdown", text: "# waiting" });
    store.appendText("after it\n");
    await frame(40);
    store.endText();
    expect(written).toEqual([]);
    rendererLoaded();
    await store.drained();
    expect(store.getSnapshot().entries.map((entry) => (entry.kind === "answer" ? entry.text : entry.kind))).toEqual(["markdown", "after it", ""]); // "": the blank row that ends an answer
    // Once they are written (acknowledged), rows go straight to the writer again.
    store.acknowledge(store.getSnapshot().entries.at(-1)?.id ?? 0);
    store.appendText("straight\n");
    await frame(40);
    expect(written.map((part) => part.text)).toEqual(["straight"]);
  });

  it("give the log what the writer cannot write exactly, in order with what it wrote", async () => {
    const { store, written } = storeWithWriter((part) => !part.text.includes("wide"));
    store.appendText("one\n");
    await frame(40);
    store.appendText("wide\n");
    await frame(40);
    expect(written.map((part) => part.text)).toEqual(["one"]);
    expect(store.getSnapshot().entries.map((entry) => entry.kind === "answer" && entry.text)).toEqual(["wide"]);
    // An entry is waiting in the log (not yet acknowledged as written): the next rows queue behind it.
    store.appendText("three\n");
    await frame(40);
    expect(written.map((part) => part.text)).toEqual(["one"]);
    expect(store.getSnapshot().entries.map((entry) => entry.kind === "answer" && entry.text)).toEqual(["wide", "three"]);
    store.acknowledge(store.getSnapshot().entries.at(-1)?.id ?? 0);
    store.appendText("four\n");
    store.endText();
    expect(written.map((part) => part.text)).toEqual(["one", "four"]);
  });
});
