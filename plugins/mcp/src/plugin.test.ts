import { readFile, writeFile, mkdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import path from "node:path";
import { startFakeLiteLLM } from "@maia/fake-litellm";
import { NO_INTERACTION, setActiveLocale, type AgentSession, type Kernel, type SlashCommand } from "@maia/kernel";
import { commandContext, createTestKernel, recordEvents, scriptedInteraction, type FrontEndName } from "@maia/testing-kernel";
import { firstParty } from "@maia/testing-plugins";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { maiaPerTest } from "@maia/testing-maia";
import mcp, { type McpApi } from "./index.ts";
import { everythingStdio, isRunning, testServer, waitFor, writeMcpJson } from "./testing/servers.ts";

const litellm = await firstParty("litellm");
const permissions = await firstParty("permissions");

beforeAll(() => setActiveLocale("en"));
afterAll(() => setActiveLocale(undefined));

const bed = maiaPerTest(() => startFakeLiteLLM());
const ended: Array<() => Promise<void>> = [];
// Registered after maiaPerTest, so it runs before the fake LiteLLM closes (vitest runs after-hooks last-first).
afterEach(async () => {
  await Promise.all(ended.splice(0).map((end) => end()));
});

async function start(
  options: { allowRules?: string[]; withPermissions?: boolean; answers?: Array<"yes" | "no" | "stop">; headless?: boolean; frontEnd?: FrontEndName } = {},
) {
  const plugins = options.withPermissions ? [litellm, permissions, mcp] : [litellm, mcp];
  const test = await createTestKernel(plugins, { cwd: bed.cwd, homeDir: bed.home, allowRules: options.allowRules ?? [], ...(options.frontEnd ? { frontEnd: options.frontEnd } : {}) });
  const scripted = scriptedInteraction(options.answers ?? ["yes", "yes", "yes", "yes"]);
  const interaction = options.headless ? NO_INTERACTION : scripted;
  const session = await test.kernel.createSession({ model: "fake-model" }, { interaction });
  ended.push(() => test.kernel.endSession(session));
  const api = test.kernel.plugins.get<McpApi>("mcp")?.api as McpApi;
  return { ...test, session, api, questions: scripted.questions };
}

/** Runs a slash command as a front end would, collecting what it prints. */
async function runCommand(kernel: Kernel, session: AgentSession, args: string) {
  const command = kernel.plugins.commands.get("mcp") as SlashCommand;
  const { context, lines } = commandContext(session, args);
  await command.run(context);
  return lines;
}

const toolNames = (body: unknown) => ((body as { tools?: Array<{ function: { name: string } }> }).tools ?? []).map((tool) => tool.function.name);
const toolMessages = (body: unknown) =>
  ((body as { messages: Array<{ role: string; content: string }> }).messages ?? []).filter((message) => message.role === "tool").map((message) => message.content);

describe("the model calls MCP tools (stdio server-everything)", () => {
  it("offers mcp__everything__* and runs echo and get-sum", async () => {
    await writeMcpJson(bed.home, { everything: everythingStdio() });
    bed.server.enqueue(
      { toolCalls: [{ name: "mcp__everything__echo", arguments: { message: "hello" } }] },
      { toolCalls: [{ name: "mcp__everything__get-sum", arguments: { a: 20, b: 22 } }] },
      { text: "done" },
    );
    const { kernel, session } = await start({ allowRules: ["Mcp(everything)"] });
    const outcome = await kernel.runTurn(session, "use the tools");
    expect(outcome.status).toBe("done");
    const bodies = bed.server.chatBodies();
    expect(toolNames(bodies[0])).toEqual(expect.arrayContaining(["mcp__everything__echo", "mcp__everything__get-sum"]));
    expect(toolMessages(bodies[2])).toEqual(["Echo: hello", "The sum of 20 and 22 is 42."]);
  });
});

describe("many tools: deferred behind ToolSearch, bound through resolveTool", () => {
  it("the kernel's runner finds a deferred tool through the mcp plugin's resolveTool tap; it asks as any MCP tool; /mcp says so", async () => {
    await writeMcpJson(bed.home, { many: testServer("--many", "300") });
    bed.server.enqueue(
      { toolCalls: [{ id: "s", name: "ToolSearch", arguments: { query: "select:mcp__many__close_ticket" } }] },
      {
        toolCalls: [
          { id: "c", name: "mcp__many__close_ticket", arguments: { ticket_id: "T-1" } },
          { id: "r", name: "mcp__many__reopen_ticket", arguments: { ticket_id: "T-2" } },
        ],
      },
      { text: "closed" },
    );
    const { kernel, session, questions } = await start({ allowRules: ["Mcp(many)"] });
    const outcome = await kernel.runTurn(session, "close T-1");
    expect(outcome.status).toBe("done");
    const bodies = bed.server.chatBodies();
    // No context plugin here: the model's size is unknown, 10 % of 128,000 tokens is the limit.
    expect(toolNames(bodies[0]).filter((name) => name.startsWith("mcp__"))).toEqual([]);
    expect(toolNames(bodies[0])).toContain("ToolSearch");
    expect(toolMessages(bodies[1])[0]).toContain('"ticket_id":{"type":"string"');
    // The tool found is sent from the next request on; reopen_ticket, never searched, is bound by resolveTool.
    expect(toolNames(bodies[1]).filter((name) => name.startsWith("mcp__"))).toEqual(["mcp__many__close_ticket"]);
    expect(toolMessages(bodies[2]).slice(1)).toEqual(['close_ticket done: {"ticket_id":"T-1"}', 'reopen_ticket done: {"ticket_id":"T-2"}']);
    // Without the permissions plugin an MCP tool asks (its own default): both did, ToolSearch did not.
    expect(questions).toHaveLength(2);
    expect(questions.join("\n")).toContain("mcp__many__close_ticket");
    expect(questions.join("\n")).toContain("mcp__many__reopen_ticket");
    expect(session.tools.has("mcp__many__reopen_ticket")).toBe(false);
    const lines = await runCommand(kernel, session, "");
    expect(lines.join("\n")).toMatch(/Tool search: the 309 MCP tools are deferred \(about \d+ tokens of definitions, over the limit of 12800\)/);
  });
});

describe("server selection by Mcp(...) rules (seed § 22.2)", () => {
  it("without an allow rule nothing starts and nothing is offered; /mcp says why", async () => {
    const pidFile = path.join(bed.cwd, "pid");
    await writeMcpJson(bed.home, { fixture: testServer("--pid-file", pidFile), off: { command: "x", enabled: false } });
    bed.server.enqueue({ text: "ok" });
    const { kernel, session } = await start();
    await kernel.runTurn(session, "hi");
    expect(toolNames(bed.server.chatBodies()[0]).filter((name) => name.startsWith("mcp__"))).toEqual([]);
    expect(existsSync(pidFile)).toBe(false);
    expect(await runCommand(kernel, session, "")).toEqual([
      "MCP servers:\n\nConfigured, not enabled (no allow rule Mcp(name)): fixture\n\nTurned off (enabled: false): off",
    ]);
  });

  it("with the permissions plugin: Mcp(*) enables, a deny Mcp(key) disables, a deny Mcp(key,tool) removes the tool, and allowed calls need no question", async () => {
    await mkdir(path.join(bed.home, ".maia"), { recursive: true });
    const settings = JSON.parse(await readFile(path.join(bed.home, ".maia", "settings.json"), "utf8")) as Record<string, unknown>;
    settings.permissions = { allow: ["Mcp(*)"], deny: ["Mcp(second)", "Mcp(everything,get-env)"] };
    await writeFile(path.join(bed.home, ".maia", "settings.json"), JSON.stringify(settings));
    await writeMcpJson(bed.home, { everything: everythingStdio(), second: testServer() });
    bed.server.enqueue({ toolCalls: [{ name: "mcp__everything__echo", arguments: { message: "no question" } }] }, { text: "done" });
    const { kernel, session, logs } = await start({ withPermissions: true, headless: true });
    await kernel.runTurn(session, "go");
    const offered = toolNames(bed.server.chatBodies()[0]);
    expect(offered).toContain("mcp__everything__echo");
    expect(offered).not.toContain("mcp__everything__get-env");
    expect(offered.some((name) => name.startsWith("mcp__second__"))).toBe(false);
    expect(toolMessages(bed.server.chatBodies()[1])).toEqual(["Echo: no question"]);
    expect(logs.filter((log) => log.level === "warn")).toEqual([]);
  });

  it("enabled: false: no connection even when Mcp(*) allows everything (seed § 19)", async () => {
    const pidFile = path.join(bed.cwd, "pid");
    await writeMcpJson(bed.home, { off: { ...testServer("--pid-file", pidFile), enabled: false } });
    const { session, api, logs } = await start({ allowRules: ["Mcp(*)", "Mcp(off)"] });
    expect(await api.status(session)).toEqual([]);
    expect((await api.view(session)).disabled).toEqual(["off"]);
    expect(existsSync(pidFile)).toBe(false);
    // A rule naming a server that is turned off is not a rule about an unknown server.
    expect(logs.filter((log) => log.level === "warn" && log.message.includes('"off"'))).toEqual([]);
  });

  it("a rule naming a server that is not configured is a warning", async () => {
    await writeMcpJson(bed.home, { everything: everythingStdio() });
    const { logs } = await start({ allowRules: ["Mcp(everythin)"] });
    expect(logs).toContainEqual({ level: "warn", message: expect.stringContaining('names an MCP server "everythin" that is not configured (known: everything)') });
  });

  it("tool calls of an enabled server still ask when no rule allows them (the permissions plugin off)", async () => {
    await writeMcpJson(bed.home, { everything: everythingStdio() });
    bed.server.enqueue({ toolCalls: [{ name: "mcp__everything__echo", arguments: { message: "x" } }] }, { text: "done" });
    const { kernel, session, questions } = await start({ allowRules: ["Mcp(everything)"], answers: ["no"] });
    await kernel.runTurn(session, "go");
    expect(questions).toHaveLength(1);
    expect(questions[0]).toContain('mcp__everything__echo');
    expect(questions[0]).toContain('{"message":"x"}');
    expect(toolMessages(bed.server.chatBodies()[1])[0]).not.toContain("Echo");
  });
});

describe("failures do not stop MAIA (seed § 22.3)", () => {
  it("the session is ready before the servers answer: a dead server delays only the first request, by its timeout", async () => {
    await writeMcpJson(bed.home, { mute: { ...testServer("--silent"), timeout: 3 } });
    bed.server.enqueue({ text: "fine" });
    const { kernel, session, logs } = await start({ allowRules: ["Mcp(mute)"] });
    // createSession has returned; the connection is still waiting for its answer.
    expect(logs.some((log) => log.message.includes('"mute" failed'))).toBe(false);
    const outcome = await kernel.runTurn(session, "hi");
    expect(outcome.status).toBe("done");
    expect(logs).toContainEqual({ level: "warn", message: 'MCP server "mute" failed: no answer within 3 s' });
  });

  it("sub-agents get no MCP server (seed § 22)", async () => {
    const pidFile = path.join(bed.cwd, "pid");
    await writeMcpJson(bed.home, { fx: testServer("--pid-file", pidFile) });
    const { session, api } = await start({ allowRules: ["Mcp(fx)"], frontEnd: "subagent" });
    expect([...session.tools.keys()].filter((name) => name.startsWith("mcp__"))).toEqual([]);
    expect(await api.status(session)).toEqual([]);
    expect(existsSync(pidFile)).toBe(false);
  });

  it("a server that never answers is FAIL with the reason and a WARN; the others and the turn go on", async () => {
    await writeMcpJson(bed.home, { everything: everythingStdio(), mute: { ...testServer("--silent"), timeout: 1 } });
    bed.server.enqueue({ text: "fine" });
    const { kernel, session, logs } = await start({ allowRules: ["Mcp(everything)", "Mcp(mute)"] });
    const outcome = await kernel.runTurn(session, "hi");
    expect(outcome.status).toBe("done");
    expect(toolNames(bed.server.chatBodies()[0])).toContain("mcp__everything__echo");
    expect(logs).toContainEqual({ level: "warn", message: 'MCP server "mute" failed: no answer within 1 s' });
    const [text] = await runCommand(kernel, session, "");
    expect(text).toMatch(/^MCP servers:\n- OK everything: \d+ tools \(stdio\)\n- FAIL mute: no answer within 1 s$/);
  });

  it("a server that crashes mid-session: a clear error to the model, then it is connected again by itself, and /mcp reconnect works too", async () => {
    await writeMcpJson(bed.home, { fx: testServer() });
    bed.server.enqueue({ toolCalls: [{ name: "mcp__fx__crash", arguments: {} }] }, { text: "it died" });
    const { kernel, session, api } = await start({ allowRules: ["Mcp(fx)"] });
    await kernel.runTurn(session, "crash it");
    const died = 'MCP server "fx" is not available: the server process ended: fatal: crashed on purpose. The user can reconnect it with /mcp reconnect fx.';
    expect(toolMessages(bed.server.chatBodies()[1])).toEqual([died]);
    // Connected again with backoff, without the user asking.
    await waitFor(async () => (await api.status(session))[0]?.state === "ok", 20_000);
    expect(session.tools.has("mcp__fx__echo")).toBe(true);

    expect(await runCommand(kernel, session, "reconnect fx")).toEqual([`INFO MCP server "fx" reconnected: 9 tools`]);
    bed.server.enqueue({ toolCalls: [{ name: "mcp__fx__echo", arguments: { text: "back" } }] }, { text: "ok" });
    await kernel.runTurn(session, "again");
    expect(toolMessages(bed.server.chatBodies()[3]).at(-1)).toBe("echo: back");
  });

  it("a server that exits at start and one that floods stdout: FAIL with the reason in /mcp, the noisy one works, the turn goes on", async () => {
    await writeMcpJson(bed.home, { gone: testServer("--exit-at-start"), noisy: testServer("--flood"), fx: testServer() });
    bed.server.enqueue(
      { toolCalls: [{ id: "n1", name: "mcp__noisy__echo", arguments: { text: "loud" } }, { id: "f1", name: "mcp__fx__echo", arguments: { text: "calm" } }] },
      { text: "both answered" },
    );
    const { kernel, session, logs } = await start({ allowRules: ["Mcp(*)"] });
    const outcome = await kernel.runTurn(session, "call them");
    expect(outcome.status).toBe("done");
    expect(toolMessages(bed.server.chatBodies()[1])).toEqual(["echo: loud", "echo: calm"]);
    expect(logs).toContainEqual({ level: "warn", message: 'MCP server "gone" failed: the server process ended: fatal: missing API token in the environment' });
    const [text] = await runCommand(kernel, session, "");
    expect(text).toContain("- FAIL gone: the server process ended: fatal: missing API token in the environment");
    expect(text).toMatch(/- OK noisy: \d+ tools \(stdio\)/);
    // Reconnecting a server that still cannot start says why again, and changes nothing else.
    const [again] = await runCommand(kernel, session, "reconnect gone");
    expect(again).toContain("missing API token in the environment");
  }, 30_000);

  it("/mcp reconnect with an unknown name or none says which servers exist", async () => {
    await writeMcpJson(bed.home, { fx: testServer() });
    const { kernel, session } = await start({ allowRules: ["Mcp(fx)"] });
    expect(await runCommand(kernel, session, "reconnect nope")).toEqual(['FAIL No MCP server "nope" in this session (servers: fx)']);
    expect(await runCommand(kernel, session, "reconnect")).toEqual(["FAIL Usage: /mcp reconnect <name> (servers of this session: fx)"]);
    expect(await runCommand(kernel, session, "restart fx")).toEqual(['FAIL Unknown /mcp argument "restart fx": use /mcp, /mcp reconnect <name>, /mcp login <name> or /mcp logout <name>']);
  });
});

describe("tools of a server", () => {
  it("parts, errors, long results, cleaned names and 2020-12 schemas reach the model as the seed says", async () => {
    await writeMcpJson(bed.home, { fx: { ...testServer(), excludeTools: ["slow"] } });
    bed.server.enqueue(
      {
        toolCalls: [
          { id: "1", name: "mcp__fx__parts", arguments: {} },
          { id: "2", name: "mcp__fx__fails", arguments: {} },
          { id: "3", name: "mcp__fx__big", arguments: {} },
          { id: "4", name: "mcp__fx__weird_name_", arguments: {} },
          { id: "5", name: "mcp__fx__modern", arguments: { n: 1 } },
        ],
      },
      { text: "done" },
    );
    const { kernel, session } = await start({ allowRules: ["Mcp(fx)"], answers: ["yes", "yes", "yes", "yes", "yes"] });
    const outcome = await kernel.runTurn(session, "go");
    expect(outcome.status).toBe("done");
    expect(toolNames(bed.server.chatBodies()[0])).not.toContain("mcp__fx__slow");
    const [parts, fails, big, weird, modern] = toolMessages(bed.server.chatBodies()[1]);
    expect(parts).toBe(
      "first\n[image: image/png, 300 bytes]\n[audio: audio/wav, 10 bytes]\n[resource file:///notes.txt: text/plain, 5 bytes]\n[resource link file:///big.bin: big.bin, application/octet-stream]\nlast",
    );
    expect(fails).toBe("it went wrong");
    expect(big?.length).toBeLessThan(100_100);
    expect(big?.endsWith("[… output cut: 50000 more characters]")).toBe(true);
    expect(weird).toBe("called weird name!");
    expect(modern).toBe("called modern");
  });
});

describe("project .maia/mcp.json (beyond seed § 22.1)", () => {
  it("headless: not started without --allow 'Mcp(name)', with a WARN that says how", async () => {
    const pidFile = path.join(bed.cwd, "pid");
    await writeMcpJson(bed.cwd, { local: testServer("--pid-file", pidFile) });
    const { api, session, logs } = await start({ allowRules: ["Mcp(*)"], headless: true });
    const [status] = await api.status(session);
    expect(status).toMatchObject({ key: "local", state: "fail", origin: "project" });
    expect(status?.reason).toContain("pass --allow 'Mcp(local)'");
    expect(logs.some((log) => log.level === "warn" && log.message.startsWith('MCP server "local" failed: not approved'))).toBe(true);
    expect(existsSync(pidFile)).toBe(false);
  });

  it("headless with --allow 'Mcp(name)': started", async () => {
    await writeMcpJson(bed.cwd, { local: testServer() });
    const { api, session } = await start({ allowRules: ["Mcp(local)"], headless: true });
    expect(await api.status(session)).toMatchObject([{ key: "local", state: "ok" }]);
  });

  it("interactive: asked at session start; approved once, not asked again for the same content", async () => {
    await writeMcpJson(bed.cwd, { local: testServer() });
    const first = await start({ allowRules: ["Mcp(*)"], answers: ["yes"] });
    expect(first.questions[0]).toContain("declares MCP servers that MAIA would start");
    expect(await first.api.status(first.session)).toMatchObject([{ key: "local", state: "ok" }]);
    const second = await start({ allowRules: ["Mcp(*)"], answers: [] });
    expect(second.questions).toEqual([]);
    expect(await second.api.status(second.session)).toMatchObject([{ key: "local", state: "ok" }]);
  });
});

describe("closing (seed § 22: session change, exit)", () => {
  it("ending the session ends the stdio server within 3 s", async () => {
    const pidFile = path.join(bed.cwd, "pid");
    await writeMcpJson(bed.home, { fx: testServer("--ignore-term", "--pid-file", pidFile) });
    const { kernel, session, api } = await start({ allowRules: ["Mcp(fx)"] });
    await api.status(session);
    const pid = Number(await readFile(pidFile, "utf8"));
    expect(isRunning(pid)).toBe(true);
    await kernel.endSession(session);
    await waitFor(() => !isRunning(pid), 1000);
    expect(await api.status(session)).toEqual([]);
  });

  it("a new session connects again; events show nothing from MCP when all is well", async () => {
    await writeMcpJson(bed.home, { everything: everythingStdio() });
    const { kernel, session, api } = await start({ allowRules: ["Mcp(everything)"] });
    const events = recordEvents(session.events);
    const next = await kernel.createSession({ model: "fake-model", previous: session, restartReason: "clear" }, { interaction: NO_INTERACTION });
    ended.push(() => kernel.endSession(next));
    await kernel.endSession(session);
    expect(await api.status(next)).toMatchObject([{ key: "everything", state: "ok" }]);
    expect(events.filter((event) => event.type === "warning")).toEqual([]);
  });
});

describe("servers passed by an ACP client (addClientServers)", () => {
  const asClient = (name: string, stdio: { command: string; args: string[] }) => ({ name, command: stdio.command, args: stdio.args, env: [] });

  it("connect without an allow rule, show in /mcp, offer their tools that still ask, and end with the session", async () => {
    const pidFile = path.join(bed.cwd, "pid");
    bed.server.enqueue({ toolCalls: [{ name: "mcp__everything__echo", arguments: { message: "from the editor" } }] }, { text: "done" });
    const { kernel, session, api, questions } = await start({ answers: ["yes"] });
    const result = await api.addClientServers(session, [asClient("everything", everythingStdio()), asClient("fx", testServer("--pid-file", pidFile))]);
    expect(result.warnings).toEqual([]);
    expect(result.servers).toMatchObject([
      { key: "everything", state: "ok", origin: "client", transport: "stdio" },
      { key: "fx", state: "ok", origin: "client" },
    ]);
    expect(session.tools.has("mcp__everything__echo")).toBe(true);
    await kernel.runTurn(session, "echo");
    expect(toolNames(bed.server.chatBodies()[0])).toContain("mcp__everything__echo");
    expect(questions).toHaveLength(1);
    expect(toolMessages(bed.server.chatBodies()[1])).toEqual(["Echo: from the editor"]);
    const lines = await runCommand(kernel, session, "");
    expect(lines[0]).toMatch(/OK everything: \d+ tools \(stdio\)/);
    const pid = Number(await readFile(pidFile, "utf8"));
    expect(isRunning(pid)).toBe(true);
    await kernel.endSession(session);
    await waitFor(() => !isRunning(pid), 4000);
  });

  it("a name taken by a configured server gets a suffix", async () => {
    await writeMcpJson(bed.home, { everything: everythingStdio() });
    const { session, api } = await start({ withPermissions: true, allowRules: ["Mcp(everything)"] });
    const result = await api.addClientServers(session, [asClient("everything", everythingStdio())]);
    expect(result.warnings).toEqual(['MCP server "everything" from the editor is named "everything-2" here ("everything" is already a server of mcp.json)']);
    expect((await api.status(session)).map((status) => [status.key, status.origin, status.state])).toEqual([
      ["everything", "user", "ok"],
      ["everything-2", "client", "ok"],
    ]);
    expect(session.tools.has("mcp__everything-2__echo")).toBe(true);
  });

  it("a deny rule Mcp(key,tool) keeps that tool from being offered", async () => {
    const settingsFile = path.join(bed.home, ".maia", "settings.json");
    const settings = JSON.parse(await readFile(settingsFile, "utf8")) as Record<string, unknown>;
    settings.permissions = { deny: ["Mcp(everything,get-env)"] };
    await writeFile(settingsFile, JSON.stringify(settings));
    const withRules = await start({ withPermissions: true });
    await withRules.api.addClientServers(withRules.session, [asClient("everything", everythingStdio())]);
    expect(withRules.session.tools.has("mcp__everything__echo")).toBe(true);
    expect(withRules.session.tools.has("mcp__everything__get-env")).toBe(false);
  });
});
