import type { AgentSession } from "@maia/kernel";
import { CLOSE_BUDGET_MS, McpConnection, type McpSandbox } from "./connection.ts";
import { ToolPlacement } from "./deferred-tools.ts";
import { createMcpTool } from "./mcp-tool.ts";
import { t } from "./messages.ts";
import type { McpRuleLike } from "./rules.ts";
import type { McpOrigin, McpServerConfig } from "./server-config.ts";
import { selectTools } from "./tool-selection.ts";
import type { ToolSearchMode } from "./tool-search-setting.ts";

/** What `/mcp` and the UIs show of one server (seed § 22: OK / FAIL badge, name, reason). */
export interface McpServerStatus {
  key: string;
  state: "ok" | "fail";
  reason?: string;
  /** The names offered to the model (`mcp__key__tool`). */
  tools: string[];
  transport: "stdio" | "http" | "sse";
  /** The server asks for an OAuth login MAIA does not have: `/mcp login KEY` (state is "fail"). */
  needsLogin?: true;
  /** Its connection dropped and MAIA is connecting it again: the attempt under way or next (1 = first). */
  reconnecting?: { attempt: number };
  origin: McpOrigin;
  /** The command line or url as written in mcp.json (variables not expanded). */
  display: string;
}

interface Entry {
  config: McpServerConfig;
  connection?: McpConnection;
  /** Why the server was not even started (a project file not approved). */
  blocked?: string;
  tools: string[];
  /** Automatic reconnection after a drop: attempts so far and the timer of the next one. */
  attempts?: number;
  timer?: NodeJS.Timeout;
  /** The model was told the server needs a login (once per session). */
  toldNeedsLogin?: boolean;
}

/**
 * Waits between the automatic attempts to connect a dropped server again (ms), doubling up to 30 s; after the
 * last, the server stays FAIL until `/mcp reconnect`. A server that crashes at each start is not restarted for ever.
 */
export const RECONNECT_DELAYS_MS = [500, 1000, 2000, 4000, 8000, 16000, 30000, 30000];

export interface SessionServersOptions {
  session: AgentSession;
  servers: readonly McpServerConfig[];
  /** Key → reason, for selected servers that may not start. */
  blocked: ReadonlyMap<string, string>;
  rules: readonly McpRuleLike[];
  warn(message: string): void;
  /** A server's lists were read (connected, or `list_changed`): its prompts become slash commands. */
  onLists?(key: string, connection: McpConnection): void;
  /** The sandbox plugin's API, for stdio servers that opt in (`"sandbox": true`). */
  sandbox?: () => McpSandbox | undefined;
  /** `"toolSearch"` of mcp.json: when the tools are deferred behind ToolSearch (default `auto`). */
  toolSearch?: ToolSearchMode;
}

/**
 * The MCP servers of one session: connected in parallel when the session starts (each bounded by its own
 * timeout, so a dead server delays nothing beyond it), their tools added to `session.tools` as each one
 * answers, the whole closed when the session ends. Connections are per session, as in the seed: /clear,
 * /new, /load, /model and /compact connect again.
 */
export class SessionServers {
  readonly #session: AgentSession;
  readonly #entries = new Map<string, Entry>();
  readonly #rules: readonly McpRuleLike[];
  readonly #warn: (message: string) => void;
  readonly #onLists: ((key: string, connection: McpConnection) => void) | undefined;
  readonly #sandbox: (() => McpSandbox | undefined) | undefined;
  #ready: Promise<void> = Promise.resolve();
  #closed = false;
  /** The servers' tools: offered with every request, or deferred past the budget (deferred-tools.ts). */
  readonly placement: ToolPlacement;

  constructor(options: SessionServersOptions) {
    this.#session = options.session;
    this.#rules = options.rules;
    this.#warn = options.warn;
    this.#onLists = options.onLists;
    this.#sandbox = options.sandbox;
    this.placement = new ToolPlacement(options.session, options.toolSearch);
    for (const config of options.servers) {
      const blocked = options.blocked.get(config.key);
      this.#entries.set(config.key, { config, tools: [], ...(blocked === undefined ? {} : { blocked }) });
    }
  }

