import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import type { ImageBlock, Message } from "@maia/kernel";
import { setActiveLocale } from "@maia/kernel";
import { sha256Hex } from "@maia/util";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { tempFolder } from "@maia/testing-maia";
import { serializeSavedSession } from "./saved-session.ts";
import { SessionStore } from "./session-store.ts";

beforeEach(() => setActiveLocale("en"));
afterEach(() => setActiveLocale(undefined));

function image(name: string, text: string): ImageBlock {
  const bytes = Buffer.from(text);
  return { type: "image", mediaType: "image/png", hash: sha256Hex(bytes), name, width: 640, height: 480, size: bytes.byteLength, data: bytes.toString("base64") };
}

async function saved(messages: Message[]) {
  const store = new SessionStore(await tempFolder("maia-images-"));
  await store.ensureDir();
  store.images.storeSync(messages);
  await store.claim("shots", serializeSavedSession({ createdAt: "2025-01-01T00:00:00Z", updatedAt: "2025-01-01T00:00:00Z", model: "m", cwd: "/w", messages, pendingContext: [] }));
  return store;
}

describe("session images (issue 38)", () => {
  const a = image("a.png", "first picture");
  const b = image("b.png", "second picture");
  const conversation: Message[] = [
    { role: "user", content: [{ type: "text", text: "compare" }, a, b] },
    { role: "assistant", content: [{ type: "tool_use", id: "c1", name: "Read", input: { path: "a.png" } }] },
    { role: "user", content: [{ type: "tool_result", toolUseId: "c1", content: "Image a.png", images: [{ ...a }] }] },
  ];

  it("keeps one file per distinct image, named by its hash, and no base64 in the session file", async () => {
    const store = await saved(conversation);
    expect((await readdir(store.images.dir)).sort()).toEqual([`${a.hash}.png`, `${b.hash}.png`].sort());
    expect(await readFile(store.images.fileOf(a), "utf8")).toBe("first picture");
    const text = await readFile(store.fileOf("shots"), "utf8");
    expect(text).not.toContain(a.data);
    expect(text).not.toContain(b.data);
    expect(JSON.parse(text).messages[0].content[1]).toEqual({ type: "image", mediaType: "image/png", hash: a.hash, name: "a.png", width: 640, height: 480, size: 13 });
  });

  it("reads the images back with the session, bytes and all", async () => {
    const store = await saved(conversation);
    expect((await store.read("shots")).messages).toEqual(conversation);
  });

  it("replaces an image whose file is missing or damaged by a stand-in saying so; the rest loads", async () => {
    const store = await saved(conversation);
    await rm(store.images.fileOf(a));
    await writeFile(store.images.fileOf(b), "not what was hashed");
    const { messages } = await store.read("shots");
    const missing = `[image: a.png, 640×480] (its file .maia/.sessions/images/${a.hash}.png is missing or damaged: the image was not sent again)`;
    expect(messages[0]?.content).toEqual([
      { type: "text", text: "compare" },
      { type: "text", text: missing },
      { type: "text", text: `[image: b.png, 640×480] (its file .maia/.sessions/images/${b.hash}.png is missing or damaged: the image was not sent again)` },
    ]);
    expect(messages[2]?.content).toEqual([{ type: "tool_result", toolUseId: "c1", content: `Image a.png\n${missing}` }]);
  });

  it("refuses a session file whose image reference is malformed, naming the file", async () => {
    const store = await saved([]);
    await writeFile(store.fileOf("bad"), JSON.stringify({ messages: [{ role: "user", content: [{ type: "image", mediaType: "image/bmp", hash: "x", name: "a", width: 1, height: 1, size: 1 }] }] }));
    await expect(store.read("bad")).rejects.toThrow(/\.maia\/\.sessions\/bad\.json/);
  });
});
