import { setActiveLocale } from "@maia/kernel";
import { eventually, processAlive } from "@maia/testing-maia";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentDefinition } from "../config/hub-config.ts";
import { SupervisorError } from "./errors.ts";
import { Supervisor } from "./supervisor.ts";
import { fakeAgent, SupervisorHarness, tempFolder, testTiming, UNLIMITED, type FakeAgent } from "./testing/harness.ts";

let cwd: string;
let hub: SupervisorHarness;

beforeEach(async () => {
  setActiveLocale("en");
  cwd = await tempFolder("maia-hub-agents-");
  hub = new SupervisorHarness();
});

afterEach(async () => {
  await hub.supervisor.stopAll();
  hub.supervisor.dispose();
  setActiveLocale(undefined);
});

function agent(name: string, script: FakeAgent, env?: Record<string, string>): AgentDefinition {
  return fakeAgent(name, script, { cwd, env });
}

/** The rejection of `promise`, which must reject. */
async function rejection(promise: Promise<unknown>): Promise<SupervisorError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(outcome).toBeInstanceOf(SupervisorError);
  return outcome as SupervisorError;
}

describe("configuration", () => {
  it("lists every agent in configuration order, stopped, with its title, icon and description", () => {
    void hub.supervisor.setConfig([agent("b", "well-behaved"), agent("a", "well-behaved")], UNLIMITED);
    expect(hub.supervisor.list()).toEqual([
      { name: "b", title: "Agent b", icon: "🤖", description: "the well-behaved fake agent", state: "stopped", error: "", outdated: false },
      { name: "a", title: "Agent a", icon: "🤖", description: "the well-behaved fake agent", state: "stopped", error: "", outdated: false },
    ]);
  });

  it("answers an unknown agent with a 404 naming it", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved")], UNLIMITED);
    for (const call of [
      () => hub.supervisor.start("ghost"),
      () => hub.supervisor.stop("ghost"),
      () => hub.supervisor.restart("ghost"),
      () => hub.supervisor.acquire("ghost"),
    ]) {
      const error = await rejection(call());
      expect(error.status).toBe(404);
      expect(error.message).toBe('unknown agent "ghost"');
    }
    expect(() => hub.supervisor.logs("ghost")).toThrow('unknown agent "ghost"');
    setActiveLocale("fr");
    expect((await rejection(hub.supervisor.start("ghost"))).message).toBe("agent inconnu « ghost »");
  });

  it("marks a running agent outdated when its launch changes, applies a new title at once, and a restart clears it", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved", { FAKE_AGENT_SAY: "first definition" })], UNLIMITED);
    await hub.supervisor.start("a");
    const firstPid = hub.pidOf("a");

    const events = hub.states.length;
    void hub.supervisor.setConfig([{ ...agent("a", "well-behaved", { FAKE_AGENT_SAY: "first definition" }), title: "Renamed" }], UNLIMITED);
    expect(hub.supervisor.list()[0]).toMatchObject({ title: "Renamed", state: "ready", outdated: false });
    expect(hub.states.slice(events)).toEqual([{ agent: "a", state: "ready" }]);

    void hub.supervisor.setConfig([{ ...agent("a", "well-behaved", { FAKE_AGENT_SAY: "second definition" }), title: "Renamed" }], UNLIMITED);
    expect(hub.supervisor.list()[0]).toMatchObject({ state: "ready", outdated: true });
    expect(hub.states.slice(events + 1)).toEqual([{ agent: "a", state: "ready" }]);
    // Still the first process: a definition change alone restarts nothing.
    expect(hub.pidOf("a")).toBe(firstPid);

    await hub.supervisor.restart("a");
    expect(hub.supervisor.list()[0]).toMatchObject({ state: "ready", outdated: false });
    expect(hub.pidOf("a")).not.toBe(firstPid);
    expect(await processAlive(firstPid)).toBe(false);
    expect(hub.supervisor.logs("a")).toContain("second definition");
  });

  it("clears outdated when the definition is edited back to the one running", async () => {
    const original = agent("a", "well-behaved");
    void hub.supervisor.setConfig([original], UNLIMITED);
    await hub.supervisor.start("a");
    void hub.supervisor.setConfig([{ ...original, args: [...original.args, "--changed"] }], UNLIMITED);
    expect(hub.supervisor.list()[0]?.outdated).toBe(true);
    void hub.supervisor.setConfig([original], UNLIMITED);
    expect(hub.supervisor.list()[0]?.outdated).toBe(false);
  });

  it("does not mark a stopped agent outdated: its next start uses the new definition", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved", { FAKE_AGENT_SAY: "old" })], UNLIMITED);
    void hub.supervisor.setConfig([agent("a", "well-behaved", { FAKE_AGENT_SAY: "new" })], UNLIMITED);
    expect(hub.supervisor.list()[0]?.outdated).toBe(false);
    await hub.supervisor.start("a");
    expect(hub.supervisor.logs("a")).toContain("new");
    expect(hub.supervisor.logs("a")).not.toContain("old");
  });

  it("stops an agent removed from the configuration, and it disappears from the list", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved"), agent("b", "well-behaved")], UNLIMITED);
    await hub.supervisor.start("a");
    const pid = hub.pidOf("a");
    const removed = hub.supervisor.setConfig([agent("b", "well-behaved")], UNLIMITED);
    expect(hub.supervisor.list().map((info) => info.name)).toEqual(["b"]);
    await removed;
    expect(await processAlive(pid)).toBe(false);
    expect(hub.statesOf("a")).toEqual(["stopped", "starting", "ready", "stopped"]);
  });

  it("shows a new agent as stopped", () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved")], UNLIMITED);
    void hub.supervisor.setConfig([agent("a", "well-behaved"), agent("n", "well-behaved")], UNLIMITED);
    expect(hub.supervisor.list().map((info) => [info.name, info.state])).toEqual([
      ["a", "stopped"],
      ["n", "stopped"],
    ]);
    expect(hub.states.at(-1)).toEqual({ agent: "n", state: "stopped" });
  });
});

