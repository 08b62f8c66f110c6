import { existsSync } from "node:fs";
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { Conversation, NO_INTERACTION, setActiveLocale, type AgentSession, type FrontEnd, type Kernel } from "@maia/kernel";
import { createTestKernel, runCommand } from "@maia/testing-kernel";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { firstParty } from "@maia/testing-plugins";
import { tempFolder } from "@maia/testing-maia";
import sessionsPlugin, { type SessionsApi } from "./index.ts";

const litellm = await firstParty("litellm");

const servers: FakeLiteLLM[] = [];
beforeEach(() => setActiveLocale("en"));
afterEach(async () => {
  setActiveLocale(undefined);
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function start(options: { cwd?: string; frontEnd?: FrontEnd; answers?: string[] } = {}) {
  const server = await startFakeLiteLLM({ script: (options.answers ?? []).map((text) => ({ text })) });
  servers.push(server);
  const { kernel, cwd, homeDir } = await createTestKernel([litellm, sessionsPlugin as never], {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    frontEnd: options.frontEnd ?? "headless",
  });
  server.writeSettings(homeDir);
  const session = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
  const api = kernel.plugins.get<SessionsApi>("sessions")?.api;
  if (!api) throw new Error("no sessions API");
  return { server, kernel, cwd, session, api, host: Conversation.over(kernel, session) };
}

const sessionsDir = (cwd: string) => join(cwd, ".maia", ".sessions");
const files = async (cwd: string) => (existsSync(sessionsDir(cwd)) ? (await readdir(sessionsDir(cwd))).sort() : []);
const readSaved = async (cwd: string, name: string) => JSON.parse(await readFile(join(sessionsDir(cwd), `${name}.json`), "utf8"));

async function turn(kernel: Kernel, server: FakeLiteLLM, session: AgentSession, text: string, answer = "ok") {
  server.enqueue({ text: answer });
  const outcome = await kernel.runTurn(session, text);
  expect(outcome.status).toBe("done");
}

describe("sessions plugin", () => {
  it("saves after each turn, under the default name, and ignores .maia/ in git", async () => {
    const { kernel, server, cwd, session, api } = await start();
    await turn(kernel, server, session, "first request", "first answer");
    const name = session.state.get("sessions:name");
    expect(name).toMatch(/^session_\d{4}-\d{2}-\d{2}_\d{2}_\d{2}_\d{2}$/);
    expect(await files(cwd)).toEqual([`${name}.json`]);
    const saved = await readSaved(cwd, String(name));
    expect(saved).toMatchObject({ version: 1, name, model: "fake-model", cwd, pendingContext: [] });
    expect(saved.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "first request" }] },
      { role: "assistant", content: [{ type: "text", text: "first answer" }] },
    ]);
    await turn(kernel, server, session, "second request");
    expect((await readSaved(cwd, String(name))).messages).toHaveLength(4);
    expect(existsSync(join(cwd, ".gitignore"))).toBe(false); // not a git repository: nothing written there
    expect(api.fileOf(session)).toBe(`.maia/.sessions/${name}.json`);
  });

  it("never writes an empty session", async () => {
    const { kernel, cwd, session } = await start();
    await kernel.endSession(session);
    expect(existsSync(join(cwd, ".maia"))).toBe(false);
  });

  it("skips the save when nothing changed, also after a turn rolled back by an error", async () => {
    const { kernel, server, cwd, session } = await start();
    await turn(kernel, server, session, "hello");
    const name = String(session.state.get("sessions:name"));
    const before = await readFile(join(sessionsDir(cwd), `${name}.json`), "utf8");
    await new Promise((resolve) => setTimeout(resolve, 5));
    server.enqueue({ error: { status: 400, body: { error: { message: "bad request" } } } });
    expect((await kernel.runTurn(session, "this fails")).status).toBe("error");
    await kernel.endSession(session);
    expect(await readFile(join(sessionsDir(cwd), `${name}.json`), "utf8")).toBe(before);
  });

  it("/rename renames the file at once, and a change of case keeps one file", async () => {
    const { kernel, server, cwd, session, host } = await start();
    await turn(kernel, server, session, "hello");
    const before = String(session.state.get("sessions:name"));
    const first = await runCommand(kernel, host, "rename", '  "Refacto parser"  ');
    expect(first.all("info")).toEqual([`Session renamed: « ${before} » → « Refacto parser ».`]);
    expect(await files(cwd)).toEqual(["Refacto parser.json"]);
    await runCommand(kernel, host, "rename", "refacto PARSER");
    expect(await files(cwd)).toEqual(["refacto PARSER.json"]);
    expect((await readSaved(cwd, "refacto PARSER")).name).toBe("refacto PARSER");
  });

  it("/rename refuses an invalid name precisely and changes nothing", async () => {
    const { kernel, server, session, host } = await start();
    await turn(kernel, server, session, "hello");
    const name = session.state.get("sessions:name");
    expect((await runCommand(kernel, host, "rename", "a/b")).all("error")[0]).toContain("may not contain /");
    expect((await runCommand(kernel, host, "rename", "")).all("error")).toEqual(["Usage: /rename <name>"]);
    expect(session.state.get("sessions:name")).toBe(name);
  });

  it("/rename to the name of another session keeps both: this one gets _2, and says so", async () => {
    const { kernel, server, cwd, session, host } = await start();
    await turn(kernel, server, session, "hello");
    await runCommand(kernel, host, "rename", "notes");
    const other = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    const otherHost = Conversation.over(kernel, other);
    await turn(kernel, server, other, "another conversation");
    const result = await runCommand(kernel, otherHost, "rename", "NOTES");
    expect(result.all("warn")).toEqual(["A session named « NOTES » already exists: this one is saved as « NOTES_2 »."]);
    expect(await files(cwd)).toEqual(["NOTES_2.json", "notes.json"]);
    expect((await readSaved(cwd, "notes")).messages[0].content[0].text).toBe("hello");
  });

  it("/rename of an empty session takes effect at its first save", async () => {
    const { kernel, server, cwd, session, host } = await start();
    expect((await runCommand(kernel, host, "rename", "later")).all("info")).toEqual([
      "The session will be saved as « later » (nothing to save yet).",
    ]);
    expect(await files(cwd)).toEqual([]);
    await turn(kernel, server, session, "now");
    expect(await files(cwd)).toEqual(["later.json"]);
  });

  it("/load by name (any case) saves the current session, restores the other, shows its history, and continues it", async () => {
    const { kernel, server, cwd, session, host } = await start();
    await turn(kernel, server, session, "about the parser", "parser answer");
    await runCommand(kernel, host, "rename", "parser");
    const next = await runCommand(kernel, host, "new");
    expect(next.all("warn")).toEqual(["Session « parser » saved."]);
    await turn(kernel, server, host.current, "about the docs", "docs answer");
    await runCommand(kernel, host, "rename", "docs");

    const loaded = await runCommand(kernel, host, "load", "PARSER");
    expect(loaded.all("error")).toEqual([]);
    expect(loaded.all("warn")).toEqual(["Session « docs » saved."]);
    expect(loaded.all("info")).toEqual(["Session « parser » loaded (2 messages)."]);
    expect(loaded.all("text")[0]).toContain("about the parser");
    expect(loaded.all("text")[0]).toContain("parser answer");
    expect(host.current.state.get("sessions:name")).toBe("parser");
    await turn(kernel, server, host.current, "more on the parser");
    expect(await files(cwd)).toEqual(["docs.json", "parser.json"]);
    expect((await readSaved(cwd, "parser")).messages).toHaveLength(4);
    // What the model receives after /load is the reloaded conversation.
    expect(JSON.stringify(server.chatBodies().at(-1))).toContain("about the parser");
  });

  it("/load without a name offers the sessions, most recent first, warns about unreadable files, and a cancel changes nothing", async () => {
    const { kernel, server, cwd, session, host } = await start();
    await turn(kernel, server, session, "one");
    await runCommand(kernel, host, "rename", "alpha");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await runCommand(kernel, host, "new");
    await turn(kernel, server, host.current, "two");
    await runCommand(kernel, host, "rename", "beta");
    await writeFile(join(sessionsDir(cwd), "broken.json"), '{"messages": 3}');
    const current = host.current;
    const cancelled = await runCommand(kernel, host, "load", "", () => undefined);
    expect(cancelled.titles).toEqual(["Load a session"]);
    expect(cancelled.offered[0]?.map((option) => option.value)).toEqual(["beta", "alpha"]);
    expect(cancelled.offered[0]?.[0]?.hint).toMatch(/^current · /);
    expect(cancelled.all("warn")[0]).toMatch(/^Skipped session file \.maia\/\.sessions\/broken\.json: wrong format \(\/messages: must be array\)/);
    expect(host.current).toBe(current);
    const chosen = await runCommand(kernel, host, "load", "", (options) => options[1]?.value);
    expect(chosen.all("info")).toEqual(["Session « alpha » loaded (2 messages)."]);
  });

  it("/load of an unknown name suggests close ones; of a broken file gives its error; neither switches", async () => {
    const { kernel, server, cwd, session, host } = await start();
    await turn(kernel, server, session, "one");
    await runCommand(kernel, host, "rename", "refactoring");
    await writeFile(join(sessionsDir(cwd), "broken.json"), "{ nope");
    expect((await runCommand(kernel, host, "load", "refactorin")).all("error")).toEqual([
      "No session named « refactorin » in .maia/.sessions. Did you mean: « refactoring »?",
    ]);
    const broken = await runCommand(kernel, host, "load", "broken");
    expect(broken.all("error")[0]).toMatch(/^Session file \.maia\/\.sessions\/broken\.json is unreadable: /);
    expect(host.current).toBe(session);
  });

  it("/new saves the current session and starts an empty one under a new name", async () => {
    const { kernel, server, session, host } = await start();
    await turn(kernel, server, session, "one");
    await runCommand(kernel, host, "rename", "before");
    const result = await runCommand(kernel, host, "new");
    expect(host.current).not.toBe(session);
    expect(host.current.messages).toEqual([]);
    expect(result.all("info")[0]).toMatch(/^New session: « session_/);
  });

  it("/clear and /model keep the session's name and file (seed § 5.6)", async () => {
    const { kernel, server, cwd, session, host } = await start();
    await turn(kernel, server, session, "before clear");
    await runCommand(kernel, host, "rename", "kept");
    const cleared = await host.restart({ reason: "clear" });
    expect(cleared.state.get("sessions:name")).toBe("kept");
    await turn(kernel, server, cleared, "after clear");
    expect(await files(cwd)).toEqual(["kept.json"]);
    expect((await readSaved(cwd, "kept")).messages[0].content[0].text).toBe("after clear");
    const switched = await host.restart({ reason: "model", model: "litellm:fake-model", messages: cleared.messages });
    expect(switched.state.get("sessions:name")).toBe("kept");
    await kernel.endSession(switched);
    expect(await files(cwd)).toEqual(["kept.json"]);
    expect((await readSaved(cwd, "kept")).model).toBe("litellm:fake-model");
  });

  it("two MAIA processes in one folder never write the same file", async () => {
    const cwd = await tempFolder("maia-shared-");
    const a = await start({ cwd });
    const b = await start({ cwd });
    await runCommand(a.kernel, a.host, "rename", "shared");
    await runCommand(b.kernel, b.host, "rename", "shared");
    await Promise.all([turn(a.kernel, a.server, a.session, "from A"), turn(b.kernel, b.server, b.session, "from B")]);
    expect(await files(cwd)).toEqual(["shared.json", "shared_2.json"]);
    await turn(a.kernel, a.server, a.session, "A again");
    await turn(b.kernel, b.server, b.session, "B again");
    const texts = async (name: string) => (await readSaved(cwd, name)).messages.map((m: { content: Array<{ text?: string }> }) => m.content[0]?.text).join("|");
    const both = [await texts("shared"), await texts("shared_2")].sort();
    expect(both).toEqual(["from A|ok|A again|ok", "from B|ok|B again|ok"]);
  });

  it("resumes by name (any case) or the most recent session, with clear errors otherwise", async () => {
    const { kernel, server, session, host, api } = await start();
    await expect(api.openForResume()).rejects.toThrow("No saved session to continue in .maia/.sessions.");
    await turn(kernel, server, session, "one");
    await runCommand(kernel, host, "rename", "first");
    await new Promise((resolve) => setTimeout(resolve, 5));
    await runCommand(kernel, host, "new");
    await turn(kernel, server, host.current, "two");
    await runCommand(kernel, host, "rename", "second");
    expect((await api.openForResume()).name).toBe("second");
    const first = await api.openForResume("FIRST");
    expect(first.name).toBe("first");
    await expect(api.openForResume("frist")).rejects.toThrow("No session named « frist » in .maia/.sessions. Did you mean: « first »?");
    const resumed = await kernel.createSession({ model: "fake-model" }, { interaction: NO_INTERACTION });
    api.adopt(resumed, first);
    await turn(kernel, server, resumed, "three");
    expect(resumed.state.get("sessions:name")).toBe("first");
    expect((await api.openForResume("first")).messages).toHaveLength(4);
  });

  it("saves nothing for a sub-agent's conversation", async () => {
    const { kernel, server, cwd, session, api } = await start({ frontEnd: "subagent" });
    await turn(kernel, server, session, "sub-agent work");
    expect(api.saveSync(session).status).toBe("disabled");
    await kernel.endSession(session);
    expect(existsSync(join(cwd, ".maia"))).toBe(false);
  });

  it("saveSync (process exit, seed § 5.5) writes what the turn in progress added, once", async () => {
    const { kernel, server, cwd, session, api } = await start({ frontEnd: "tui" });
    await turn(kernel, server, session, "first request");
    const name = String(session.state.get("sessions:name"));
    expect(api.saveSync(session)).toEqual({ status: "unchanged", name });
    session.messages.push({ role: "user", content: [{ type: "text", text: "interrupted request" }] });
    expect(api.saveSync(session)).toEqual({ status: "saved", name });
    expect((await readSaved(cwd, name)).messages).toHaveLength(3);
    await kernel.endSession(session);
    expect(await files(cwd)).toEqual([`${name}.json`]);
  });
});
