import type { ChannelInfo, Language, Theme } from "../protocol.ts";

/** One agent of `hub.json`, resolved: `${VAR}` expanded in `env`, `cwd` absolute (default: where `maia hub` started). */
export interface AgentDefinition {
  name: string;
  title: string;
  icon: string;
  description: string;
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

export interface HubLimits {
  /** At most this many agents run at once (integer ≥ 1, default 4). */
  maxRunningAgents: number;
  /** Idle (`ready`) agents are stopped after this many seconds; 0 = never (default 900). */
  stopIdleAgentsAfter: number;
}

/** A valid configuration, defaults applied: what the hub runs with. */
export interface HubConfig {
  agents: AgentDefinition[];
  limits: HubLimits;
  theme: Theme;
  language: Language;
  channels: ChannelInfo[];
}

export const DEFAULT_LIMITS: HubLimits = { maxRunningAgents: 4, stopIdleAgentsAfter: 900 };

/** Two definitions that start the same process the same way: a running agent whose definition differs is `outdated`. */
export function sameLaunch(a: AgentDefinition, b: AgentDefinition): boolean {
  return (
    a.command === b.command &&
    a.cwd === b.cwd &&
    a.args.length === b.args.length &&
    a.args.every((arg, index) => arg === b.args[index]) &&
    JSON.stringify(Object.entries(a.env).sort()) === JSON.stringify(Object.entries(b.env).sort())
  );
}
