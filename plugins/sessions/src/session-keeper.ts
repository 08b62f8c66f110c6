import type { AgentSession, Message } from "@maia/kernel";
import { nextCompactedName } from "./compacted-name.ts";
import { ensureGitignored, ensureGitignoredSync } from "./gitignore.ts";
import { t } from "./messages.ts";
import { SessionSerializer, type SavedSession } from "./saved-session.ts";
import { defaultSessionName } from "./session-names.ts";
import { SessionStore } from "./session-store.ts";

/** The key of `session.state` that holds the session's name (read by front ends, e.g. `--output-format json`). */
export const NAME_KEY = "sessions:name";

/** What the last save wrote, to skip a save when nothing changed (seed § 12.3). */
interface Fingerprint {
  name: string;
  model: string;
  messages: Message[];
  blockCounts: number[];
  pending: string[];
  startContext: string | undefined;
}

interface Tracked {
  /** The name the session goes by (a /rename takes effect at the next save). */
  name: string;
  /** The file this session wrote last, if any. */
  file: string | undefined;
  createdAt: string;
  saved: Fingerprint | undefined;
  /** Saves of one session run one after the other (afterTurn and sessionEnd may overlap). */
  queue: Promise<unknown>;
  /**
   * Counts synchronous saves: one that happened while an asynchronous save was waiting on the disk makes the
   * latter stand down (the synchronous one wrote a newer state) or repair what its late write may have undone.
   */
  syncWrites: number;
  /** A compacted `xxx__n` being written: that name is this session's to overwrite, not to claim (seed § 14.4). */
  compactedName: string | undefined;
}

export type SaveResult =
  | { status: "saved"; name: string }
  | { status: "unchanged" | "empty" | "disabled"; name: string };

export interface KeeperOptions {
  cwd: string;
  /** Problems the user should see once (sessions disabled, .gitignore not writable). */
  warn(message: string): void;
  now?: () => Date;
}

/**
 * Keeps each session's file in step with the conversation (seed § 12.3): names, first claim, saves that skip
 * empty or unchanged sessions, renames, and the `xxx__n` file that follows a compaction.
 */
export class SessionKeeper {
  readonly store: SessionStore;
  readonly #options: KeeperOptions;
  readonly #tracked = new WeakMap<AgentSession, Tracked>();
  readonly #serializer = new SessionSerializer();
  #ready: Promise<boolean> | undefined;
  /** The outcome of the folder's preparation, once known (a synchronous save cannot wait for `#ready`). */
  #prepared: boolean | undefined;

  constructor(options: KeeperOptions) {
    this.#options = options;
    this.store = new SessionStore(options.cwd);
  }

