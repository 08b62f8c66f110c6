import { mkdir, symlink, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tempFolder } from "@maia/testing-maia";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessage } from "../protocol.ts";
import { ChatHarness, scriptedAgent } from "./testing/chat-harness.ts";
import { splitMentions } from "./prompt-input.ts";

/**
 * `ChatService.SendPrompt`: files named with `@` become ACP resources (embedded when the agent takes embedded
 * context, links otherwise), images become ACP image content or are refused. The scripted agent reports the
 * blocks it received (`whoami`).
 */
let harness: ChatHarness | undefined;

afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

function blocksOf(message: ChatMessage): unknown[] {
  const text = message.parts.map((part) => (part.kind === "text" ? part.text : "")).join("");
  return (JSON.parse(/result=(.*)$/s.exec(text)?.[1] ?? "null") as { blocks: unknown[] }).blocks;
}

async function project(): Promise<string> {
  const cwd = await tempFolder("maia-hub-prompt-");
  await mkdir(path.join(cwd, "src"));
  await writeFile(path.join(cwd, "src", "a.ts"), "export const a = 1;\n");
  await writeFile(path.join(cwd, "logo.bin"), Buffer.from([0, 1, 2, 3, 0, 0, 0]));
  return cwd;
}

describe("SendPrompt: files named with @", () => {
  it("embeds text files where they are named when the agent takes embedded context; binaries go as links", async () => {
    const cwd = await project();
    harness = await ChatHarness.start({ agents: [{ ...scriptedAgent("bot", cwd), env: { SCRIPTED_AGENT_PROMPT: JSON.stringify({ embeddedContext: true }) } }] });
    const id = harness.hub.chat.sendPrompt("bot", { text: "whoami see @src/a.ts and @logo.bin, not @nothing", files: ["src/a.ts", "logo.bin"], images: [] });
    const reply = await harness.reply("bot", id);
    const real = (file: string) => pathToFileURL(path.join(cwd, file)).href;
    expect(blocksOf(reply)).toEqual([
      { type: "text", text: "whoami see " },
      { type: "resource", uri: real("src/a.ts"), text: "export const a = 1;\n" },
      { type: "text", text: " and " },
      { type: "resource_link", uri: real("logo.bin"), name: "logo.bin" },
      { type: "text", text: ", not @nothing" },
    ]);
    // The message shows what the user typed.
    expect(harness.hub.chat.conversation("bot").messages[0]?.parts).toEqual([{ kind: "text", text: "whoami see @src/a.ts and @logo.bin, not @nothing" }]);
  });

  it("sends links to an agent without embedded context, and refuses a file outside the folder, links included", async () => {
    const cwd = await project();
    const outside = await tempFolder("maia-hub-prompt-outside-");
    await writeFile(path.join(outside, "secret.txt"), "secret");
    await symlink(path.join(outside, "secret.txt"), path.join(cwd, "leak.txt"));
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot", cwd)] });
    const reply = await harness.reply("bot", harness.hub.chat.sendPrompt("bot", { text: "whoami @src/a.ts", files: ["src/a.ts"], images: [] }));
    expect(blocksOf(reply)).toEqual([
      { type: "text", text: "whoami " },
      { type: "resource_link", uri: pathToFileURL(path.join(cwd, "src/a.ts")).href, name: "src/a.ts" },
    ]);
    expect(() => harness!.hub.chat.sendPrompt("bot", { text: "whoami @../x", files: ["../x"], images: [] })).toThrow(expect.objectContaining({ status: 400 }));
    const leak = harness.hub.chat.sendPrompt("bot", { text: "whoami @leak.txt", files: ["leak.txt"], images: [] });
    await harness.waitFor("message:updated", (event) => event.message.id === leak && event.message.error !== "");
    await harness.waitFor("turn:changed", (event) => !event.busy);
    const messages = harness.hub.chat.conversation("bot").messages;
    expect(messages.find((message) => message.id === leak)).toMatchObject({ error: "leak.txt is not a file of the agent's folder." });
    // Nothing went to the agent for it.
    expect(messages.at(-1)?.id).toBe(leak);
  });
});

describe("SendPrompt: images", () => {
  it("sends a pasted image as ACP image content to an agent that takes images, and shows it in the message", async () => {
    harness = await ChatHarness.start({ agents: [{ ...scriptedAgent("bot"), env: { SCRIPTED_AGENT_PROMPT: JSON.stringify({ image: true }) } }] });
    const data = PNG.toString("base64");
    const id = harness.hub.chat.sendPrompt("bot", { text: "whoami what is this?", files: [], images: [{ mimeType: "image/png", data }] });
    const reply = await harness.reply("bot", id);
    expect(blocksOf(reply)).toEqual([
      { type: "text", text: "whoami what is this?" },
      { type: "image", mimeType: "image/png", bytes: PNG.length },
    ]);
    expect(harness.hub.chat.conversation("bot").messages[0]?.parts).toEqual([
      { kind: "text", text: "whoami what is this?" },
      { kind: "image", image: { mimeType: "image/png", data } },
    ]);
    expect(await harness.hub.services.ChatService.Capabilities("bot")).toMatchObject({ known: true, image: true, embeddedContext: false });
  });

  it("refuses an image for an agent that does not take them: at once when that is known, before sending otherwise", async () => {
    harness = await ChatHarness.start({ agents: [scriptedAgent("bot")] });
    const image = { mimeType: "image/png", data: PNG.toString("base64") };
    expect(await harness.hub.services.ChatService.Capabilities("bot")).toMatchObject({ known: false });
    // Not known yet (never started): the message is added, and refused once the agent says what it takes.
    const first = harness.hub.chat.sendPrompt("bot", { text: "whoami look", files: [], images: [image] });
    await harness.waitFor("turn:changed", (event) => !event.busy);
    const refused = harness.hub.chat.conversation("bot").messages;
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ id: first, error: expect.stringContaining("bot does not take images") });
    // Known now: refused before anything is added.
    expect(() => harness!.hub.chat.sendPrompt("bot", { text: "whoami look", files: [], images: [image] })).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringContaining("does not take images") }),
    );
    expect(harness.hub.chat.conversation("bot").messages).toHaveLength(1);
  });
});

describe("splitMentions", () => {
  it("cuts the text at each @path of the files given, longest first, and keeps it whole otherwise", () => {
    expect(splitMentions("see @a.ts and @a.tsx", ["a.ts", "a.tsx"])).toEqual([
      { kind: "text", text: "see " },
      { kind: "file", file: "a.ts" },
      { kind: "text", text: " and " },
      { kind: "file", file: "a.tsx" },
      { kind: "text", text: "" },
    ]);
    fc.assert(
      fc.property(fc.string(), fc.array(fc.string({ minLength: 1, maxLength: 6 }), { maxLength: 4 }), (text, files) => {
        const pieces = splitMentions(text, files);
        // Put back together, the pieces are the text; every file piece is one of the files.
        const joined = pieces.map((piece) => (piece.kind === "text" ? piece.text : `@${piece.file}`)).join("");
        return joined === text && pieces.every((piece) => piece.kind === "text" || files.includes(piece.file));
      }),
    );
  });
});