  get keys(): string[] {
    return [...this.#entries.keys()];
  }

  config(key: string): McpServerConfig | undefined {
    return this.#entries.get(key)?.config;
  }

  /** The working connection of a server, for its prompts and resources; undefined when it is not OK. */
  connection(key: string): McpConnection | undefined {
    const entry = this.#entries.get(key);
    return entry?.blocked === undefined && entry?.connection?.state === "ok" ? entry.connection : undefined;
  }

  /** Starts every connection at once; `ready()` resolves when all have succeeded or failed. */
  start(): void {
    const attempts = [...this.#entries.values()].map((entry) => {
      if (entry.blocked !== undefined) {
        this.#warn(t("connectFailed", { key: entry.config.key, reason: entry.blocked }));
        return Promise.resolve();
      }
      return this.#connect(entry);
    });
    this.#ready = Promise.all(attempts).then(() => undefined);
  }

  /**
   * Servers joining a session already started (those an ACP client passes): connected now, in parallel, their
   * tools added as for the others; resolves with their status once each has succeeded or failed. `status()`
   * and `ready()` wait for them too.
   */
  async add(configs: readonly McpServerConfig[]): Promise<McpServerStatus[]> {
    if (this.#closed) return [];
    const entries = configs.map((config) => {
      const entry: Entry = { config, tools: [] };
      this.#entries.set(config.key, entry);
      return entry;
    });
    const attempt = Promise.all(entries.map((entry) => this.#connect(entry))).then(() => undefined);
    this.#ready = Promise.all([this.#ready, attempt]).then(() => undefined);
    await attempt;
    return entries.map((entry) => this.#statusOf(entry));
  }

  /** Waits for the connections under way; an abort (Ctrl+C during the wait) stops waiting, not connecting. */
  ready(signal?: AbortSignal): Promise<void> {
    // Also the tool lists being read again after `list_changed`: the next request offers the new tools.
    const all = this.#ready.then(() =>
      Promise.all([...this.#entries.values()].map((entry) => entry.connection?.settled())).then(() => undefined),
    );
    if (!signal) return all;
    if (signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        signal.removeEventListener("abort", done);
        resolve();
      };
      signal.addEventListener("abort", done, { once: true });
      void all.then(done);
    });
  }

  async status(): Promise<McpServerStatus[]> {
    await this.#ready;
    return [...this.#entries.values()].map((entry) => this.#statusOf(entry));
  }

  /**
   * `/mcp reconnect <key>` (beyond the seed): closes what is left of the connection, connects again, and
   * replaces the server's tools. `unblock` re-runs the approval of a project server that was not approved.
   * Undefined when the session has no such server.
   */
  async reconnect(key: string, unblock?: () => Promise<string | undefined>): Promise<McpServerStatus | undefined> {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    await this.#ready;
    if (entry.blocked !== undefined && unblock) {
      const still = await unblock();
      if (still === undefined) delete entry.blocked;
      else entry.blocked = still;
    }
    if (entry.blocked === undefined) {
      this.#stopReconnecting(entry);
      await entry.connection?.close();
      this.#removeTools(entry);
      const attempt = this.#connect(entry);
      this.#ready = attempt;
      await attempt;
    }
    return this.#statusOf(entry);
  }

  /** Ends every connection in parallel, within 3 s in all (seed § 22). */
  async close(): Promise<void> {
    this.#closed = true;
    for (const entry of this.#entries.values()) this.#stopReconnecting(entry);
    const connections = [...this.#entries.values()].flatMap((entry) => (entry.connection ? [entry.connection] : []));
    await Promise.all(connections.map((connection) => connection.close(CLOSE_BUDGET_MS)));
  }

  /** `quiet`: an automatic reconnection, whose failures /mcp shows without a WARN each time. */
  async #connect(entry: Entry, quiet = false): Promise<void> {
    const { env, homeDir, frontEnd } = this.#session.setup;
    // Headless and ACP have no slash command to type: the terminal command logs in.
    const key = entry.config.key;
    // An editor's server (ACP) is in no mcp.json: the same name and url there share its login (AuthStore).
    const loginCommand =
      entry.config.origin === "client"
        ? t("loginClientServer", { key: entry.config.authKey ?? key, url: entry.config.display })
        : frontEnd.terminal
          ? `/mcp login ${key}`
          : `maia mcp login ${key}`;
    const connection = new McpConnection(entry.config, env, homeDir, loginCommand, this.#sandbox);
    entry.connection = connection;
    await connection.connect();
    if (this.#closed) {
      await connection.close();
      return;
    }
    for (const warning of connection.warnings) this.#warn(warning);
    if (connection.state !== "ok") {
      if (!quiet) this.#warn(t("connectFailed", { key: entry.config.key, reason: connection.reason ?? "?" }));
      // The model would otherwise not know the server exists: a server with no tools yet has no tool result to
      // say "needs login" in. Told once, with the next request, as data.
      if (connection.needsLogin && !entry.toldNeedsLogin) {
        entry.toldNeedsLogin = true;
        this.#session.pendingContext.push(t("needsLoginContext", { key, reason: connection.reason ?? loginCommand }));
      }
      return;
    }
    this.#offer(entry, connection);
    connection.onToolsChanged = () => {
      if (entry.connection !== connection || this.#closed) return;
      this.#removeTools(entry);
      this.#offer(entry, connection);
    };
    connection.onDrop = () => {
      if (entry.connection !== connection || this.#closed) return;
      this.#removeTools(entry);
      this.#scheduleReconnect(entry);
    };
  }

  /** The connection's tools, selected by mcp.json and the rules, into the session (what the model is offered). */
  #offer(entry: Entry, connection: McpConnection): void {
    // Deferred tools are out of `session.tools` but keep their names.
    const taken = new Set([...this.#session.tools.keys(), ...this.placement.specs().map((spec) => spec.name)]);
    const { tools, warnings } = selectTools(entry.config, connection.tools, this.#rules, taken);
    for (const warning of warnings) this.#warn(warning);
    this.placement.add(tools.map(({ name, remote }) => [name, createMcpTool(name, remote, connection)] as const));
    entry.tools = tools.map((tool) => tool.name);
    this.#onLists?.(entry.config.key, connection);
  }

  /** A dropped server is connected again after a growing wait; a success starts the count afresh. */
  #scheduleReconnect(entry: Entry): void {
    const attempt = (entry.attempts ?? 0) + 1;
    const delay = RECONNECT_DELAYS_MS[attempt - 1];
    if (delay === undefined) {
      delete entry.attempts;
      this.#warn(t("reconnectGaveUp", { key: entry.config.key, count: RECONNECT_DELAYS_MS.length }));
      return;
    }
    entry.attempts = attempt;
    entry.timer = setTimeout(() => {
      delete entry.timer;
      if (this.#closed) return;
      const previous = entry.connection;
      const work = (async () => {
        await previous?.close();
        await this.#connect(entry, true);
        const connection = entry.connection;
        if (this.#closed || !connection) return;
        if (connection.state === "ok") delete entry.attempts;
        else if (!connection.needsLogin) this.#scheduleReconnect(entry);
      })();
      this.#ready = Promise.all([this.#ready, work]).then(() => undefined);
    }, delay);
    entry.timer.unref();
  }

  #stopReconnecting(entry: Entry): void {
    clearTimeout(entry.timer);
    delete entry.timer;
    delete entry.attempts;
  }

  #removeTools(entry: Entry): void {
    this.placement.remove(entry.tools);
    entry.tools = [];
  }

  #statusOf(entry: Entry): McpServerStatus {
    const connection = entry.connection;
    const ok = entry.blocked === undefined && connection?.state === "ok";
    const reason = entry.blocked ?? connection?.reason;
    return {
      key: entry.config.key,
      state: ok ? "ok" : "fail",
      ...(ok || reason === undefined ? {} : { reason }),
      tools: ok ? [...entry.tools] : [],
      transport: entry.config.transport.type,
      ...(!ok && connection?.needsLogin ? { needsLogin: true as const } : {}),
      ...(!ok && entry.attempts !== undefined ? { reconnecting: { attempt: entry.attempts } } : {}),
      origin: entry.config.origin,
      display: entry.config.display,
    };
  }
}
