import type { ClientConnection, InitializeResponse } from "@agentclientprotocol/sdk";
import { sameLaunch, type AgentDefinition, type HubLimits } from "../config/hub-config.ts";
import type { HubEventBus } from "../events.ts";
import type { AgentInfo, AgentState } from "../protocol.ts";
import type { HubTiming } from "../timing.ts";
import { noClientHandlers, type ClientHandlersFactory } from "./acp-client.ts";
import { SupervisorError } from "./errors.ts";
import { admit, idleLimitMs, type RunningAgent } from "./limits.ts";
import { LogRing } from "./log-ring.ts";
import { t } from "./messages.ts";
import { RunLifecycle, type Run, type Slot } from "./run-lifecycle.ts";

/** `Logs(name)`: the last 200 stderr lines (seed 001). */
export const LOG_LINES = 200;

export interface SupervisorOptions {
  events: HubEventBus;
  timing: HubTiming;
  /** The client side of ACP for each agent (the chat of the next milestone); default: see `noClientHandlers`. */
  clientHandlers?: ClientHandlersFactory;
}

/** One use of a running agent (a conversation). The agent is `busy` while at least one lease is held. */
export interface Lease {
  readonly agent: string;
  /** The ACP connection to the agent; its `signal` aborts when the agent stops or crashes. */
  readonly connection: ClientConnection;
  /** The agent's answer to `initialize` (capabilities, agent info). */
  readonly initialize: InitializeResponse;
  /** Ends this use; idempotent. The agent becomes `ready` when its last lease is released. */
  release(): void;
}

/**
 * The agent supervisor of seed 001: runs the agents of the configuration as ACP child processes and walks each
 * through `stopped → starting → ready ⇄ busy → stopped | error`, exactly along the rows of the seed's table.
 * Every change of state, and every change of definition, is an `agent:state` event on the bus, in order;
 * every stderr line an `agent:log`. The supervisor is the registry of slots and their leases (who uses which
 * agent, the limits, idle stops); one run's life, from spawn to exit, is `RunLifecycle`'s (run-lifecycle.ts).
 *
 * Decisions where the seed is silent (docs/hub.md):
 * - `start` on an agent that runs (`ready`/`busy`) does nothing, and on a `starting` one waits for the same
 *   start: a double click or a page and a chat asking at once are not conflicts. `start` resolves once the
 *   agent is `ready` and rejects (status 502) when its start fails.
 * - While the stop sequence runs (up to 8 s) the agent keeps its state; `stopped` is emitted when the process
 *   is gone, so `stopped` always means "no process". A `start` during that time waits for the end of the stop.
 * - A stop asked during `starting` begins the stop sequence at once (an agent stuck in its handshake would
 *   otherwise hold the user for 30 s); the state goes to `stopped` when the start is over, never `ready` nor
 *   `error`.
 * - `stop` on a `stopped` or `error` agent does nothing (the error stays readable until the next start).
 * - A reload that lowers `maxRunningAgents` stops nothing: the limit applies to the next start.
 * - `Logs(name)` spans the agent's runs (the lines of a crash stay readable after it); an error quotes only
 *   the lines of the run that failed.
 */
export class Supervisor {
  private readonly events: HubEventBus;
  private readonly timing: HubTiming;
  private readonly clientHandlers: ClientHandlersFactory;
  private slots = new Map<string, Slot>();
  private limits: HubLimits = { maxRunningAgents: 4, stopIdleAgentsAfter: 900 };
  /** Stops of agents removed from the configuration or stopped for being idle, awaited by `stopAll`. */
  private readonly background = new Set<Promise<void>>();
  private readonly idleTimer: NodeJS.Timeout;
  private clock = 0;
  private disposed = false;
  private readonly lifecycle: RunLifecycle;

  constructor(options: SupervisorOptions) {
    this.events = options.events;
    this.timing = options.timing;
    this.clientHandlers = options.clientHandlers ?? noClientHandlers;
    this.lifecycle = new RunLifecycle({
      events: this.events,
      timing: this.timing,
      clientHandlers: this.clientHandlers,
      setState: (slot, state) => this.setState(slot, state),
      tick: () => ++this.clock,
      track: (stop) => this.track(stop),
    });
    // Seed: idle agents are looked at every 30 s; unref'd so the timer alone never keeps the hub alive.
    this.idleTimer = setInterval(() => this.stopIdleAgents(), this.timing.idleCheckEvery);
    this.idleTimer.unref();
  }

