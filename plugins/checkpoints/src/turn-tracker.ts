import type { AgentSession, ToolCallEvent, ToolResultEvent, TurnOutcome } from "@maia/kernel";
import { newTurnId, type CheckpointStore } from "./checkpoint-store.ts";
import { markOf } from "./conversation-mark.ts";
import { FileBackups } from "./file-backups.ts";
import { GitMissingError } from "./git.ts";
import type { FileChange } from "./shadow-repo.ts";
import type { ConversationMark, TurnRecord } from "./turn-log.ts";

/** Tools that never change files: a turn that calls only these takes no snapshot. Anything else may. */
export const READ_ONLY_TOOLS: ReadonlySet<string> = new Set(["Read", "Grep", "Glob", "TodoWrite", "WebFetch", "CurrentModel", "Skill"]);

/** Tools whose writes the fallback without git can take back: it copies the file before they run. */
const FILE_WRITERS: ReadonlySet<string> = new Set(["Write", "Edit"]);

const PROMPT_CHARS = 200;

/**
 * How long a tool call waits for its turn's first snapshot. `beforeToolCall` taps have 30 s (kernel hooks.ts); the
 * first snapshot of a large folder can take longer, and a snapshot finished while the tool already ran would
 * not be the state before it: past this, the turn goes without a checkpoint (the snapshot still completes, so the
 * next one is quick).
 */
export const SNAPSHOT_WAIT_MS = 25_000;
const TIMED_OUT = Symbol("timed out");

interface TurnInProgress {
  prompt: string;
  mark: ConversationMark;
  /** The snapshot before the first call that could change files, once one came. */
  before?: Promise<string | undefined>;
  /** The first snapshot did not finish in time: this turn has no checkpoint. */
  late?: boolean;
  backups?: FileBackups;
  /** Calls that may change files, started so far (a background snapshot holds the work of the first N of them). */
  calls: number;
  /** Of those, the ones still running (started, their result not back yet). */
  running: number;
  /**
   * The snapshot after, started in the background as soon as no changing call was running, while the model
   * writes its next answer: at the end of the turn it is only awaited, if no changing call started after it.
   */
  after?: { calls: number; result: Promise<AfterSnapshot | undefined> };
}

type AfterSnapshot = { tree: string; changes: FileChange[] };

export interface TrackerOptions {
  store: () => Promise<CheckpointStore>;
  nameOf: (session: AgentSession) => string;
  /** Said once per process, when git is missing and a call the fallback cannot undo runs. */
  warnOnce: (kind: "noGit" | "snapshotFailed" | "snapshotSlow", detail?: string) => void;
  now?: () => Date;
}

/**
 * Follows each turn of each session: where it began in the conversation, a snapshot before its first call that
 * may change files (nothing for a turn that only reads), and at its end the snapshot after and one line in the
 * folder's log.
 */
export class TurnTracker {
  readonly #turns = new WeakMap<AgentSession, TurnInProgress>();
  readonly #options: TrackerOptions;
  #gitMissing = false;

  constructor(options: TrackerOptions) {
    this.#options = options;
  }

  /** After the other `beforeTurn` taps (a compaction may have replaced the messages): where the turn begins. */
  begin(session: AgentSession, text: string): void {
    this.#turns.set(session, { prompt: text.slice(0, PROMPT_CHARS), mark: markOf(session.messages), calls: 0, running: 0 });
  }

