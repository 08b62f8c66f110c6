import { mkdir, readFile, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { Conversation, NO_INTERACTION, setActiveLocale } from "@maia/kernel";
import { createTestKernel, runCommand } from "@maia/testing-kernel";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { firstParty } from "@maia/testing-plugins";
import sessionsPlugin, { type SessionsApi } from "./index.ts";

const litellm = await firstParty("litellm");

const servers: FakeLiteLLM[] = [];
beforeEach(() => setActiveLocale("en"));
afterEach(async () => {
  setActiveLocale(undefined);
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start() {
  const server = await startFakeLiteLLM({ script: [] });
  servers.push(server);
  const { kernel, cwd, homeDir } = await createTestKernel([litellm, sessionsPlugin as never], { frontEnd: "headless" });
  server.writeSettings(homeDir);
  const session = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
  const api = kernel.plugins.get<SessionsApi>("sessions")?.api;
  if (!api) throw new Error("no sessions API");
  return { server, kernel, cwd, session, api, host: Conversation.over(kernel, session) };
}

/**
 * A file as a user (or an older MAIA) may have it: no version, no dates, no model, and a last assistant message
 * whose tool call has no result — MAIA was killed while the call ran.
 */
const HAND_WRITTEN = `{
  "messages": [
    { "role": "user", "content": [{ "type": "text", "text": "read the notes" }] },
    { "role": "assistant", "content": [{ "type": "text", "text": "Reading." }, { "type": "tool_use", "id": "call_7", "name": "Read", "input": { "path": "notes.md" } }] }
  ]
}
`;

async function writeSession(cwd: string, name: string, text: string) {
  const file = join(cwd, ".maia", ".sessions", `${name}.json`);
  await mkdir(join(cwd, ".maia", ".sessions"), { recursive: true });
  await writeFile(file, text);
  // An old date, so that any rewrite, even of the same bytes, shows.
  const old = new Date("2020-01-02T03:04:05Z");
  await utimes(file, old, old);
  return file;
}

const snapshot = async (file: string) => ({ text: await readFile(file, "utf8"), mtime: (await stat(file)).mtimeMs });

describe("loading a session never rewrites its file", () => {
  it("/load: defaults and the repair stay in memory; the file changes only when the conversation does", async () => {
    const { kernel, cwd, host } = await start();
    const file = await writeSession(cwd, "notes", HAND_WRITTEN);
    const before = await snapshot(file);
    const loaded = await runCommand(kernel, host, "load", "notes");
    expect(loaded.all("error")).toEqual([]);
    await kernel.endSession(host.current);
    expect(await snapshot(file)).toEqual(before);

    // Loaded again and continued: the request the provider gets answers call_7 right after the call.
    const again = await start();
    const file2 = await writeSession(again.cwd, "notes", HAND_WRITTEN);
    await runCommand(again.kernel, again.host, "load", "notes");
    again.server.enqueue({ text: "Let me read it again." });
    expect((await again.kernel.runTurn(again.host.current, "go on")).status).toBe("done");
    const sent = again.server.chatBodies().at(-1)?.messages ?? [];
    const callAt = sent.findIndex((message) => message.role === "assistant" && JSON.stringify(message).includes("call_7"));
    expect(sent[callAt + 1]).toMatchObject({ role: "tool", tool_call_id: "call_7", content: expect.stringContaining("not run: MAIA stopped before it finished") });
    expect(sent.at(-1)).toMatchObject({ role: "user", content: "go on" });
    // Now the conversation changed: the file is written, whole, with the repair and the new turn.
    const saved = JSON.parse(await readFile(file2, "utf8"));
    expect(saved).toMatchObject({ version: 1, name: "notes" });
    // The request joins the user message that holds the repaired result (seed § 6.2.3).
    expect(saved.messages).toHaveLength(4);
    expect(saved.messages[2].content).toEqual([
      { type: "tool_result", toolUseId: "call_7", content: "not run: MAIA stopped before it finished", isError: true },
      { type: "text", text: "go on" },
    ]);
  });

  it("--resume (openForResume + adopt), with nothing asked, leaves the file as it was", async () => {
    const { kernel, cwd, api } = await start();
    const file = await writeSession(cwd, "notes", HAND_WRITTEN);
    const before = await snapshot(file);
    const saved = await api.openForResume("notes");
    expect(saved.messages).toHaveLength(3);
    const resumed = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    api.adopt(resumed, saved);
    expect(await api.save(resumed)).toEqual({ status: "unchanged", name: "notes" });
    await kernel.endSession(resumed);
    expect(await snapshot(file)).toEqual(before);
  });

  it("a complete session file loaded and left is byte for byte the same", async () => {
    const { kernel, cwd, host } = await start();
    const text = `{"version":1,"name":"Other Name","createdAt":"2024-05-06T07:08:09.000Z","model":"old-model","messages":[{"role":"user","content":[{"type":"text","text":"hi"}]},{"role":"assistant","content":[{"type":"text","text":"hello"}]}],"pendingContext":["ctx"]}`;
    const file = await writeSession(cwd, "plain", text);
    const before = await snapshot(file);
    await runCommand(kernel, host, "load", "plain");
    await runCommand(kernel, host, "new");
    await kernel.endSession(host.current);
    expect(await snapshot(file)).toEqual(before);
  });
});
