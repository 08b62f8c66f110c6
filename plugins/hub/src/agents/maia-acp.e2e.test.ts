import { startFakeLiteLLM, type FakeLiteLLM } from "@maia/fake-litellm";
import { MAIA_BIN, tempFolder } from "@maia/testing-maia";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AgentDefinition } from "../config/hub-config.ts";
import { SupervisorHarness, testTiming, UNLIMITED } from "./testing/harness.ts";

/**
 * The supervisor with the agent users run first: this same MAIA in ACP mode (the built bundle), pointed at
 * the fake LiteLLM server through the settings of a temporary HOME.
 */
let server: FakeLiteLLM;
let home: string;
let cwd: string;
let hub: SupervisorHarness;

beforeEach(async () => {
  server = await startFakeLiteLLM();
  home = await tempFolder("maia-hub-home-");
  cwd = await tempFolder("maia-hub-project-");
  server.writeSettings(home);
  // A long stdin grace: `maia acp` must leave by itself when its stdin closes, without the SIGTERM.
  hub = new SupervisorHarness(testTiming({ stdinGrace: 20_000 }));
});

afterEach(async () => {
  await hub.supervisor.stopAll();
  hub.supervisor.dispose();
  await server.close();
});

function maia(name: string): AgentDefinition {
  return {
    name,
    title: "MAIA",
    icon: "🧠",
    description: "this MAIA in ACP mode",
    command: process.execPath,
    args: [MAIA_BIN, "acp", "--model", "fake-model"],
    // MAIA_CWD and INIT_CWD (set by pnpm) would override the launch folder: the agent's cwd must win.
    env: { HOME: home, MAIA_LANG: "en", MAIA_CWD: cwd, INIT_CWD: cwd },
    cwd,
  };
}

describe("maia acp under the supervisor", () => {
  it("starts, serves a conversation while busy, and stops when its stdin closes", async () => {
    void hub.supervisor.setConfig([maia("maia")], UNLIMITED);
    await hub.supervisor.start("maia");
    expect(hub.stateOf("maia")).toBe("ready");

    const lease = await hub.supervisor.acquire("maia");
    expect(lease.initialize.protocolVersion).toBe(1);
    expect(lease.initialize.agentInfo).toMatchObject({ name: "maia", title: "MAIA" });
    const session = await lease.connection.agent.request("session/new", { cwd, mcpServers: [] });
    expect(session.sessionId).toEqual(expect.any(String));
    expect(hub.stateOf("maia")).toBe("busy");
    lease.release();
    expect(hub.stateOf("maia")).toBe("ready");

    await hub.supervisor.stop("maia");
    expect(hub.statesOf("maia")).toEqual(["stopped", "starting", "ready", "busy", "ready", "stopped"]);
    expect(lease.connection.signal.aborted).toBe(true);
  });

  it("makes room for a second maia by stopping the idle one at the limit", async () => {
    void hub.supervisor.setConfig([maia("one"), maia("two")], { maxRunningAgents: 1, stopIdleAgentsAfter: 0 });
    await hub.supervisor.start("one");
    await hub.supervisor.start("two");
    expect(hub.supervisor.list().map((info) => [info.name, info.state])).toEqual([
      ["one", "stopped"],
      ["two", "ready"],
    ]);
  });
});