  #now(): Date {
    return this.#options.now?.() ?? new Date();
  }

  /** The session's tracking record, created with a default name (not yet claimed) on first sight. */
  track(session: AgentSession): Tracked {
    let tracked = this.#tracked.get(session);
    if (!tracked) {
      const now = this.#now();
      tracked = { name: defaultSessionName(now), file: undefined, createdAt: now.toISOString(), saved: undefined, queue: Promise.resolve(), syncWrites: 0, compactedName: undefined };
      this.#tracked.set(session, tracked);
      session.state.set(NAME_KEY, tracked.name);
    }
    return tracked;
  }

  /**
   * A session that replaces another without changing the conversation's identity (/clear, /model: seed § 5.6,
   * "the session keeps its name"): same name, same file, saves queued after the other's.
   */
  inherit(session: AgentSession, previous: AgentSession): void {
    const from = this.track(previous);
    this.#tracked.set(session, {
      name: from.name,
      file: from.file,
      createdAt: from.createdAt,
      saved: undefined,
      queue: from.queue,
      syncWrites: 0,
      compactedName: undefined,
    });
    session.state.set(NAME_KEY, from.name);
  }

  nameOf(session: AgentSession): string {
    return this.track(session).name;
  }

  /** The file the session wrote, if it wrote one. */
  fileOf(session: AgentSession): string | undefined {
    return this.track(session).file;
  }

  /** Seed § 12.3: a session without messages nor starting context is never written. */
  isEmpty(session: AgentSession): boolean {
    return session.messages.length === 0 && !session.startContext;
  }

  /** A /rename: effective at the next save. */
  rename(session: AgentSession, name: string): void {
    this.track(session).name = name;
    session.state.set(NAME_KEY, name);
  }

  /** The session continues a saved one (/load, --resume): same name, same file, nothing to save yet. */
  adopt(session: AgentSession, saved: SavedSession): void {
    session.messages = saved.messages;
    session.pendingContext = saved.pendingContext;
    if (saved.startContext === undefined) delete session.startContext;
    else session.startContext = saved.startContext;
    const tracked = this.track(session);
    tracked.name = saved.name;
    tracked.file = saved.name;
    tracked.createdAt = saved.createdAt;
    tracked.saved = fingerprintOf(session, saved.name);
    session.state.set(NAME_KEY, saved.name);
  }

  /** Saves unless empty or unchanged; one save at a time per session. */
  save(session: AgentSession): Promise<SaveResult> {
    const tracked = this.track(session);
    const run = tracked.queue.then(() => this.#save(session, tracked));
    tracked.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Saves now, synchronously, with the rules of `save` (never an empty session, nothing when unchanged, a new name
   * claimed exclusively, atomic writes): what a front end calls from `process.on("exit")` (seed § 5.5). It does
   * not wait for a queued asynchronous save: it writes the latest state and records it, so that save finds the
   * session unchanged; one already writing stands down or repairs after it. Throws when the disk refuses.
   */
  saveSync(session: AgentSession): SaveResult {
    const tracked = this.track(session);
    if (this.isEmpty(session)) return { status: "empty", name: tracked.name };
    const fingerprint = fingerprintOf(session, tracked.name);
    if (this.#unchanged(tracked, fingerprint)) return { status: "unchanged", name: tracked.name };
    if (!this.#prepareSync()) return { status: "disabled", name: tracked.name };
    const text = this.#serialize(session, tracked);
    const { name, file } = tracked;
    tracked.syncWrites += 1;
    let written: string;
    if (file === undefined) {
      written = this.store.claimSync(name, text);
    } else if (file === name || tracked.compactedName === name) {
      written = name;
      this.store.overwriteSync(written, text(written));
    } else if (file.toLowerCase() === name.toLowerCase()) {
      this.store.overwriteSync(file, text(name));
      this.store.renameFileSync(file, name);
      written = name;
    } else {
      written = this.store.claimSync(name, text);
      this.store.removeSync(file);
    }
    this.#commit(session, tracked, name, written, fingerprint);
    return { status: "saved", name: written };
  }

  /**
   * After a compaction (seed § 14.4): the session now goes by `nextCompactedName(from)` and is written at once
   * (its starting context makes it non-empty); an older `xxx__n` of that number is overwritten, by design.
   * Returns the new name, or undefined when sessions are disabled.
   */
  persistCompacted(session: AgentSession, from: string): Promise<string | undefined> {
    const tracked = this.track(session);
    const run = tracked.queue.then(async () => {
      const name = nextCompactedName(from);
      tracked.name = name;
      tracked.compactedName = name;
      tracked.createdAt = this.#now().toISOString();
      session.state.set(NAME_KEY, name);
      try {
        if (!(await this.#prepare())) return undefined;
        let writes: number;
        let fingerprint: Fingerprint;
        do {
          // A synchronous save during the write may have been overtaken by it: written again, with the latest state.
          writes = tracked.syncWrites;
          fingerprint = fingerprintOf(session, name);
          await this.store.overwrite(name, this.#serialize(session, tracked)(name));
        } while (tracked.syncWrites !== writes);
        tracked.file = name;
        tracked.saved = fingerprint;
        return name;
      } finally {
        if (tracked.compactedName === name) tracked.compactedName = undefined;
      }
    });
    tracked.queue = run.catch(() => undefined);
    return run;
  }

  async #save(session: AgentSession, tracked: Tracked): Promise<SaveResult> {
    if (this.isEmpty(session)) return { status: "empty", name: tracked.name };
    const writes = tracked.syncWrites;
    const superseded = () => tracked.syncWrites !== writes;
    // A synchronous save (process exit) while this one waited: look again, it is most likely unchanged now.
    const again = () => this.#save(session, tracked);
    const fingerprint = fingerprintOf(session, tracked.name);
    if (this.#unchanged(tracked, fingerprint)) return { status: "unchanged", name: tracked.name };
    if (!(await this.#prepare())) return { status: "disabled", name: tracked.name };
    if (superseded()) return again();
    const text = this.#serialize(session, tracked);
    const { name, file } = tracked;
    // A claim is recorded in the same synchronous step as the link that makes it, or abandoned.
    const guard = {
      proceed: () => !superseded(),
      claimed: (written: string) => this.#commit(session, tracked, name, written, fingerprint),
    };
    if (file === undefined) {
      const written = await this.store.claim(name, text, guard);
      return written === undefined ? again() : { status: "saved", name: written };
    }
    if (file === name) {
      await this.store.overwrite(file, text(file));
      if (superseded()) return this.#repair(session, tracked, file);
      this.#commit(session, tracked, name, file, fingerprint);
      return { status: "saved", name: file };
    }
    if (file.toLowerCase() === name.toLowerCase()) {
      // Only the case changes: the same file takes the new name (seed § 12.3); the rename is one synchronous step.
      await this.store.overwrite(file, text(name));
      if (superseded()) return this.#repair(session, tracked, file);
      this.store.renameFileSync(file, name);
      this.#commit(session, tracked, name, name, fingerprint);
      return { status: "saved", name };
    }
    // A rename: the new name is claimed first, then the old file goes; a crash in between leaves both, never none.
    const written = await this.store.claim(name, text, guard);
    if (written === undefined) return again();
    await this.store.remove(file);
    return { status: "saved", name: written };
  }

  /**
   * A synchronous save ran while this save's write of `file` was under way, and that write may have landed after
   * it: the session is written again with its latest state, and a file the synchronous save renamed away (a
   * change of case, on a case-sensitive disk) is removed if the late write brought it back.
   */
  async #repair(session: AgentSession, tracked: Tracked, file: string): Promise<SaveResult> {
    if (tracked.file !== undefined && tracked.file !== file && !(await this.store.sameFile(file, tracked.file))) {
      await this.store.remove(file);
    }
    tracked.saved = undefined;
    return this.#save(session, tracked);
  }

  /** Records a write: the session goes by the name written (unless renamed meanwhile) and this state is saved. */
  #commit(session: AgentSession, tracked: Tracked, name: string, written: string, fingerprint: Fingerprint): void {
    tracked.file = written;
    if (tracked.name === name) {
      tracked.name = written;
      session.state.set(NAME_KEY, written);
    }
    tracked.saved = { ...fingerprint, name: written };
  }

  #unchanged(tracked: Tracked, fingerprint: Fingerprint): boolean {
    return tracked.file === tracked.name && tracked.saved !== undefined && sameFingerprint(tracked.saved, fingerprint);
  }

  #serialize(session: AgentSession, tracked: Tracked): (name: string) => Buffer {
    // The images first: a session file never refers to an image that is not on disk.
    this.store.images.storeSync(session.messages);
    return this.#serializer.serialize({
      createdAt: tracked.createdAt,
      updatedAt: this.#now().toISOString(),
      model: session.setup.model,
      cwd: session.cwd,
      messages: session.messages,
      pendingContext: session.pendingContext,
      ...(session.startContext === undefined ? {} : { startContext: session.startContext }),
    });
  }

  /** Creates `.maia/.sessions` and ignores `.maia/` in git, once; false when sessions cannot be written. */
  #prepare(): Promise<boolean> {
    this.#ready ??= (async () => {
      try {
        await this.store.ensureDir();
      } catch (error) {
        this.#options.warn(t("disabled", { dir: ".maia/.sessions", reason: reasonOf(error) }));
        this.#prepared = false;
        return false;
      }
      await this.store.removeStaleTemporaries();
      try {
        await ensureGitignored(this.#options.cwd);
      } catch (error) {
        this.#options.warn(t("gitignoreFailed", { file: ".maia/.gitignore", reason: reasonOf(error) }));
      }
      this.#prepared = true;
      return true;
    })();
    return this.#ready;
  }

  /** `#prepare`, synchronous (stale temporaries are left to the next process). */
  #prepareSync(): boolean {
    if (this.#prepared !== undefined) return this.#prepared;
    try {
      this.store.ensureDirSync();
    } catch (error) {
      this.#options.warn(t("disabled", { dir: ".maia/.sessions", reason: reasonOf(error) }));
      this.#prepared = false;
      this.#ready ??= Promise.resolve(false);
      return false;
    }
    try {
      ensureGitignoredSync(this.#options.cwd);
    } catch (error) {
      this.#options.warn(t("gitignoreFailed", { file: ".maia/.gitignore", reason: reasonOf(error) }));
    }
    this.#prepared = true;
    return true;
  }
}

function fingerprintOf(session: AgentSession, name: string): Fingerprint {
  return {
    name,
    model: session.setup.model,
    messages: [...session.messages],
    blockCounts: session.messages.map((message) => message.content.length),
    pending: [...session.pendingContext],
    startContext: session.startContext,
  };
}

/** Compares by identity: messages and blocks are added or dropped, never edited in place. */
function sameFingerprint(a: Fingerprint, b: Fingerprint): boolean {
  const sameList = <T>(x: readonly T[], y: readonly T[]) => x.length === y.length && x.every((item, index) => item === y[index]);
  return (
    a.name === b.name &&
    a.model === b.model &&
    a.startContext === b.startContext &&
    sameList(a.messages, b.messages) &&
    sameList(a.blockCounts, b.blockCounts) &&
    sameList(a.pending, b.pending)
  );
}

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
