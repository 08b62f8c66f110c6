import type { AgentSession, SessionHost } from "@maia/kernel";
import { t } from "./messages.ts";
import type { SavedSession } from "./saved-session.ts";
import type { SessionKeeper } from "./session-keeper.ts";
import { findName, normalizeSessionName, suggestNames } from "./session-names.ts";

/**
 * The one way a conversation goes on from a saved session, whoever asks: `--resume` / `--continue` (interactive
 * and headless), `/load` and ACP `session/load`. Finding the file, reading it, and making the host continue it
 * are three steps so that `/load` can save the current session between the first two (seed § 12.3) and a front
 * end can build its host with the saved summary before the third.
 */
export interface ResumeDeps {
  keeper: SessionKeeper;
  /** Problems with other files met on the way (an unreadable file skipped while looking for the latest). */
  warn(message: string): void;
  /** Recounts the context of a session whose conversation was replaced (the context plugin, when on). */
  refresh(session: AgentSession): void;
}

/**
 * The saved session's name: `wanted` found in any case (every file counts, unreadable ones too: asking for one
 * by name gives its precise error when it is read), or the most recently updated session of the folder (a
 * sub-agent's excepted). Throws an Error whose message is ready to show.
 */
export async function findSaved(deps: ResumeDeps, wanted?: string): Promise<string> {
  const { store } = deps.keeper;
  if (wanted === undefined) {
    const { sessions, problems } = await store.list();
    for (const problem of problems) deps.warn(t("unreadableSkipped", { file: problem.file, reason: problem.reason }));
    const latest = sessions.find((entry) => entry.agent === undefined);
    if (!latest) throw new Error(t("noSessionToContinue"));
    return latest.name;
  }
  const name = normalizeSessionName(wanted);
  const names = await store.names();
  const found = findName(name, names);
  if (found === undefined) {
    const close = suggestNames(name, names);
    const hint = close.length > 0 ? ` ${t("didYouMean", { names: close.map((n) => `« ${n} »`).join(", ") })}` : "";
    throw new Error(`${t("notFound", { name })}${hint}`);
  }
  return found;
}

/** Found and read (a broken file throws its SessionFileError, naming the file and what is wrong). */
export async function openSaved(deps: ResumeDeps, wanted?: string): Promise<SavedSession> {
  return deps.keeper.store.read(await findSaved(deps, wanted));
}

/**
 * Makes `host` continue `saved`: its messages, pending context, starting context (the summary of a compacted
 * session, which replaces MAIA.md in the system prompt), name and file. A host whose current session is still
 * untouched and already built with that starting context (a front end that opened the file first, as headless
 * mode does) takes it as it is; any other is restarted (reason "load": `sessionStart` for the new session, the
 * old one ended and saved, `contextChanged` "restored"). Either way the context is recounted after the adoption.
 * Returns the session that now holds the conversation.
 */
export async function continueSaved(deps: ResumeDeps, host: SessionHost, saved: SavedSession): Promise<AgentSession> {
  const { keeper } = deps;
  const current = host.current;
  const untouched = current.messages.length === 0 && current.pendingContext.length === 0 && keeper.fileOf(current) === undefined;
  const session =
    untouched && current.startContext === saved.startContext
      ? current
      : await host.restart({
          messages: saved.messages,
          pendingContext: saved.pendingContext,
          ...(saved.startContext === undefined ? {} : { startContext: saved.startContext }),
          reason: "load",
        });
  keeper.adopt(session, saved);
  deps.refresh(session);
  return session;
}
