import { definePlugin, type AgentSession, type Message, type SessionHost } from "@maia/kernel";
import type { ContextApi } from "@maia/plugin-context";
import { sessionCommands } from "./commands.ts";
import { t } from "./messages.ts";
import { serializeSavedSession, type SavedSession } from "./saved-session.ts";
import { continueSaved, openSaved, type ResumeDeps } from "./resume.ts";
import { normalizeSessionName } from "./session-names.ts";
import { reasonOf, SessionKeeper, type SaveResult } from "./session-keeper.ts";
import type { SessionList } from "./session-store.ts";

const PLUGIN_NAME = "sessions";
/**
 * The restarts after which the conversation keeps its file and name (the front ends' /clear and /model, in the
 * words they pass to `host.restart`); /new, /load and a compaction start another one.
 */
const KEEPS_NAME: ReadonlySet<string> = new Set(["clear", "model"]);

/** What front ends (--resume / --continue, ACP session/load) and the compaction plugin call. */
export interface SessionsApi {
  /** The name the session goes by (also in `session.state.get("sessions:name")`). */
  nameOf(session: AgentSession): string;
  /** The session's file as users see it (`.maia/.sessions/<name>.json`), once written. */
  fileOf(session: AgentSession): string | undefined;
  /** Saves now unless the session is empty or unchanged. */
  save(session: AgentSession): Promise<SaveResult>;
  /**
   * The same save, synchronous: for `process.on("exit")` (seed § 5.5, "written synchronously on exit"). It writes
   * the latest state at once, whatever asynchronous save is queued (that one then finds it unchanged). Throws when
   * the disk refuses.
   */
  saveSync(session: AgentSession): SaveResult;
  list(): Promise<SessionList>;
  /**
   * The session to resume: by name (case-insensitive), or the most recently updated one. Throws an Error whose
   * message is ready to show (no such session, with close names; unreadable file, with the reason).
   */
  openForResume(name?: string): Promise<SavedSession>;
  /**
   * The one way to go on with a saved session (`--resume`, `--continue`, `/load`, ACP `session/load`): `from` is
   * a name (any case), undefined for the latest session, or one `openForResume` already read (a front end that
   * builds its host with `startContext: saved.startContext` first, so that nothing is built twice). The host
   * then holds the saved conversation: messages, pending context, starting context, name and file. Its session
   * is kept when still untouched and built with that starting context, else restarted (reason "load"); the
   * context is recounted. Throws as `openForResume` does, before anything changes. Returns the host's session.
   */
  resume(host: SessionHost, from?: string | SavedSession): Promise<AgentSession>;
  /**
   * Lower level: makes a session go by a saved session's name and file, with its conversation (`resume` calls
   * it; ACP session/new uses it to give a new session its id as name).
   */
  adopt(session: AgentSession, saved: SavedSession): void;
  /**
   * Replaces the messages of a saved session and keeps the rest of its file (`maia checkpoints restore` cuts a
   * conversation back to before a turn). Throws like `openForResume` when there is no such session.
   */
  rewriteMessages(name: string, messages: Message[]): Promise<void>;
}

/**
 * Sessions (seed § 12): `.maia/.sessions/<name>.json`, saved after each turn (beyond the seed: a crash loses at
 * most the turn in progress), on exit and before any switch; /rename, /load and /new.
 */
export default definePlugin<Record<string, never>, SessionsApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "Saves and reloads conversations (.maia/.sessions)",
  apply(context) {
    const { cwd, frontEnd } = context.runtime;
    const keeper = new SessionKeeper({ cwd, warn: (message) => context.log.warn(message) });
    // A sub-agent's conversation is not a session of the launch folder (seed § 20.5 keeps its own traces).
    const saving = frontEnd !== "subagent";
    const refresh = (session: AgentSession) =>
      context.plugins.get<Pick<ContextApi, "refresh">>("context")?.api?.refresh(session);
    const resumeDeps: ResumeDeps = { keeper, refresh, warn: (message) => context.log.warn(message) };

    const saveQuietly = async (session: AgentSession): Promise<void> => {
      if (!saving) return;
      try {
        await keeper.save(session);
      } catch (error) {
        session.events.emit({ type: "warning", message: t("saveFailed", { name: keeper.nameOf(session), reason: reasonOf(error) }) });
      }
    };

    context.hooks.sessionStart.tap(PLUGIN_NAME, (session) => {
      const { previous, restartReason } = session.setup;
      if (previous && restartReason !== undefined && KEEPS_NAME.has(restartReason)) keeper.inherit(session, previous);
      else keeper.track(session);
    });
    context.hooks.afterTurn.tapPromise(PLUGIN_NAME, (outcome) => saveQuietly(outcome.session));
    context.hooks.sessionEnd.tapPromise(PLUGIN_NAME, (session) => saveQuietly(session));
    context.hooks.onCompact.tapPromise(PLUGIN_NAME, async (event) => {
      // Seed § 14.4: the compacted conversation goes on as `xxx__n`, written at once.
      if (!saving) return event;
      const to = await keeper.persistCompacted(event.session, event.from ?? keeper.nameOf(event.session));
      return to === undefined ? event : { ...event, to };
    });
    for (const command of sessionCommands(resumeDeps)) context.commands.register(command);

    return {
      nameOf: (session) => keeper.nameOf(session),
      fileOf: (session) => {
        const file = keeper.fileOf(session);
        return file === undefined ? undefined : keeper.store.displayPath(file);
      },
      save: (session) => (saving ? keeper.save(session) : Promise.resolve({ status: "disabled", name: keeper.nameOf(session) })),
      saveSync: (session) => (saving ? keeper.saveSync(session) : { status: "disabled", name: keeper.nameOf(session) }),
      list: () => keeper.store.list(),
      openForResume: (name) => openSaved(resumeDeps, name),
      async resume(host, from) {
        const saved = typeof from === "object" ? from : await openSaved(resumeDeps, from);
        return continueSaved(resumeDeps, host, saved);
      },
      async rewriteMessages(name, messages) {
        const saved = await keeper.store.read(normalizeSessionName(name));
        const { name: kept, ...body } = saved;
        await keeper.store.overwrite(kept, serializeSavedSession({ ...body, messages, updatedAt: new Date().toISOString() })(kept));
      },
      adopt: (session, saved) => {
        keeper.adopt(session, saved);
        refresh(session);
      },
    };
  },
});

export { NAME_KEY, SessionKeeper, type SaveResult } from "./session-keeper.ts";
export { SessionStore, type SessionList, type SessionSummary } from "./session-store.ts";
export { parseSavedSession, serializeSavedSession, SessionFileError, SAVED_SESSION_SCHEMA, type SavedSession } from "./saved-session.ts";
export { defaultSessionName, normalizeSessionName, sessionNameProblem, suggestNames, findName, MAX_NAME_LENGTH } from "./session-names.ts";
export { nextCompactedName, MAX_COMPACTION_NUMBER } from "./compacted-name.ts";
export { writeFileAtomic, createFileExclusive } from "./atomic-write.ts";