  async beforeCall(event: ToolCallEvent): Promise<void> {
    if (READ_ONLY_TOOLS.has(event.call.name)) return;
    const turn = this.#turns.get(event.session);
    if (!turn) return;
    if (!this.#gitMissing) {
      turn.calls += 1;
      turn.running += 1;
      // Parallel calls of one batch wait for the same snapshot.
      turn.before ??= this.#snapshot("before");
      const deadline = Date.now() + SNAPSHOT_WAIT_MS;
      if ((await within(turn.before, SNAPSHOT_WAIT_MS)) === TIMED_OUT) {
        turn.late = true;
        this.#options.warnOnce("snapshotSlow");
      }
      // A background snapshot after the previous call finishes before this call changes files under it (it is
      // usually done: the model took longer to answer than git to record). One of a huge change may take longer
      // than the hook may wait: then the call goes on, and the snapshot at the end of the turn supersedes it.
      if (turn.after) await within(turn.after.result, Math.max(0, deadline - Date.now()));
      if (!this.#gitMissing) return;
    }
    if (FILE_WRITERS.has(event.call.name)) {
      const store = await this.#options.store();
      turn.backups ??= new FileBackups(store);
      await turn.backups.keep(event.call.input);
    } else {
      this.#options.warnOnce("noGit");
    }
  }

  /**
   * After a call that may change files (and after the other taps: a user's PostToolUse hook may format the file):
   * once none of the turn's changing calls is still running, the snapshot after starts in the background.
   */
  afterCall(event: ToolResultEvent): void {
    if (READ_ONLY_TOOLS.has(event.call.name)) return;
    const turn = this.#turns.get(event.session);
    if (!turn?.before || turn.late || this.#gitMissing) return;
    turn.running = Math.max(0, turn.running - 1);
    if (turn.running > 0) return;
    const before = turn.before;
    turn.after = { calls: turn.calls, result: before.then((tree) => (tree ? this.#snapshotSince(tree) : undefined)) };
  }

  async #snapshot(label: string): Promise<string | undefined> {
    try {
      const store = await this.#options.store();
      return await store.repo.snapshot(label);
    } catch (error) {
      if (error instanceof GitMissingError) this.#gitMissing = true;
      else this.#options.warnOnce("snapshotFailed", error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  async #snapshotSince(before: string): Promise<AfterSnapshot | undefined> {
    try {
      const store = await this.#options.store();
      return await store.repo.snapshotSince(before, "after");
    } catch (error) {
      this.#options.warnOnce("snapshotFailed", error instanceof Error ? error.message : String(error));
      return undefined;
    }
  }

  /**
   * The background snapshot, when it holds the turn's last state: it started after every changing call had
   * returned. A call interrupted (Ctrl+C) or one started after it means a fresh snapshot, queued behind it.
   */
  async #backgroundAfter(turn: TurnInProgress): Promise<AfterSnapshot | undefined> {
    if (!turn.after) return undefined;
    const current = turn.after.calls === turn.calls && turn.running === 0;
    const result = await turn.after.result;
    return current ? result : undefined;
  }

  /** At the end of the turn (after a rollback, if any): the snapshot after it and its line in the log. */
  async end(outcome: TurnOutcome): Promise<TurnRecord | undefined> {
    const turn = this.#turns.get(outcome.session);
    if (!turn) return undefined;
    this.#turns.delete(outcome.session);
    const rolledBack = outcome.status === "aborted" || outcome.status === "error";
    const now = (this.#options.now ?? (() => new Date()))();
    const record: TurnRecord = {
      type: "turn",
      id: newTurnId(now),
      at: now.toISOString(),
      session: this.#options.nameOf(outcome.session),
      prompt: turn.prompt,
      ...(rolledBack ? {} : { conversation: turn.mark }),
      files: [],
    };
    const before = turn.before && !turn.late ? await turn.before : undefined;
    if (before) {
      const after = (await this.#backgroundAfter(turn)) ?? (await this.#snapshotSince(before));
      if (after) {
        record.before = before;
        record.after = after.tree;
        record.files = after.changes;
      }
    } else if (turn.backups) {
      const saved = await turn.backups.save(record.id);
      if (saved) {
        record.backup = saved.file;
        record.files = saved.changes;
      }
    }
    if (rolledBack && record.files.length === 0) return undefined;
    const store = await this.#options.store();
    await store.append(record);
    return record;
  }
}

/** The promise's value, or TIMED_OUT once `ms` have passed (the promise itself goes on). */
async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([promise, new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
