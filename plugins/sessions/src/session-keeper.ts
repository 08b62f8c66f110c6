import type { AgentSession, Message } from "@maia/kernel";
import { nextCompactedName } from "./compacted-name.ts";
import { ensureGitignored } from "./gitignore.ts";
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
      tracked = { name: defaultSessionName(now), file: undefined, createdAt: now.toISOString(), saved: undefined, queue: Promise.resolve() };
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
    this.#tracked.set(session, { name: from.name, file: from.file, createdAt: from.createdAt, saved: undefined, queue: from.queue });
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
   * After a compaction (seed § 14.4): the session now goes by `nextCompactedName(from)` and is written at once
   * (its starting context makes it non-empty); an older `xxx__n` of that number is overwritten, by design.
   * Returns the new name, or undefined when sessions are disabled.
   */
  persistCompacted(session: AgentSession, from: string): Promise<string | undefined> {
    const tracked = this.track(session);
    const run = tracked.queue.then(async () => {
      const name = nextCompactedName(from);
      tracked.name = name;
      tracked.createdAt = this.#now().toISOString();
      session.state.set(NAME_KEY, name);
      if (!(await this.#prepare())) return undefined;
      await this.store.overwrite(name, this.#serialize(session, tracked)(name));
      tracked.file = name;
      tracked.saved = fingerprintOf(session, name);
      return name;
    });
    tracked.queue = run.catch(() => undefined);
    return run;
  }

  async #save(session: AgentSession, tracked: Tracked): Promise<SaveResult> {
    if (this.isEmpty(session)) return { status: "empty", name: tracked.name };
    const fingerprint = fingerprintOf(session, tracked.name);
    if (tracked.file === tracked.name && tracked.saved && sameFingerprint(tracked.saved, fingerprint)) {
      return { status: "unchanged", name: tracked.name };
    }
    if (!(await this.#prepare())) return { status: "disabled", name: tracked.name };
    const text = this.#serialize(session, tracked);
    let written: string;
    if (tracked.file === undefined) {
      written = await this.store.claim(tracked.name, text);
    } else if (tracked.file === tracked.name) {
      written = tracked.file;
      await this.store.overwrite(written, text(written));
    } else if (tracked.file.toLowerCase() === tracked.name.toLowerCase()) {
      // Only the case changes: the same file takes the new name (seed § 12.3).
      await this.store.overwrite(tracked.file, text(tracked.name));
      await this.store.renameFile(tracked.file, tracked.name);
      written = tracked.name;
    } else {
      // A rename: the new name is claimed first, then the old file goes; a crash in between leaves both, never none.
      written = await this.store.claim(tracked.name, text);
      await this.store.remove(tracked.file);
    }
    tracked.file = written;
    tracked.name = written;
    tracked.saved = { ...fingerprint, name: written };
    session.state.set(NAME_KEY, written);
    return { status: "saved", name: written };
  }

  #serialize(session: AgentSession, tracked: Tracked): (name: string) => Buffer {
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
        return false;
      }
      await this.store.removeStaleTemporaries();
      try {
        await ensureGitignored(this.#options.cwd);
      } catch (error) {
        this.#options.warn(t("gitignoreFailed", { file: ".gitignore", reason: reasonOf(error) }));
      }
      return true;
    })();
    return this.#ready;
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