describe("transitions", () => {
  it("stopped → starting → ready → stopped, the stop closing stdin and the agent leaving by itself", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved")], UNLIMITED);
    hub.states.length = 0;
    await hub.supervisor.start("a");
    expect(hub.stateOf("a")).toBe("ready");
    const pid = hub.pidOf("a");
    await hub.supervisor.stop("a");
    expect(hub.states).toEqual([
      { agent: "a", state: "starting" },
      { agent: "a", state: "ready" },
      { agent: "a", state: "stopped" },
    ]);
    expect(await processAlive(pid)).toBe(false);
    expect(hub.supervisor.logs("a")).toContain("stdin closed: exiting");
  });

  it("does nothing on a start of a running agent, nor on a stop of a stopped one", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved")], UNLIMITED);
    await hub.supervisor.stop("a");
    await Promise.all([hub.supervisor.start("a"), hub.supervisor.start("a")]);
    const pid = hub.pidOf("a");
    await hub.supervisor.start("a");
    expect(hub.pidOf("a")).toBe(pid);
    expect(hub.statesOf("a")).toEqual(["stopped", "starting", "ready"]);
  });

  it("ready → busy while a lease is held → ready when the last one is released", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved")], UNLIMITED);
    const first = await hub.supervisor.acquire("a");
    expect(first.initialize.protocolVersion).toBe(1);
    expect(first.initialize.agentInfo?.name).toBe("fake-agent");
    const session = await first.connection.agent.request("session/new", { cwd, mcpServers: [] });
    expect(session.sessionId).toBe("fake-session");
    expect(hub.stateOf("a")).toBe("busy");

    const second = await hub.supervisor.acquire("a");
    first.release();
    first.release();
    expect(hub.stateOf("a")).toBe("busy");
    second.release();
    expect(hub.stateOf("a")).toBe("ready");
    // First use started it: stopped → starting → ready → busy.
    expect(hub.statesOf("a")).toEqual(["stopped", "starting", "ready", "busy", "ready"]);
  });

  it("busy → stopped on a stop; the lease's connection closes and its late release changes nothing", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved")], UNLIMITED);
    const lease = await hub.supervisor.acquire("a");
    await hub.supervisor.stop("a");
    expect(hub.stateOf("a")).toBe("stopped");
    expect(lease.connection.signal.aborted).toBe(true);
    lease.release();
    expect(hub.statesOf("a")).toEqual(["stopped", "starting", "ready", "busy", "stopped"]);
  });

  it("ready → error when the agent crashes, with its exit code and last stderr lines; never restarted; error → starting on the next start", async () => {
    void hub.supervisor.setConfig([agent("a", "crash-after-initialize")], UNLIMITED);
    await hub.supervisor.start("a");
    process.kill(hub.pidOf("a"), "SIGUSR1");
    expect(await eventually(() => hub.stateOf("a") === "error")).toBe(true);
    const info = hub.supervisor.list()[0];
    expect(info?.error).toContain("the agent stopped by itself (exit code 3)");
    expect(info?.error).toContain("fatal: the fake agent crashed");
    expect(info?.outdated).toBe(false);
    const errorEvent = hub.states.at(-1);
    expect(errorEvent).toEqual({ agent: "a", state: "error", error: info?.error });

    // Not restarted behind the user's back: nothing happens until someone asks.
    const eventsSoFar = hub.states.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hub.states.length).toBe(eventsSoFar);

    await hub.supervisor.start("a");
    expect(hub.stateOf("a")).toBe("ready");
    expect(hub.supervisor.list()[0]?.error).toBe("");
    expect(hub.statesOf("a")).toEqual(["stopped", "starting", "ready", "error", "starting", "ready"]);
  });

  it("busy → error when the agent crashes in use; the lease's release afterwards changes nothing", async () => {
    void hub.supervisor.setConfig([agent("a", "crash-after-initialize")], UNLIMITED);
    const lease = await hub.supervisor.acquire("a");
    await expect(lease.connection.agent.request("session/new", { cwd, mcpServers: [] })).rejects.toBeDefined();
    expect(await eventually(() => hub.stateOf("a") === "error")).toBe(true);
    lease.release();
    expect(hub.stateOf("a")).toBe("error");
    expect(hub.statesOf("a")).toEqual(["stopped", "starting", "ready", "busy", "error"]);
  });

  it("names the signal when a running agent is killed", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved")], UNLIMITED);
    await hub.supervisor.start("a");
    process.kill(hub.pidOf("a"), "SIGKILL");
    expect(await eventually(() => hub.stateOf("a") === "error")).toBe(true);
    expect(hub.supervisor.list()[0]?.error).toContain("killed by signal SIGKILL");
  });

  it("starting → error for an agent that exits at start, with the reason then its stderr lines", async () => {
    void hub.supervisor.setConfig([agent("a", "fails-at-start")], UNLIMITED);
    const error = await rejection(hub.supervisor.start("a"));
    expect(error.status).toBe(502);
    const expected = [
      "the agent exited during the ACP handshake (exit code 1)",
      "its last lines on standard error:",
      "error: no model configured",
      "hint: set FAKE_MODEL and try again",
    ].join("\n");
    expect(error.message).toBe(expected);
    expect(hub.supervisor.list()[0]).toMatchObject({ state: "error", error: expected });
    expect(hub.states.at(-1)).toEqual({ agent: "a", state: "error", error: expected });
    expect(hub.statesOf("a")).toEqual(["stopped", "starting", "error"]);
  });

  it("starting → error naming the version for an agent that answers protocol version 2, and the agent is stopped", async () => {
    void hub.supervisor.setConfig([agent("a", "protocol-v2")], UNLIMITED);
    const error = await rejection(hub.supervisor.start("a"));
    expect(error.message.split("\n")[0]).toBe("the agent speaks ACP protocol version 2; the hub requires version 1");
    expect(hub.supervisor.list()[0]?.state).toBe("error");
    expect(await processAlive(hub.pidOf("a"))).toBe(false);
  });

  it("starting → error when initialize is not answered in time, quoting the agent's stderr, and the agent is stopped", async () => {
    hub = new SupervisorHarness(testTiming({ handshakeTimeout: 3000 }));
    void hub.supervisor.setConfig([agent("a", "never-initializes")], UNLIMITED);
    const error = await rejection(hub.supervisor.start("a"));
    expect(error.message).toMatch(/^the agent did not answer the ACP handshake \(initialize\) within 3 s\n/);
    expect(error.message).toContain("thinking about it");
    expect(hub.statesOf("a")).toEqual(["stopped", "starting", "error"]);
    expect(await processAlive(hub.pidOf("a"))).toBe(false);
  });

  it("starting → error for a command that does not exist, or a working folder that does not", async () => {
    void hub.supervisor.setConfig(
      [
        { ...agent("a", "well-behaved"), command: "maia-hub-no-such-command", args: [] },
        { ...agent("b", "well-behaved"), cwd: `${cwd}/missing` },
      ],
      UNLIMITED,
    );
    expect((await rejection(hub.supervisor.start("a"))).message).toBe("cannot start the agent: command not found: maia-hub-no-such-command");
    expect((await rejection(hub.supervisor.start("b"))).message).toBe(`cannot start the agent: its working folder ${cwd}/missing does not exist`);
    expect(hub.supervisor.list().map((info) => info.state)).toEqual(["error", "error"]);
  });

  it("starting → stopped, never ready nor error, when a stop is asked during the start", async () => {
    void hub.supervisor.setConfig([agent("slow", "well-behaved", { FAKE_AGENT_INIT_DELAY_MS: "500" }), agent("stuck", "never-initializes")], UNLIMITED);
    for (const name of ["slow", "stuck"]) {
      const started = hub.supervisor.start(name);
      expect(hub.stateOf(name)).toBe("starting");
      // Let the process come up, so the stop meets a real process mid-handshake.
      await eventually(() => hub.supervisor.logs(name).some((line) => line.startsWith("pid=")));
      await hub.supervisor.stop(name);
      expect(hub.stateOf(name)).toBe("stopped");
      const error = await rejection(started);
      expect(error.status).toBe(409);
      expect(error.message).toBe(`agent "${name}" was stopped before it was ready`);
      expect(hub.statesOf(name)).toEqual(["stopped", "starting", "stopped"]);
      expect(await processAlive(hub.pidOf(name))).toBe(false);
    }
  });

  it("starting → stopped when the stop comes before the process even exists", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved")], UNLIMITED);
    const started = hub.supervisor.start("a");
    const stopped = hub.supervisor.stop("a");
    await stopped;
    await rejection(started);
    expect(hub.statesOf("a")).toEqual(["stopped", "starting", "stopped"]);
    const pids = hub.supervisor.logs("a").filter((line) => line.startsWith("pid="));
    for (const line of pids) expect(await processAlive(Number(line.slice(4)))).toBe(false);
  });

  it("restarts a running agent as a new process", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved")], UNLIMITED);
    await hub.supervisor.start("a");
    const pid = hub.pidOf("a");
    await hub.supervisor.restart("a");
    expect(hub.pidOf("a")).not.toBe(pid);
    expect(hub.statesOf("a")).toEqual(["stopped", "starting", "ready", "stopped", "starting", "ready"]);
  });

  it("stopAll stops every running agent", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved"), agent("b", "well-behaved"), agent("c", "well-behaved")], UNLIMITED);
    await Promise.all([hub.supervisor.start("a"), hub.supervisor.start("b")]);
    const pids = [hub.pidOf("a"), hub.pidOf("b")];
    await hub.supervisor.stopAll();
    expect(hub.supervisor.list().map((info) => info.state)).toEqual(["stopped", "stopped", "stopped"]);
    for (const pid of pids) expect(await processAlive(pid)).toBe(false);
  });

  it("refuses to start anything once disposed", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved")], UNLIMITED);
    hub.supervisor.dispose();
    expect((await rejection(hub.supervisor.start("a"))).status).toBe(503);
  });
});