  /**
   * The configuration in force, at start and on every valid reload. New agents appear `stopped`; removed ones
   * are stopped and disappear at once (their stop goes on in the background; the returned promise, which never
   * rejects, resolves when it is over); a running agent whose launch changed becomes `outdated`; title, icon
   * and description apply at once.
   */
  setConfig(agents: readonly AgentDefinition[], limits: HubLimits): Promise<void> {
    this.limits = { ...limits };
    const previous = this.slots;
    const next = new Map<string, Slot>();
    const changed: string[] = [];
    for (const definition of agents) {
      const slot = previous.get(definition.name);
      if (!slot) {
        next.set(definition.name, { definition, state: "stopped", error: "", outdated: false, logs: new LogRing(LOG_LINES), lastUsed: 0 });
        changed.push(definition.name);
        continue;
      }
      const before = JSON.stringify(slot.definition);
      slot.definition = definition;
      // Compared with what the process was launched with, so editing a definition back clears the mark.
      if (slot.run) slot.outdated = !sameLaunch(slot.run.launched, definition);
      if (JSON.stringify(definition) !== before) changed.push(definition.name);
      next.set(definition.name, slot);
    }
    this.slots = next;
    const removals: Promise<void>[] = [];
    for (const [name, slot] of previous) {
      if (!next.has(name) && slot.run) removals.push(this.track(this.lifecycle.stop(slot, slot.run)));
    }
    for (const name of changed) this.emitState(this.slotOf(name));
    return Promise.all(removals).then(() => undefined);
  }

  /** `AgentService.List()`: every agent in configuration order. */
  list(): AgentInfo[] {
    return [...this.slots.values()].map((slot) => ({
      name: slot.definition.name,
      title: slot.definition.title,
      icon: slot.definition.icon,
      description: slot.definition.description,
      state: slot.state,
      error: slot.state === "error" ? slot.error : "",
      outdated: slot.outdated,
    }));
  }

  /** Starts the agent unless it runs; resolves once it is `ready` (or `busy`). */
  async start(name: string): Promise<void> {
    await this.running(this.slotOf(name));
  }

  /** Stops the agent (the seed's stop sequence); resolves once its process is gone. */
  async stop(name: string): Promise<void> {
    const slot = this.slotOf(name);
    if (slot.run) await this.lifecycle.stop(slot, slot.run);
  }

  /** Stops the agent if it runs, then starts it with its current definition (which clears `outdated`). */
  async restart(name: string): Promise<void> {
    const slot = this.slotOf(name);
    if (slot.run) await this.lifecycle.stop(slot, slot.run);
    await this.running(slot);
  }

  /** The agent's answer to its last successful `initialize` (undefined before its first start). */
  initializeOf(name: string): InitializeResponse | undefined {
    return this.slotOf(name).initialize;
  }

  /** `AgentService.Logs(name)`: its last 200 stderr lines, oldest first, across its runs. */
  logs(name: string): string[] {
    return this.slotOf(name).logs.toArray();
  }

  /** Every agent stopped, in parallel (SIGINT, SIGTERM, SIGHUP, `ConfigService.Open`). */
  async stopAll(): Promise<void> {
    const stops = [...this.slots.values()].flatMap((slot) => (slot.run ? [this.lifecycle.stop(slot, slot.run)] : []));
    await Promise.all([...stops, ...this.background]);
  }

  /**
   * For a conversation: the agent started if needed (within the same limits as `start`), `busy` while the
   * lease is held. Rejects like `start`, or with 409 when the agent is stopped before the lease is taken.
   */
  async acquire(name: string): Promise<Lease> {
    const slot = this.slotOf(name);
    const run = await this.running(slot);
    const agentProcess = run.process;
    const initialize = run.initialize;
    if (slot.run !== run || run.stopping || !agentProcess || !initialize) {
      throw new SupervisorError(t("stoppedBeforeUse", { name }), 409);
    }
    const token = {};
    run.leases.add(token);
    slot.lastUsed = ++this.clock;
    if (slot.state === "ready") this.setState(slot, "busy");
    return {
      agent: name,
      connection: agentProcess.connection,
      initialize,
      release: () => {
        if (!run.leases.delete(token)) return;
        slot.lastUsed = ++this.clock;
        // A lease of a run that ended (stopped, crashed) changes nothing: that run's state is already final.
        if (run.leases.size === 0 && slot.run === run && !run.stopping && slot.state === "busy") {
          run.idleSince = Date.now();
          this.setState(slot, "ready");
        }
      },
    };
  }

