import { fileURLToPath } from "node:url";
import { tempFolder } from "@maia/testing-maia";
import type { AgentDefinition, HubLimits } from "../../config/hub-config.ts";
import { HubEventBus } from "../../events.ts";
import type { HubEvents } from "../../protocol.ts";
import type { HubTiming } from "../../timing.ts";
import { Supervisor } from "../supervisor.ts";

export type FakeAgent =
  | "well-behaved"
  | "crash-after-initialize"
  | "never-initializes"
  | "protocol-v2"
  | "fails-at-start"
  | "stubborn"
  | "spawns-child";

/**
 * The seed's durations scaled down for tests, as `MAIA_HUB_TIME_SCALE` does, except the handshake timeout,
 * kept long enough for a node process to start on a loaded machine (tests of the timeout pass their own).
 */
export function testTiming(overrides: Partial<HubTiming> = {}): HubTiming {
  return { handshakeTimeout: 15_000, stdinGrace: 300, termGrace: 300, idleCheckEvery: 50, scale: 0.001, ...overrides };
}

export const UNLIMITED: HubLimits = { maxRunningAgents: 10, stopIdleAgentsAfter: 0 };

/** A definition running one of the fake agents of this folder with the running node. */
export function fakeAgent(name: string, script: FakeAgent, options: { cwd: string; env?: Record<string, string>; title?: string }): AgentDefinition {
  return {
    name,
    title: options.title ?? `Agent ${name}`,
    icon: "🤖",
    description: `the ${script} fake agent`,
    command: process.execPath,
    args: [fileURLToPath(new URL(`./${script}.mjs`, import.meta.url))],
    env: options.env ?? {},
    cwd: options.cwd,
  };
}

export type StateEvent = HubEvents["agent:state"];

/** A supervisor on its own bus, with every event it emits recorded in order. */
export class SupervisorHarness {
  readonly events = new HubEventBus();
  readonly supervisor: Supervisor;
  readonly states: StateEvent[] = [];
  readonly logLines: HubEvents["agent:log"][] = [];

  constructor(timing: HubTiming = testTiming(), supervisor?: (events: HubEventBus) => Supervisor) {
    this.supervisor = supervisor?.(this.events) ?? new Supervisor({ events: this.events, timing });
    this.events.subscribe((name, payload) => {
      if (name === "agent:state") this.states.push(payload as StateEvent);
      if (name === "agent:log") this.logLines.push(payload as HubEvents["agent:log"]);
    });
  }

  /** The states `agent` went through, in order. */
  statesOf(agent: string): string[] {
    return this.states.filter((event) => event.agent === agent).map((event) => event.state);
  }

  stateOf(agent: string): string | undefined {
    return this.supervisor.list().find((info) => info.name === agent)?.state;
  }

  /** The pid a fake agent logged at its last start. */
  pidOf(agent: string, label = "pid"): number {
    const line = this.supervisor
      .logs(agent)
      .filter((entry) => entry.startsWith(`${label}=`))
      .at(-1);
    if (!line) throw new Error(`${agent} logged no ${label}= line; logs: ${this.supervisor.logs(agent).join(" | ")}`);
    return Number(line.slice(label.length + 1));
  }
}

export { tempFolder };