describe("stop sequence", () => {
  it("closes stdin, then SIGTERMs, then SIGKILLs an agent that ignores both", async () => {
    void hub.supervisor.setConfig([agent("a", "stubborn")], UNLIMITED);
    await hub.supervisor.start("a");
    const pid = hub.pidOf("a");
    await hub.supervisor.stop("a");
    expect(hub.stateOf("a")).toBe("stopped");
    expect(await processAlive(pid)).toBe(false);
    const logs = hub.supervisor.logs("a");
    const stdinClosed = logs.indexOf("stdin closed: ignoring it");
    const terminated = logs.indexOf("SIGTERM received: ignoring it");
    expect(stdinClosed).toBeGreaterThan(-1);
    expect(terminated).toBeGreaterThan(stdinClosed);
  });

  it("leaves nothing the agent launched behind when it is stopped", async () => {
    void hub.supervisor.setConfig([agent("a", "spawns-child")], UNLIMITED);
    await hub.supervisor.start("a");
    const child = hub.pidOf("a", "child");
    expect(await processAlive(child)).toBe(true);
    await hub.supervisor.stop("a");
    // The agent itself left politely on the end of stdin; its child had to be killed with the group.
    expect(hub.supervisor.logs("a")).toContain("stdin closed: exiting");
    expect(await eventually(async () => !(await processAlive(child)))).toBe(true);
  });

  it("leaves nothing the agent launched behind when it crashes", async () => {
    void hub.supervisor.setConfig([agent("a", "spawns-child")], UNLIMITED);
    await hub.supervisor.start("a");
    const child = hub.pidOf("a", "child");
    process.kill(hub.pidOf("a"), "SIGKILL");
    expect(await eventually(() => hub.stateOf("a") === "error")).toBe(true);
    expect(await eventually(async () => !(await processAlive(child)))).toBe(true);
  });
});

