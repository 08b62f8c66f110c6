import { performance } from "node:perf_hooks";
import {
  AgentEvents,
  type AgentSession,
  type InteractionPort,
  type Kernel,
  type RunTurnOptions,
  type SessionHost,
  type TurnOutcome,
} from "@maia/kernel";

export interface ConversationOptions {
  kernel: Kernel;
  model: string;
  interaction: InteractionPort;
  /** One bus for the front end: it survives /clear, /new, /load and /model. */
  events?: AgentEvents;
  maxIterations?: number;
  /** A compacted summary to start from (a resumed `xxx__n` session). */
  startContext?: string;
}

/** What this class uses of the compaction plugin's API: a turn with the emergency path of seed § 14.5. */
interface CompactionTurns {
  runTurnWithRecovery(
    runner: Kernel,
    session: AgentSession,
    text: string,
    options: RunTurnOptions & { host?: SessionHost },
  ): Promise<TurnOutcome>;
}

/**
 * The session a front end holds, and the only way it changes: the interactive UI, headless mode and ACP all
 * go through this, so /clear, /load or a compaction behave the same everywhere.
 */
export class Conversation implements SessionHost {
  readonly kernel: Kernel;
  readonly events: AgentEvents;
  #current: AgentSession;
  readonly #interaction: InteractionPort;
  readonly #maxIterations: number | undefined;

  private constructor(kernel: Kernel, session: AgentSession, options: ConversationOptions) {
    this.kernel = kernel;
    this.#current = session;
    this.events = session.events;
    this.#interaction = options.interaction;
    this.#maxIterations = options.maxIterations;
  }

  static async start(options: ConversationOptions): Promise<Conversation> {
    const events = options.events ?? new AgentEvents();
    const session = await options.kernel.createSession(
      { model: options.model, ...(options.startContext === undefined ? {} : { startContext: options.startContext }) },
      { interaction: options.interaction, events, ...(options.maxIterations ? { maxIterations: options.maxIterations } : {}) },
    );
    if (options.maxIterations) session.maxIterations = options.maxIterations;
    return new Conversation(options.kernel, session, options);
  }

  get current(): AgentSession {
    return this.#current;
  }

  /**
   * Sends one request (seed § 5.5.6): a rollback on Ctrl+C is done by the loop itself. When the compaction
   * plugin is on, a context the server refuses is compacted and the request retried once (seed § 14.5); the
   * session may then be a new one, which becomes current.
   */
  async submit(text: string, options: RunTurnOptions = {}): Promise<TurnOutcome> {
    const compaction = this.kernel.plugins.get<CompactionTurns>("compaction")?.api;
    const outcome = compaction
      ? await compaction.runTurnWithRecovery(this.kernel, this.#current, text, { ...options, host: this })
      : await this.kernel.runTurn(this.#current, text, options);
    this.#current = outcome.session;
    // Node's fetch records a PerformanceResourceTiming for every request in a global buffer (up to 250 of them)
    // that nothing in MAIA reads: left alone, each turn's model calls stay in memory.
    performance.clearResourceTimings();
    return outcome;
  }

  async restart(keep: Parameters<SessionHost["restart"]>[0]): Promise<AgentSession> {
    const previous = this.#current;
    const next = await this.kernel.createSession(
      {
        model: keep.model ?? previous.setup.model,
        ...(keep.startContext === undefined ? {} : { startContext: keep.startContext }),
        previous,
        restartReason: keep.reason,
      },
      { interaction: this.#interaction, events: this.events },
    );
    if (this.#maxIterations) next.maxIterations = this.#maxIterations;
    if (keep.messages) next.messages = keep.messages;
    if (keep.pendingContext) next.pendingContext = keep.pendingContext;
    await this.kernel.endSession(previous);
    this.#current = next;
    this.kernel.hooks.contextChanged.call(next, "restored");
    return next;
  }

  /** Leaves the conversation (exit): plugins save and close what they opened. */
  close(): Promise<void> {
    return this.kernel.endSession(this.#current);
  }
}
