import type { SessionHost } from "../contracts/commands.ts";
import { AgentEvents } from "../contracts/events.ts";
import type { InteractionPort } from "../contracts/interaction.ts";
import type { AgentSession } from "../contracts/session.ts";
import type { TurnOutcome } from "../contracts/hooks.ts";
import type { Kernel } from "../kernel.ts";
import type { RunTurnOptions } from "../loop/run-turn.ts";
import { t } from "./messages.ts";

/**
 * Follow-ups a `continueTurn` tap may ask for in a row, for one request: a Stop hook that always says "go on"
 * must not keep the agent (and the bill) running forever. Claude Code relies on `stop_hook_active` alone.
 */
export const MAX_CONTINUATIONS = 8;

export interface ConversationOptions {
  kernel: Kernel;
  model: string;
  interaction: InteractionPort;
  /** One bus for the front end: it survives /clear, /new, /load and /model. */
  events?: AgentEvents;
  maxIterations?: number;
  /** A compacted summary to start from (a resumed `xxx__n` session). */
  startContext?: string;
  /** The session goes on with a saved one (SessionSetup.resuming). */
  resuming?: boolean;
}

/**
 * The kernel's one SessionHost: the session a front end holds, and the only way it changes. The interactive UI,
 * headless mode, ACP and sub-agent children all go through this, so /clear, /load, a compaction or the recovery
 * of a failed request behave the same everywhere.
 */
export class Conversation implements SessionHost {
  readonly kernel: Kernel;
  readonly events: AgentEvents;
  #current: AgentSession;
  /** Requests sent so far (see #send). */
  #sent = 0;
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
      {
        model: options.model,
        ...(options.startContext === undefined ? {} : { startContext: options.startContext }),
        ...(options.resuming ? { resuming: true } : {}),
      },
      { interaction: options.interaction, events, ...(options.maxIterations ? { maxIterations: options.maxIterations } : {}) },
    );
    if (options.maxIterations) session.maxIterations = options.maxIterations;
    return new Conversation(options.kernel, session, options);
  }

  /** A host for a session already built elsewhere (a test's): its interaction and bus carry over to restarts. */
  static over(kernel: Kernel, session: AgentSession, options: Pick<ConversationOptions, "maxIterations"> = {}): Conversation {
    return new Conversation(kernel, session, { kernel, model: session.setup.model, interaction: session.interaction, ...options });
  }

  get current(): AgentSession {
    return this.#current;
  }

  /**
   * Sends one request (seed § 5.5.6): a rollback on Ctrl+C is done by the loop itself. A request that fails (not
   * interrupted) is offered to `recoverTurn`; a tap answering retry has it sent once more, on the session that is
   * current then (a compaction makes a new one, seed § 14.5).
   */
  async submit(text: string, options: RunTurnOptions = {}): Promise<TurnOutcome> {
    let outcome = await this.#send(text, options);
    // A `continueTurn` tap (a user's Stop hook) may have the agent go on, a bounded number of times in a row.
    for (let continuations = 0; outcome.status === "done" && !options.signal?.aborted; continuations += 1) {
      const answer = await this.kernel.hooks.continueTurn.promise({
        outcome,
        host: this,
        continuations,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      if (answer === undefined || typeof answer.prompt !== "string") break;
      if (continuations >= MAX_CONTINUATIONS) {
        this.events.emit({ type: "warning", message: t("continuationLimit", { count: MAX_CONTINUATIONS }) });
        break;
      }
      outcome = await this.#send(answer.prompt, { ...options, origin: "hook" });
    }
    return outcome;
  }

  async #send(text: string, options: RunTurnOptions): Promise<TurnOutcome> {
    // Node's fetch records a PerformanceResourceTiming for every request in a global buffer (up to 250 of them)
    // that nothing in MAIA reads (MCP servers over HTTP use fetch): left alone, they stay in memory. Emptied
    // before each request but the first, not after each: the global `performance` loads perf_hooks and a dozen
    // modules on first use, which a one-request run (`maia -p`) would pay at its end for nothing (issue 22).
    if (this.#sent > 0) performance.clearResourceTimings();
    this.#sent += 1;
    let outcome = await this.kernel.runTurn(this.#current, text, options);
    this.#current = outcome.session;
    if (outcome.status === "error" && !options.signal?.aborted) outcome = await this.#recover(outcome, text, options);
    this.#current = outcome.session;
    return outcome;
  }

  async #recover(failed: TurnOutcome, text: string, options: RunTurnOptions): Promise<TurnOutcome> {
    const answer = await this.kernel.hooks.recoverTurn.promise({
      outcome: failed,
      text,
      host: this,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (answer?.retry !== true) return failed;
    const session = this.#current;
    const note = answer.context;
    if (note !== undefined) session.pendingContext.push(note);
    try {
      return await this.kernel.runTurn(session, text, options);
    } finally {
      // A failed retry is rolled back with its pending context: the note must not ride on the next request.
      const index = note === undefined ? -1 : session.pendingContext.indexOf(note);
      if (index >= 0) session.pendingContext.splice(index, 1);
    }
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
