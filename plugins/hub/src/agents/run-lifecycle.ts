import type { InitializeResponse } from "@agentclientprotocol/sdk";
import type { AgentDefinition } from "../config/hub-config.ts";
import type { HubEventBus } from "../events.ts";
import type { AgentState } from "../protocol.ts";
import type { HubTiming } from "../timing.ts";
import type { ClientHandlersFactory } from "./acp-client.ts";
import { AgentProcess, describeExit } from "./agent-process.ts";
import { StartFailure, SupervisorError } from "./errors.ts";
import { handshake } from "./handshake.ts";
import { LogRing } from "./log-ring.ts";
import { t } from "./messages.ts";
import { stopSequence, terminateGroup } from "./stop-sequence.ts";

/** How many of its last stderr lines an error quotes. */
export const ERROR_STDERR_LINES = 10;
/** After an exit, how long the last stderr lines may take to arrive before the error is written without them. */
const STDERR_DRAIN_MS = 500;
/** A connection that ends because its process dies does so a moment before the exit is reported. */
const EXIT_AFTER_EOF_MS = 1_000;

export /** One life of an agent's process, from spawn to exit. */
interface Run {
  readonly launched: AgentDefinition;
  process?: AgentProcess;
  initialize?: InitializeResponse;
  /** Resolves once `ready`; rejects with the reason when the start fails, or once `stopped` when a stop overtook it. */
  started: Promise<Run>;
  /** Settles when the start attempt itself is over, whichever way (what a stop during `starting` waits for). */
  attempted: Promise<void>;
  readonly leases: Set<object>;
  /** Set by the first stop request: from then on the exit is expected, and no other state than `stopped` follows. */
  stopping?: Promise<void>;
  /** Last stderr lines of this run only, for its error text. */
  readonly stderrTail: LogRing;
  idleSince: number;
}

export /** An agent of the configuration. */
interface Slot {
  definition: AgentDefinition;
  state: AgentState;
  error: string;
  outdated: boolean;
  readonly logs: LogRing;
  run?: Run;
  lastUsed: number;
  /** The answer of the last successful handshake (what the agent takes in a prompt, whether it loads sessions). */
  initialize?: InitializeResponse;
}

/** What a run's lifecycle asks of the supervisor that holds the slots. */
export interface RunHost {
  readonly events: HubEventBus;
  readonly timing: HubTiming;
  readonly clientHandlers: ClientHandlersFactory;
  /** The slot's state changed: set it and say so on the bus. */
  setState(slot: Slot, state: AgentState): void;
  /** The next tick of the supervisor's use clock (`lastUsed`, for eviction). */
  tick(): number;
  /** A stop going on in the background, awaited by `stopAll`. */
  track(stop: Promise<void>): Promise<void>;
}

/**
 * The life of one run of an agent's process, from spawn to exit: the spawn and the handshake, an exit by itself
 * (`error`), a connection that closes while the process runs (`error`, then the stop sequence), and the stop
 * sequence asked by the supervisor. Which runs may exist, their leases and limits are the supervisor's
 * (supervisor.ts); this unit only moves one run through its states.
 */
export class RunLifecycle {
  private readonly host: RunHost;

  constructor(host: RunHost) {
    this.host = host;
  }

  /** A new run of the slot's current definition (its start promises are set by the caller's attempt). */
  static create(slot: Slot): Run {
    return {
      launched: slot.definition,
      started: Promise.resolve(undefined as never),
      attempted: Promise.resolve(),
      leases: new Set(),
      stderrTail: new LogRing(ERROR_STDERR_LINES),
      idleSince: 0,
    };
  }

  /** Spawn and handshake; every way out leaves the slot in `ready`, `error` or (stop requested) `stopped`. */
  async bringUp(slot: Slot, run: Run, makingRoom: Promise<void>): Promise<Run> {
    const name = run.launched.name;
    try {
      await makingRoom;
      if (run.stopping) throw new StartFailure(t("stoppedBeforeReady", { name }));
      run.process = await AgentProcess.launch(run.launched, {
        handlers: this.host.clientHandlers(name),
        onStderrLine: (line) => {
          slot.logs.push(line);
          run.stderrTail.push(line);
          this.host.events.emit("agent:log", { agent: name, line });
        },
      });
      if (run.stopping) throw new StartFailure(t("stoppedBeforeReady", { name }));
      run.initialize = await handshake(run.process, this.host.timing.handshakeTimeout);
      slot.initialize = run.initialize;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      // Seed: a stop asked during `starting` ends in `stopped` once the start is over, without an error; the
      // stop (which waits for this attempt) does the rest.
      if (run.stopping) throw error;
      const failed = run.process;
      if (failed) {
        await terminateGroup(failed, this.host.timing);
        await failed.stderrDrained(STDERR_DRAIN_MS);
        failed.release();
      }
      const message = withStderr(reason, run.stderrTail);
      this.end(slot, run, "error", message);
      throw new SupervisorError(message, error instanceof StartFailure ? 502 : 500);
    }
    if (run.stopping) throw new StartFailure(t("stoppedBeforeReady", { name }));
    const started = run.process;
    void started.exited.then(() => this.exitedByItself(slot, run, started));
    started.connection.signal.addEventListener("abort", () => void this.connectionLost(slot, run, started), { once: true });
    run.idleSince = Date.now();
    slot.lastUsed = this.host.tick();
    this.host.setState(slot, "ready");
    return run;
  }