describe("logs", () => {
  it("sends every stderr line as agent:log and keeps the last 200", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved", { FAKE_AGENT_LINES: "250" })], UNLIMITED);
    await hub.supervisor.start("a");
    expect(await eventually(() => hub.supervisor.logs("a").includes("line 250"))).toBe(true);
    const sent = hub.logLines.filter((event) => event.agent === "a").map((event) => event.line);
    // Every line was an event, in the order written (the agent also logs its pid and what initialize offered).
    expect(sent.filter((line) => line.startsWith("line "))).toEqual(Array.from({ length: 250 }, (_, index) => `line ${index + 1}`));
    expect(sent.length).toBeGreaterThan(250);
    const logs = hub.supervisor.logs("a");
    expect(logs).toHaveLength(200);
    expect(logs).toEqual(sent.slice(-200));
    expect(logs).not.toContain("line 1");
  });

  it("follows an agent that writes while it runs, and keeps the lines after it stops", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved", { FAKE_AGENT_TICK_MS: "20" })], UNLIMITED);
    await hub.supervisor.start("a");
    expect(await eventually(() => hub.supervisor.logs("a").includes("tick 3"))).toBe(true);
    await hub.supervisor.stop("a");
    expect(hub.supervisor.logs("a")).toContain("tick 3");
  });
});

