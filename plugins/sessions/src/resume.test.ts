import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { Conversation, NO_INTERACTION, setActiveLocale, type AgentSession } from "@maia/kernel";
import { createTestKernel, runCommand } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import sessionsPlugin, { type SessionsApi } from "./index.ts";

const litellm = await firstParty("litellm");
const servers: FakeLiteLLM[] = [];
beforeEach(() => setActiveLocale("en"));
afterEach(async () => {
  setActiveLocale(undefined);
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(startContext?: string) {
  const server = await startFakeLiteLLM({ script: [] });
  servers.push(server);
  const { kernel, cwd, homeDir } = await createTestKernel([litellm, sessionsPlugin as never], { frontEnd: "headless" });
  server.writeSettings(homeDir);
  const host = await Conversation.start({ kernel, model: "fake-model", interaction: NO_INTERACTION, ...(startContext === undefined ? {} : { startContext }) });
  const api = kernel.plugins.get<SessionsApi>("sessions")?.api;
  if (!api) throw new Error("no sessions API");
  const started: AgentSession[] = [];
  kernel.hooks.sessionStart.tap("test", (session) => void started.push(session));
  return { server, kernel, cwd, host, api, started };
}

const SAVED = {
  version: 1,
  name: "Notes",
  createdAt: "2024-05-06T07:08:09.000Z",
  updatedAt: "2024-05-06T07:08:09.000Z",
  model: "fake-model",
  messages: [
    { role: "user", content: [{ type: "text", text: "remember the colour blue" }] },
    { role: "assistant", content: [{ type: "text", text: "noted, blue" }] },
  ],
  pendingContext: ["a file read earlier"],
};

async function writeSession(cwd: string, name: string, value: unknown) {
  await mkdir(join(cwd, ".maia", ".sessions"), { recursive: true });
  await writeFile(join(cwd, ".maia", ".sessions", `${name}.json`), typeof value === "string" ? value : JSON.stringify(value));
}

describe("resume: one way for --resume, --continue, /load and ACP session/load", () => {
  it("an untouched host keeps its session and takes the saved conversation, name and file", async () => {
    const { server, kernel, cwd, host, api, started } = await start();
    await writeSession(cwd, "Notes", SAVED);
    const before = host.current;
    const session = await api.resume(host, "notes");
    expect(session).toBe(before);
    expect(host.current).toBe(before);
    expect(started).toEqual([]);
    expect(session.messages).toHaveLength(2);
    expect(session.pendingContext).toEqual(["a file read earlier"]);
    expect(api.nameOf(session)).toBe("Notes");
    expect(api.fileOf(session)).toBe(".maia/.sessions/Notes.json");
    server.enqueue({ text: "it was blue" });
    expect((await host.submit("which colour?")).status).toBe("done");
    expect(JSON.stringify(server.chatBodies().at(-1))).toContain("remember the colour blue");
  });

  it("a summary the host was not built with has it restarted, with that summary as starting context", async () => {
    const { kernel, cwd, host, api, started } = await start();
    await writeSession(cwd, "Notes__1", { ...SAVED, name: "Notes__1", messages: [], startContext: "We chose blue." });
    const before = host.current;
    const session = await api.resume(host);
    expect(session).not.toBe(before);
    expect(host.current).toBe(session);
    expect(started).toEqual([session]);
    expect(session.setup.restartReason).toBe("load");
    expect(session.startContext).toBe("We chose blue.");
    expect(api.nameOf(session)).toBe("Notes__1");
    await kernel.endSession(session);
  });

  it("a host built with the saved summary (opened first, as headless mode does) is not built again", async () => {
    const first = await start();
    await writeSession(first.cwd, "Notes__1", { ...SAVED, name: "Notes__1", startContext: "We chose blue." });
    const saved = await first.api.openForResume("notes__1");
    const { host, api, started } = await start(saved.startContext);
    const before = host.current;
    expect(await api.resume(host, saved)).toBe(before);
    expect(started).toEqual([]);
    expect(before.messages).toHaveLength(2);
  });

  it("a host with a conversation of its own is restarted; that one is saved and left as it was", async () => {
    const { server, kernel, cwd, host, api, started } = await start();
    await writeSession(cwd, "Notes", SAVED);
    server.enqueue({ text: "hello" });
    await host.submit("something else");
    const own = host.current;
    const session = await api.resume(host, "Notes");
    expect(session).not.toBe(own);
    expect(started).toEqual([session]);
    expect(own.messages).toHaveLength(2);
    expect(JSON.stringify(own.messages)).toContain("something else");
    expect(session.messages).toEqual(SAVED.messages);
    await kernel.endSession(session);
  });

  it("an unknown name, no session at all or a broken file: a precise error, and the host is left alone", async () => {
    const { kernel, cwd, host, api, started } = await start();
    const before = host.current;
    await expect(api.resume(host)).rejects.toThrow("No saved session to continue in .maia/.sessions.");
    await writeSession(cwd, "Notes", SAVED);
    await writeSession(cwd, "broken", "{ nope");
    await expect(api.resume(host, "Nots")).rejects.toThrow("No session named « Nots » in .maia/.sessions. Did you mean: « Notes »?");
    await expect(api.resume(host, "broken")).rejects.toThrow(/^Session file \.maia\/\.sessions\/broken\.json is unreadable: /);
    expect(host.current).toBe(before);
    expect(before.messages).toEqual([]);
    expect(started).toEqual([]);
    // /load says the same, through its output.
    const loaded = await runCommand(kernel, host, "load", "Nots");
    expect(loaded.all("error")).toEqual(["No session named « Nots » in .maia/.sessions. Did you mean: « Notes »?"]);
  });
});