  /** No further start; agents still running are stopped in the background (call `stopAll` first to wait). */
  dispose(): void {
    this.disposed = true;
    clearInterval(this.idleTimer);
    void this.stopAll();
  }

  // ── Starting ──────────────────────────────────────────────────────────────────────────────────────────────

  /** The agent's run once `ready`: the current one, the one being started, or a new one. */
  private async running(slot: Slot): Promise<Run> {
    for (;;) {
      const run = slot.run;
      if (!run) return this.launch(slot).started;
      if (!run.stopping) return run.started;
      // Being stopped: a start asked now is a start after that stop.
      await run.stopping;
      if (slot.run === run) slot.run = undefined;
    }
  }

  /** Admits a new run within the limits (synchronously, so two starts cannot both take the last place). */
  private launch(slot: Slot): Run {
    if (this.disposed) throw new SupervisorError(t("shuttingDown"), 503);
    const admission = admit(this.runningAgents(), this.limits);
    if (admission.kind === "refuse") throw new SupervisorError(admission.message, 409);
    const victim = admission.kind === "evict" ? this.slots.get(admission.victim) : undefined;
    const makingRoom = victim?.run ? this.lifecycle.stop(victim, victim.run) : Promise.resolve();

    // `started` and `attempted` are replaced just below, once the attempt that needs this object exists.
    const run = RunLifecycle.create(slot);
    slot.run = run;
    slot.outdated = false;
    slot.error = "";
    slot.lastUsed = ++this.clock;
    this.setState(slot, "starting");
    const attempt = this.lifecycle.bringUp(slot, run, makingRoom);
    run.attempted = attempt.then(
      () => undefined,
      () => undefined,
    );
    // Overtaken by a stop: whoever waits for this start hears about it once the agent is `stopped`.
    run.started = attempt.catch(async (error: unknown) => {
      if (run.stopping) {
        await run.stopping;
        throw new SupervisorError(t("stoppedBeforeReady", { name: run.launched.name }), 409);
      }
      throw error;
    });
    // A start nobody awaits (the one a lease or a page asked for may be abandoned) is not an unhandled rejection.
    run.started.catch(() => undefined);
    return run;
  }

  private stopIdleAgents(): void {
    const limit = idleLimitMs(this.limits, this.timing);
    if (limit === undefined) return;
    const now = Date.now();
    for (const slot of this.slots.values()) {
      const run = slot.run;
      if (run && !run.stopping && slot.state === "ready" && run.leases.size === 0 && now - run.idleSince >= limit) {
        this.track(this.lifecycle.stop(slot, run));
      }
    }
  }

  // ── State ─────────────────────────────────────────────────────────────────────────────────────────────────

  private setState(slot: Slot, state: AgentState): void {
    slot.state = state;
    this.emitState(slot);
  }

  private emitState(slot: Slot): void {
    const agent = slot.definition.name;
    if (slot.state === "error") this.events.emit("agent:state", { agent, state: slot.state, error: slot.error });
    else this.events.emit("agent:state", { agent, state: slot.state });
  }

  /** The agents holding a place under `maxRunningAgents`; those being stopped are on their way out. */
  private runningAgents(): RunningAgent[] {
    const running: RunningAgent[] = [];
    for (const slot of this.slots.values()) {
      if (!slot.run || slot.run.stopping) continue;
      if (slot.state === "starting" || slot.state === "ready" || slot.state === "busy") {
        running.push({ name: slot.definition.name, state: slot.state, lastUsed: slot.lastUsed });
      }
    }
    return running;
  }

  private slotOf(name: string): Slot {
    const slot = this.slots.get(name);
    if (!slot) throw new SupervisorError(t("unknownAgent", { name }), 404);
    return slot;
  }

  private track(stop: Promise<void>): Promise<void> {
    this.background.add(stop);
    void stop.finally(() => this.background.delete(stop));
    return stop;
  }
}

