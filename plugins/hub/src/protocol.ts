/**
 * The hub's one contract: every event the server pushes and every service method the page calls (seed 001),
 * declared once and imported by both the Node server and the page — our counterpart of the seed's generated
 * Go/TypeScript bindings, so a renamed field fails to compile on both sides. Names are exactly the seed's.
 *
 * Transport (README, "maia hub"): a service method is `POST /api/<Service>/<Method>` with a JSON array of its
 * positional arguments, answered `200 {"result": …}` or 4xx/5xx `{"error": "…"}`; events are one Server-Sent
 * Events stream, `GET /api/events`, each `event: <name>` with `data: <payload as JSON>`.
 *
 * This module holds types and plain data only: no Node or DOM API, so both sides can import it.
 */

// ── Agents ──────────────────────────────────────────────────────────────────────────────────────────────────

/** The states of seed 001 ("États d'un agent"). `outdated` is a flag beside them, not a state. */
export const AGENT_STATES = ["stopped", "starting", "ready", "busy", "error"] as const;
export type AgentState = (typeof AGENT_STATES)[number];

/** One agent as `AgentService.List()` gives it, in configuration order. */
export interface AgentInfo {
  name: string;
  title: string;
  /** An emoji, or a path to an image (served by the hub at `/api/icon/<name>`). */
  icon: string;
  description: string;
  state: AgentState;
  /** Why the agent is in `error` (the reason, then its last stderr lines on a failed start); "" otherwise. */
  error: string;
  /** Running with a definition that changed in the configuration since it started: a restart applies it. */
  outdated: boolean;
}

// ── Configuration ───────────────────────────────────────────────────────────────────────────────────────────

/** A problem or warning of a configuration text, 1-based, pointing at the value at fault. */
export interface Problem {
  line: number;
  column: number;
  message: string;
  warning: boolean;
}

export interface Validation {
  problems: Problem[];
  warnings: Problem[];
}

/** Where the configuration in use came from: `--config`, the most recent file opened, or `~/.maia/hub.json`. */
export type ConfigSource = "flag" | "recent" | "default";
export type Theme = "system" | "light" | "dark";
export type Language = "system" | "en" | "fr";

/** A channel: a door for scripts and bots to one agent's conversation (the next milestone fills it). */
export interface ChannelInfo {
  name: string;
  agent: string;
}

/** `ConfigService.Current()`. */
export interface ConfigCurrent {
  path: string;
  source: ConfigSource;
  /** The file did not exist and was created with the default agent. */
  created: boolean;
  /** The file on disk is valid; when false, the last valid configuration stays in force. */
  valid: boolean;
  problems: Problem[];
  warnings: Problem[];
  theme: Theme;
  language: Language;
  channels: ChannelInfo[];
}

/** `ConfigService.Save(text)`: written only when valid; otherwise the problems, and the file untouched. */
export interface SaveResult {
  saved: boolean;
  problems: Problem[];
  warnings: Problem[];
}

/** One entry of `ConfigService.Browse(folder)`: the page's own file dialog. */
export interface BrowseEntry {
  name: string;
  path: string;
  kind: "folder" | "file";
}

export interface BrowseResult {
  /** The folder listed, absolute and resolved. */
  folder: string;
  /** Its parent, or "" at the root. */
  parent: string;
  /** Sub-folders, then `.json` / `.jsonc` files, each sorted by name; hidden entries are left out. */
  entries: BrowseEntry[];
}

// ── Events (seed 001, "Événements du Go vers l'interface") ──────────────────────────────────────────────────

export interface HubEvents {
  /** The configuration file was saved or changed on disk and reloaded, valid or not. */
  "config:changed": { path: string; valid: boolean; problems: Problem[] };
  /** An agent changed state, or its definition changed. */
  "agent:state": { agent: string; state: AgentState; error?: string };
  /** An agent wrote a line on its standard error. */
  "agent:log": { agent: string; line: string };
}

export type HubEventName = keyof HubEvents;

/** Every event name, for the page's EventSource listeners (the `Record` makes the compiler check the list). */
export const HUB_EVENT_NAMES = Object.keys({
  "config:changed": 1,
  "agent:state": 1,
  "agent:log": 1,
} satisfies Record<HubEventName, 1>) as HubEventName[];

// ── Services (seed 001, "Services appelés par l'interface") ─────────────────────────────────────────────────

export interface HubServices {
  AgentService: {
    List(): AgentInfo[];
    Start(name: string): null;
    Stop(name: string): null;
    Restart(name: string): null;
    /** The agent's last 200 stderr lines, oldest first. */
    Logs(name: string): string[];
  };
  ConfigService: {
    Current(): ConfigCurrent;
    Content(): string;
    Validate(text: string): Validation;
    Save(text: string): SaveResult;
    Schema(): Record<string, unknown>;
    /** Stops every agent, forgets conversations, loads and watches `path`, and records it in Recent. */
    Open(path: string): ConfigCurrent;
    /** The configuration files opened from the hub, newest first (8 at most). */
    Recent(): string[];
    /** Lists a folder for the page's file dialog (`Choose()` in the seed: the dialog ends in `Open(path)`). */
    Browse(folder: string): BrowseResult;
  };
}

export type ServiceName = keyof HubServices;
export type MethodName<S extends ServiceName> = keyof HubServices[S] & string;
type Method<S extends ServiceName, M extends MethodName<S>> = HubServices[S][M] extends (...args: infer A) => infer R
  ? { args: A; result: R }
  : never;
export type MethodArgs<S extends ServiceName, M extends MethodName<S>> = Method<S, M>["args"];
export type MethodResult<S extends ServiceName, M extends MethodName<S>> = Method<S, M>["result"];

/** What the server implements: every method of every service, asynchronously. */
export type ServiceImplementations = {
  [S in ServiceName]: {
    [M in MethodName<S>]: (...args: MethodArgs<S, M>) => Promise<MethodResult<S, M>> | MethodResult<S, M>;
  };
};

const string = { type: "string" } as const;

/**
 * The JSON Schema of each method's argument array, checked by the server before the method runs (the body of
 * a request is untrusted). The `Record` types make the compiler insist on one entry per method.
 */
export const SERVICE_ARGUMENTS: { [S in ServiceName]: Record<MethodName<S>, readonly object[]> } = {
  AgentService: { List: [], Start: [string], Stop: [string], Restart: [string], Logs: [string] },
  ConfigService: {
    Current: [],
    Content: [],
    Validate: [string],
    Save: [string],
    Schema: [],
    Open: [string],
    Recent: [],
    Browse: [string],
  },
};

/** The answer of every service call. */
export type ServiceAnswer<T> = { result: T } | { error: string };