  /** Seed: `ready`/`busy` → `error` when the process ends by itself; never restarted automatically. */
  private async exitedByItself(slot: Slot, run: Run, agentProcess: AgentProcess): Promise<void> {
    if (run.stopping) return;
    // The exit is final: a stop asked from now on has nothing left to do but wait for this cleanup.
    let cleaned!: () => void;
    run.stopping = new Promise<void>((resolve) => (cleaned = resolve));
    const exit = agentProcess.exit ?? (await agentProcess.exited);
    await agentProcess.stderrDrained(STDERR_DRAIN_MS);
    agentProcess.release();
    this.end(slot, run, "error", withStderr(t("crashed", { exit: describeExit(exit) }), run.stderrTail));
    // Whatever it launched goes with it, as in a stop; the error is not held back for that.
    const cleanup = agentProcess.groupAlive() ? terminateGroup(agentProcess, this.host.timing) : Promise.resolve();
    void this.host.track(cleanup).finally(cleaned);
  }

  /**
   * The connection closed while the process runs: the agent can no longer be heard (a message over the ACP
   * library's 32 MB limit stops its reading for good; an agent may also close its standard output). It must not
   * stay `ready` with every prompt failing at once: it goes to `error` with the real reason, and its process is
   * stopped with the seed's stop sequence. A connection that closes because the process exits is the exit's.
   */
  private async connectionLost(slot: Slot, run: Run, agentProcess: AgentProcess): Promise<void> {
    if (run.stopping) return;
    const reason: unknown = agentProcess.connection.signal.reason;
    const tooLarge = reason instanceof Error && reason.name === "MessageTooLargeError";
    if (!tooLarge) {
      let timer: NodeJS.Timeout | undefined;
      const exited = await Promise.race([
        agentProcess.exited.then(() => true),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), EXIT_AFTER_EOF_MS))),
      ]);
      clearTimeout(timer);
      if (exited || run.stopping) return;
    }
    let stopped!: () => void;
    run.stopping = new Promise<void>((resolve) => (stopped = resolve));
    this.end(slot, run, "error", withStderr(t("connectionLost", { cause: lossCause(reason, tooLarge) }), run.stderrTail));
    const stop = stopSequence(agentProcess, this.host.timing).then(async () => {
      await agentProcess.stderrDrained(STDERR_DRAIN_MS);
      agentProcess.release();
    });
    void this.host.track(stop).finally(stopped);
  }

  /** The stop sequence for this run; the same promise for every caller. */
  stop(slot: Slot, run: Run): Promise<void> {
    if (run.stopping) return run.stopping;
    run.stopping = (async () => {
      const agentProcess = run.process;
      if (agentProcess) {
        await stopSequence(agentProcess, this.host.timing);
      }
      // During `starting`, the start may still be between steps (waiting for room, spawning): let it see
      // `stopping` and finish first, so no process is left behind.
      await run.attempted;
      const late = run.process;
      if (late && late !== agentProcess) await stopSequence(late, this.host.timing);
      if (run.process) {
        await run.process.stderrDrained(STDERR_DRAIN_MS);
        run.process.release();
      }
      this.end(slot, run, "stopped", "");
    })();
    return run.stopping;
  }

  /** The run is over: the slot goes to its final state, unless a newer run already took its place. */
  end(slot: Slot, run: Run, state: "stopped" | "error", error: string): void {
    run.leases.clear();
    if (slot.run !== run) return;
    slot.run = undefined;
    slot.outdated = false;
    slot.error = error;
    this.host.setState(slot, state);
  }

}

/** Why the hub can no longer read an agent, in words. */
function lossCause(reason: unknown, tooLarge: boolean): string {
  if (tooLarge) {
    const limit = (reason as { maxMessageBytes?: unknown }).maxMessageBytes;
    return t("messageTooLarge", { size: typeof limit === "number" ? `${Math.round(limit / (1024 * 1024))} MB` : "32 MB" });
  }
  const message = reason instanceof Error ? reason.message : "";
  return message === "" || message === "ACP connection closed" ? t("outputClosed") : message;
}

/** Seed 001: the reason, followed by the agent's last stderr lines. */
function withStderr(reason: string, tail: LogRing): string {
  const lines = tail.toArray();
  return lines.length === 0 ? reason : [reason, t("lastStderrLines"), ...lines].join("\n");
}
