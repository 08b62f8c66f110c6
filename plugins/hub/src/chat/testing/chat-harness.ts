import { readdirSync, readlinkSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MAIA_BIN, tempFolder } from "@maia/testing-maia";
import { createHub, type Hub } from "../../hub.ts";
import type { HubEventName, HubEvents } from "../../protocol.ts";
import { hubTiming } from "../../timing.ts";

export const SCRIPTED_AGENT = fileURLToPath(new URL("./scripted-agent.mjs", import.meta.url));

export interface RecordedEvent<E extends HubEventName = HubEventName> {
  name: E;
  data: HubEvents[E];
}

export interface AgentEntry {
  name: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
}

/** An agent of hub.json running the scripted SDK agent of this folder. */
export function scriptedAgent(name: string, cwd?: string): AgentEntry {
  return { name, command: process.execPath, args: [SCRIPTED_AGENT], ...(cwd ? { cwd } : {}) };
}

/** An agent of hub.json running this MAIA in ACP mode (the built bundle) against the fake LiteLLM server. */
export function maiaAgent(name: string, home: string, cwd: string): AgentEntry {
  // MAIA_CWD and INIT_CWD (set by pnpm) would override the launch folder: the agent's cwd must win.
  return { name, command: process.execPath, args: [MAIA_BIN, "acp", "--model", "fake-model"], env: { HOME: home, MAIA_LANG: "en", MAIA_CWD: cwd, INIT_CWD: cwd }, cwd };
}

/**
 * A whole hub (configuration file, supervisor, chat) as `maia hub` builds it, with the timing scaled down as
 * `MAIA_HUB_TIME_SCALE` does — except the handshake, kept long enough for `maia acp` on a loaded machine — and
 * every event it emits recorded in order.
 */
export class ChatHarness {
  readonly events: RecordedEvent[] = [];
  private readonly waiters = new Set<{ test: (event: RecordedEvent) => boolean; resolve: (event: RecordedEvent) => void }>();

  hub: Hub;
  /** Where hub.json is, and the default `cwd` of its agents. */
  readonly folder: string;
  /** The hub's home folder: `~/.maia/hub/…` holds the threads. */
  readonly home: string;
  private readonly env: Record<string, string | undefined>;

  private constructor(hub: Hub, folder: string, home: string, env: Record<string, string | undefined>) {
    this.hub = hub;
    this.folder = folder;
    this.home = home;
    this.env = env;
    this.listen();
  }

  private listen(): void {
    this.hub.events.subscribe((name, data) => {
      const event = { name, data } as RecordedEvent;
      this.events.push(event);
      for (const waiter of this.waiters) {
        if (waiter.test(event)) {
          this.waiters.delete(waiter);
          waiter.resolve(event);
        }
      }
    });
  }

  static async start(options: {
    agents: AgentEntry[];
    channels?: Array<{ name: string; agent: string; token: string }>;
    env?: Record<string, string>;
    limits?: { maxRunningAgents?: number; stopIdleAgentsAfter?: number };
  }): Promise<ChatHarness> {
    const folder = await tempFolder("maia-hub-chat-");
    const home = await tempFolder("maia-hub-chat-home-");
    const file = path.join(folder, "hub.json");
    const limits = { maxRunningAgents: 4, stopIdleAgentsAfter: 0, ...options.limits };
    await writeFile(file, JSON.stringify({ agents: options.agents, limits, channels: options.channels ?? [] }));
    const env = { PATH: process.env.PATH, ...options.env };
    return new ChatHarness(await ChatHarness.createHub(folder, home, env), folder, home, env);
  }

  private static createHub(folder: string, home: string, env: Record<string, string | undefined>): Promise<Hub> {
    return createHub({
      homeDir: home,
      launchDir: folder,
      env,
      flagPath: path.join(folder, "hub.json"),
      maiaCommand: { command: process.execPath, args: ["-e", "0"] },
      timing: { ...hubTiming({ MAIA_HUB_TIME_SCALE: "0.05" }), handshakeTimeout: 20_000 },
    });
  }

  /** Closes the hub (its agents stopped, its threads written) and opens a new one on the same files, as a restart of `maia hub` does. */
  async restart(): Promise<void> {
    await this.hub.close();
    this.events.length = 0;
    this.hub = await ChatHarness.createHub(this.folder, this.home, this.env);
    this.listen();
  }

  /** The first event (already recorded or to come) that passes `test`. */
  waitFor<E extends HubEventName>(name: E, test: (data: HubEvents[E]) => boolean = () => true, timeoutMs = 20_000): Promise<HubEvents[E]> {
    const matches = (event: RecordedEvent) => event.name === name && test(event.data as HubEvents[E]);
    const found = this.events.find(matches);
    if (found) return Promise.resolve(found.data as HubEvents[E]);
    return new Promise((resolve, reject) => {
      const waiter = { test: matches, resolve: (event: RecordedEvent) => resolve(event.data as HubEvents[E]) };
      this.waiters.add(waiter);
      setTimeout(() => {
        if (this.waiters.delete(waiter)) reject(new Error(`no ${name} event within ${timeoutMs} ms; received:\n${this.describe()}`));
      }, timeoutMs).unref();
    });
  }

  /** The agent message that answers the user message `userId` (in whichever thread of the agent), once finished. */
  async reply(agent: string, userId: string, timeoutMs = 20_000): Promise<HubEvents["message:updated"]["message"]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const threads = [...this.hub.threads.loaded(agent)];
      const messages = threads.find((thread) => thread.messages.some((message) => message.id === userId))?.messages ?? [];
      const at = messages.findIndex((message) => message.id === userId);
      const answer = messages.slice(at + 1).find((message) => message.role === "agent");
      if (at >= 0 && answer?.done) return answer;
      if (Date.now() > deadline) throw new Error(`no finished answer to ${userId}; events:\n${this.describe()}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Answers every permission request that passes `test` with its first option of `kind`, from now on. */
  autoAnswer(kind: "allow_once" | "allow_always" | "reject_once", test: (request: HubEvents["permission:requested"]) => boolean = () => true): void {
    this.hub.events.subscribe((name, data) => {
      if (name !== "permission:requested") return;
      const request = data as HubEvents["permission:requested"];
      const option = request.options.find((candidate) => candidate.kind === kind);
      // After this event is delivered: the board registers the request before emitting it, but answer outside the emit.
      if (test(request) && option) queueMicrotask(() => this.hub.chat.answerPermission(request.id, option.optionId));
    });
  }

  /** The events of some names, in order. */
  only<E extends HubEventName>(...names: E[]): Array<RecordedEvent<E>> {
    return this.events.filter((event): event is RecordedEvent<E> => (names as HubEventName[]).includes(event.name));
  }

  describe(): string {
    return this.events.map((event) => `${event.name} ${JSON.stringify(event.data)}`.slice(0, 300)).join("\n");
  }

  async close(): Promise<void> {
    await this.hub.close();
  }
}

/** The pids of the processes running in `folder` (Linux /proc), for killing an agent mid-turn. */
export function pidsIn(folder: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readlinkSync(`/proc/${entry}/cwd`) === folder) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to look at.
    }
  }
  return pids;
}
