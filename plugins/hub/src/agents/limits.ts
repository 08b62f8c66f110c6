import type { HubLimits } from "../config/hub-config.ts";
import type { HubTiming } from "../timing.ts";
import { t } from "./messages.ts";

/** An agent that occupies one of the `maxRunningAgents` places. */
export interface RunningAgent {
  name: string;
  state: "starting" | "ready" | "busy";
  /** A logical clock: larger is more recent (started, leased or released). */
  lastUsed: number;
}

export type Admission =
  | { kind: "admit" }
  | { kind: "evict"; victim: string }
  | { kind: "refuse"; message: string };

/**
 * May one more agent start? Below the limit, yes. At the limit, the least recently used `ready` agent makes
 * room (seed 001: it goes to `stopped`). When none is `ready` the start is refused with the seed's message.
 *
 * A `starting` agent holds its place and is never evicted: someone asked for it a moment ago, and stopping it
 * before it could even be used would only trade one wait for another. In the refusal it is counted with the
 * busy agents and named among them, since for the person reading the message it is just as taken; the message
 * keeps the seed's exact wording.
 */
export function admit(running: readonly RunningAgent[], limits: HubLimits): Admission {
  if (running.length < limits.maxRunningAgents) return { kind: "admit" };
  const idle = running.filter((agent) => agent.state === "ready").sort((a, b) => a.lastUsed - b.lastUsed)[0];
  if (idle) return { kind: "evict", victim: idle.name };
  const taken = running.map((agent) => agent.name);
  return { kind: "refuse", message: refusal(taken, limits.maxRunningAgents) };
}

/** `too many agents running: N agent(s) busy (a, b), the limit is N`, word for word from seed 001. */
export function refusal(busy: readonly string[], limit: number): string {
  return t("tooManyAgents", { busy: busy.length, names: busy.join(", "), limit });
}

/** How long a `ready` agent may stay unused, in milliseconds; undefined for never (`stopIdleAgentsAfter: 0`). */
export function idleLimitMs(limits: HubLimits, timing: Pick<HubTiming, "scale">): number | undefined {
  if (limits.stopIdleAgentsAfter <= 0) return undefined;
  return limits.stopIdleAgentsAfter * 1000 * timing.scale;
}
