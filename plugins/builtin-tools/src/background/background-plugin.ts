import type { PluginContext } from "@maia/kernel";
import { ledgerFolder, reapOrphans } from "@maia/util";
import type { BackgroundEvent, BackgroundShell, ShellEnd } from "./background-shell.ts";
import { BackgroundShells, describeEnd, listed, onBackgroundChange, oneLine, useLedger } from "./background-shells.ts";
import { bashesCommand } from "./bashes-command.ts";
import { t } from "./messages.ts";

/** A conversation, as the API takes it: its session state is where its background commands are. */
type Held = { state: Map<string, unknown> };

/** One background command, as front ends show it. */
export interface BackgroundView {
  id: string;
  command: string;
  /** The tool call that started it (or that Ctrl+B moved to the background). */
  callId?: string;
  sandboxed: boolean;
  startedAt: number;
  endedAt?: number;
  running: boolean;
  end?: ShellEnd;
  /** "exit code 0", "stopped by the user"…; undefined while it runs. */
  endText?: string;
}

export type BackgroundChange =
  | { type: "started"; shell: BackgroundView }
  | { type: "ended"; shell: BackgroundView }
  | { type: "foreground" };

/** What front ends use of the background commands (through the builtin-tools plugin's API). */
export interface BackgroundApi {
  list(session: Held): BackgroundView[];
  /** Commands running in the background in this conversation. */
  runningCount(session: Held): number;
  /** Bash calls running in the foreground now, which Ctrl+B can move to the background. */
  foregroundCount(session: Held): number;
  /** Ctrl+B: every Bash call of the conversation running in the foreground goes on in the background. */
  moveToBackground(session: Held): number;
  /** Stops one (the user did: the model is told); false for an ID the conversation does not have. */
  kill(session: Held, id: string): Promise<boolean>;
  /** Its whole output as kept, or undefined for an unknown ID. */
  output(session: Held, id: string): string | undefined;
  /**
   * Follows the command a tool call started (or moved to the background): its output so far, then `listener`
   * hears the rest and its end. Undefined when that call left nothing running in the background.
   */
  follow(session: Held, callId: string, listener: (event: BackgroundEvent) => void): { shell: BackgroundView; output: string; stop(): void } | undefined;
  /** Hears every change in any conversation of this process (a command started or ended, a foreground call). */
  onChange(listener: (change: BackgroundChange) => void): () => void;
}

/** Restarts that continue the same conversation: its background commands go on in the new session. */
const CONTINUING = new Set(["compact", "model"]);

/**
 * The background commands' part of the builtin-tools plugin: `/bashes`; a new session of the same conversation
 * (a compaction, /model) takes the commands over, any other end of a session (/new, /load, /clear, exit, ACP
 * session/close, a sub-agent's end) stops them and says which; before each request and after each tool call the
 * model is told of those that ended; and the first session of the process stops what a MAIA that crashed left.
 */
export function applyBackground(context: PluginContext): BackgroundApi {
  const PLUGIN = context.name;
  useLedger(context.runtime.homeDir);
  context.commands.register(bashesCommand());
  let reaped = false;

  context.hooks.sessionStart.tapPromise(PLUGIN, async (session) => {
    const previous = session.setup.previous;
    if (previous && CONTINUING.has(session.setup.restartReason ?? "")) BackgroundShells.existing(previous.state)?.moveTo(BackgroundShells.of(session.state));
    if (reaped) return;
    reaped = true;
    const orphans = await reapOrphans(ledgerFolder(context.runtime.homeDir));
    if (orphans.length > 0) context.log.warn(t("reaped", { count: orphans.length, list: orphans.map((orphan) => `${orphan.id} (${oneLine(orphan.command)})`).join(", ") }));
  });

  context.hooks.sessionEnd.tapPromise(PLUGIN, async (session) => {
    const stopped = (await BackgroundShells.existing(session.state)?.killAll("session")) ?? [];
    if (stopped.length > 0) session.events.emit({ type: "warning", message: t("stoppedAtEnd", { count: stopped.length, list: listed(stopped) }) });
  });

  // The model hears of an end with its next request, or with the next tool result of the turn under way.
  context.hooks.beforeTurn.tapPromise(PLUGIN, async (turn) => {
    const notices = BackgroundShells.existing(turn.session.state)?.takeNotices() ?? [];
    if (notices.length > 0) turn.session.pendingContext.push(notices.join("\n"));
    return turn;
  });
  context.hooks.afterToolCall.tapPromise(PLUGIN, async (event) => {
    const notices = BackgroundShells.existing(event.session.state)?.takeNotices() ?? [];
    event.feedback.push(...notices);
  });

  return {
    list: (session) => (BackgroundShells.existing(session.state)?.list() ?? []).map(view),
    runningCount: (session) => BackgroundShells.existing(session.state)?.running.length ?? 0,
    foregroundCount: (session) => BackgroundShells.existing(session.state)?.foregroundCount ?? 0,
    moveToBackground: (session) => BackgroundShells.existing(session.state)?.moveToBackground() ?? 0,
    async kill(session, id) {
      const shell = BackgroundShells.existing(session.state)?.get(id);
      if (!shell) return false;
      await shell.kill("user");
      return true;
    },
    output: (session, id) => BackgroundShells.existing(session.state)?.get(id)?.output().text,
    follow(session, callId, listener) {
      const shell = BackgroundShells.existing(session.state)?.list().find((candidate) => candidate.callId === callId);
      if (!shell) return undefined;
      const output = shell.output().text;
      const stop = shell.onEvent(listener);
      return { shell: view(shell), output, stop };
    },
    onChange: (listener) => onBackgroundChange((change) => listener(change.type === "foreground" ? change : { type: change.type, shell: view(change.shell) })),
  };
}

export function view(shell: BackgroundShell): BackgroundView {
  return {
    id: shell.id,
    command: shell.command,
    ...(shell.callId ? { callId: shell.callId } : {}),
    sandboxed: shell.sandboxed,
    startedAt: shell.startedAt,
    ...(shell.endedAt !== undefined ? { endedAt: shell.endedAt } : {}),
    running: shell.running,
    ...(shell.end ? { end: shell.end, endText: describeEnd(shell.end) } : {}),
  };
}
