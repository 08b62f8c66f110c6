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

/**
 * A channel of `hub.json`, resolved: `token` is the secret itself, read from the environment variable the file
 * names (`"token": "${HUB_TOKEN}"`). It extends what the page sees (`ChannelInfo`), so the token can be left out
 * by picking `name` and `agent` — never send the whole object to the page.
 */
export interface ChannelDefinition extends ChannelInfo {
  token: string;
}

/** A valid configuration, defaults applied: what the hub runs with. */
export interface HubConfig {
  agents: AgentDefinition[];
  limits: HubLimits;
  theme: Theme;
  language: Language;
  channels: ChannelDefinition[];
}

export const DEFAULT_LIMITS: HubLimits = { maxRunningAgents: 4, stopIdleAgentsAfter: 900 };
export const DEFAULT_THEME: Theme = "system";
export const DEFAULT_LANGUAGE: Language = "system";

/**
 * What is in force when the file opened is invalid (at start-up, or after `Open`): no agent, the defaults. The
 * agents of a file cannot be guessed from a file that does not parse, and those of the previously opened file
 * belong to another configuration. (A file that turns invalid while open keeps its last valid configuration.)
 */
export function emptyConfig(): HubConfig {
  return { agents: [], limits: { ...DEFAULT_LIMITS }, theme: DEFAULT_THEME, language: DEFAULT_LANGUAGE, channels: [] };
}

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