describe("limits", () => {
  it("stops a ready agent left unused for stopIdleAgentsAfter, but not a busy one", async () => {
    // scale 0.001: stopIdleAgentsAfter 100 s is 100 ms.
    void hub.supervisor.setConfig([agent("idle", "well-behaved"), agent("used", "well-behaved")], { maxRunningAgents: 4, stopIdleAgentsAfter: 100 });
    await hub.supervisor.start("idle");
    const lease = await hub.supervisor.acquire("used");
    expect(await eventually(() => hub.stateOf("idle") === "stopped")).toBe(true);
    expect(hub.statesOf("idle")).toEqual(["stopped", "starting", "ready", "stopped"]);
    expect(hub.stateOf("used")).toBe("busy");
    lease.release();
    expect(await eventually(() => hub.stateOf("used") === "stopped")).toBe(true);
  });

  it("never stops an idle agent when stopIdleAgentsAfter is 0", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved")], { maxRunningAgents: 4, stopIdleAgentsAfter: 0 });
    await hub.supervisor.start("a");
    // Many idle checks (every 50 ms) go by.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(hub.stateOf("a")).toBe("ready");
  });

  it("stops the least recently used ready agent when the limit is reached", async () => {
    const limits = { maxRunningAgents: 2, stopIdleAgentsAfter: 0 };
    void hub.supervisor.setConfig([agent("a", "well-behaved"), agent("b", "well-behaved"), agent("c", "well-behaved")], limits);
    await hub.supervisor.start("a");
    await hub.supervisor.start("b");
    // a is used after b started: b is now the least recently used.
    (await hub.supervisor.acquire("a")).release();
    const b = hub.pidOf("b");
    await hub.supervisor.start("c");
    expect(hub.supervisor.list().map((info) => [info.name, info.state])).toEqual([
      ["a", "ready"],
      ["b", "stopped"],
      ["c", "ready"],
    ]);
    expect(await processAlive(b)).toBe(false);
  });

  it("refuses a start when every running agent is busy, with the seed's message, in English and in French", async () => {
    const limits = { maxRunningAgents: 2, stopIdleAgentsAfter: 0 };
    void hub.supervisor.setConfig([agent("a", "well-behaved"), agent("b", "well-behaved"), agent("c", "well-behaved")], limits);
    await hub.supervisor.acquire("a");
    await hub.supervisor.acquire("b");
    const refused = await rejection(hub.supervisor.start("c"));
    expect(refused.status).toBe(409);
    expect(refused.message).toBe("too many agents running: 2 agent(s) busy (a, b), the limit is 2");
    setActiveLocale("fr");
    expect((await rejection(hub.supervisor.acquire("c"))).message).toBe("too many agents running: 2 agent(s) busy (a, b), the limit is 2");
    expect(hub.supervisor.list().map((info) => info.state)).toEqual(["busy", "busy", "stopped"]);
    expect(hub.statesOf("c")).toEqual(["stopped"]);
  });

  it("counts a starting agent as taken: it is neither stopped for room nor left out of the refusal", async () => {
    void hub.supervisor.setConfig([agent("stuck", "never-initializes"), agent("b", "well-behaved")], { maxRunningAgents: 1, stopIdleAgentsAfter: 0 });
    const stuck = hub.supervisor.start("stuck");
    const refused = await rejection(hub.supervisor.start("b"));
    expect(refused.message).toBe("too many agents running: 1 agent(s) busy (stuck), the limit is 1");
    expect(hub.stateOf("stuck")).toBe("starting");
    await hub.supervisor.stop("stuck");
    await rejection(stuck);
    await hub.supervisor.start("b");
    expect(hub.stateOf("b")).toBe("ready");
  });

  it("lets a new start take the place of an agent being stopped", async () => {
    void hub.supervisor.setConfig([agent("a", "stubborn"), agent("b", "well-behaved")], { maxRunningAgents: 1, stopIdleAgentsAfter: 0 });
    await hub.supervisor.start("a");
    const stopping = hub.supervisor.stop("a");
    await hub.supervisor.start("b");
    await stopping;
    expect(hub.supervisor.list().map((info) => info.state)).toEqual(["stopped", "ready"]);
  });
});

describe("client side", () => {
  it("by default ignores updates, answers permission requests `cancelled`, and advertises neither fs nor terminal", async () => {
    void hub.supervisor.setConfig([agent("a", "well-behaved")], UNLIMITED);
    const lease = await hub.supervisor.acquire("a");
    await lease.connection.agent.request("session/new", { cwd, mcpServers: [] });
    // stderr and stdout are two pipes: the line may arrive just after the answer.
    expect(await eventually(() => hub.supervisor.logs("a").includes("permission=cancelled"))).toBe(true);
    const logs = hub.supervisor.logs("a");
    const capabilities = logs.find((line) => line.startsWith("client capabilities="));
    expect(JSON.parse(capabilities?.slice("client capabilities=".length) ?? "null")).toMatchObject({
      fs: { readTextFile: false, writeTextFile: false },
      terminal: false,
    });
    lease.release();
  });

  it("hands the agent's updates and permission requests to the handlers given for that agent, and advertises what they cover", async () => {
    const updates: string[] = [];
    hub = new SupervisorHarness(testTiming(), (events) =>
      new Supervisor({
        events,
        timing: testTiming(),
        clientHandlers: (name) => ({
          sessionUpdate: ({ params }) => {
            updates.push(`${name}:${params.update.sessionUpdate}`);
          },
          requestPermission: ({ params }) => ({ outcome: { outcome: "selected", optionId: params.options[0]?.optionId ?? "" } }),
          readTextFile: () => ({ content: "" }),
        }),
      }),
    );
    void hub.supervisor.setConfig([agent("a", "well-behaved")], UNLIMITED);
    const lease = await hub.supervisor.acquire("a");
    await lease.connection.agent.request("session/new", { cwd, mcpServers: [] });
    expect(updates).toEqual(["a:agent_message_chunk"]);
    expect(await eventually(() => hub.supervisor.logs("a").includes("permission=selected:allow"))).toBe(true);
    const capabilities = hub.supervisor.logs("a").find((line) => line.startsWith("client capabilities="));
    expect(JSON.parse(capabilities?.slice("client capabilities=".length) ?? "null")).toMatchObject({
      fs: { readTextFile: true, writeTextFile: false },
      terminal: false,
    });
    lease.release();
  });
});
