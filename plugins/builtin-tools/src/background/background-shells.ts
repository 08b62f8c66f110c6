import { BackgroundLedger, ledgerFolder, processStartTime, type RunningShell } from "@maia/util";
import { BackgroundShell, type BackgroundShellOptions, type ShellEnd, type StoppedBy } from "./background-shell.ts";
import { t } from "./messages.ts";

const STATE_KEY = "builtin-tools:background";

/** Every background command of this process, whatever its conversation: what the process's exit stops. */
const live = new Set<BackgroundShell>();
/** What changed: a command started or ended, or the Bash calls running in the foreground. */
export type ShellChange = { type: "started"; shell: BackgroundShell } | { type: "ended"; shell: BackgroundShell } | { type: "foreground" };

const changeListeners = new Set<(change: ShellChange) => void>();
/** IDs are unique in the process (bash_1, bash_2…): two conversations of one `maia acp` never share one. */
let counter = 0;
let ledger: BackgroundLedger | undefined;
let exitHookInstalled = false;

/**
 * Where this process records its background commands (the user's `~/.maia/background`), so that a MAIA started
 * after a crash stops them; set once by the plugin with the user's home folder.
 */
export function useLedger(homeDir: string): void {
  ledger ??= new BackgroundLedger(ledgerFolder(homeDir));
}

/** Hears every change (a command started, ended, or a foreground call that Ctrl+B can move); returns the unsubscriber. */
export function onBackgroundChange(listener: (change: ShellChange) => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

function changed(change: ShellChange): void {
  for (const listener of changeListeners) {
    try {
      listener(change);
    } catch {
      // A front end's failure is its own.
    }
  }
}

function recordLedger(): void {
  ledger?.write(
    [...live].flatMap((shell) => (shell.pid === undefined ? [] : [{ pgid: shell.pid, started: processStartTime(shell.pid), id: shell.id, command: shell.command }])),
  );
}

/**
 * Whatever way the process ends — a front end that returns, `process.exit` after a deadline, an uncaught error —
 * what still runs in the background is killed on the way out (SIGKILL: nothing can be awaited in an exit
 * handler). The front ends stop them politely (SIGTERM first) before they get here.
 */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on("exit", () => {
    for (const shell of live) if (shell.running) shell.killNow();
    live.clear();
    ledger?.write([]);
  });
}

/** A Bash call running in the foreground now, which Ctrl+B can move to the background. */
interface ForegroundCall {
  command: string;
  detach(): void;
}

/**
 * The background commands of one conversation, kept in its session state: started by Bash with
 * `run_in_background` or moved there by Ctrl+B, read by BashOutput, stopped by KillShell, /bashes and the end of
 * the conversation. It also holds the Bash calls running in the foreground (for Ctrl+B) and the ends the model has
 * not been told of yet.
 */
export class BackgroundShells {
  readonly #shells = new Map<string, BackgroundShell>();
  readonly #foreground = new Set<ForegroundCall>();

  /** The conversation's registry (made on first use). */
  static of(state: Map<string, unknown>): BackgroundShells {
    let shells = state.get(STATE_KEY);
    if (!(shells instanceof BackgroundShells)) {
      shells = new BackgroundShells();
      state.set(STATE_KEY, shells);
    }
    return shells as BackgroundShells;
  }

  /** The registry of a conversation that has one, without making it. */
  static existing(state: Map<string, unknown>): BackgroundShells | undefined {
    const shells = state.get(STATE_KEY);
    return shells instanceof BackgroundShells ? shells : undefined;
  }

  /** Takes a started command into the background; its ID is the next of the process. */
  adopt(shell: RunningShell, options: Omit<BackgroundShellOptions, "id">): BackgroundShell {
    const background = new BackgroundShell(shell, { ...options, id: `bash_${++counter}` });
    this.#shells.set(background.id, background);
    live.add(background);
    installExitHook();
    recordLedger();
    background.onEvent((event) => {
      if (event.type !== "end") return;
      live.delete(background);
      recordLedger();
      changed({ type: "ended", shell: background });
    });
    changed({ type: "started", shell: background });
    return background;
  }

  get(id: string): BackgroundShell | undefined {
    return this.#shells.get(id);
  }

  /** Every command started in this conversation, oldest first. */
  list(): BackgroundShell[] {
    return [...this.#shells.values()];
  }

  get running(): BackgroundShell[] {
    return this.list().filter((shell) => shell.running);
  }

  /** Registers a Bash call running in the foreground; returns the function that forgets it once it returned. */
  foreground(command: string, detach: () => void): () => void {
    const call = { command, detach };
    this.#foreground.add(call);
    changed({ type: "foreground" });
    return () => {
      if (this.#foreground.delete(call)) changed({ type: "foreground" });
    };
  }

  /** How many Bash calls run in the foreground now. */
  get foregroundCount(): number {
    return this.#foreground.size;
  }

  /** Ctrl+B: every Bash call running in the foreground goes on in the background; returns how many did. */
  moveToBackground(): number {
    const calls = [...this.#foreground];
    for (const call of calls) call.detach();
    return calls.length;
  }

  /** The lines telling the model of the ends it has not heard of yet (each told once). */
  takeNotices(): string[] {
    const notices: string[] = [];
    for (const shell of this.#shells.values()) {
      if (shell.running || shell.endTold || !shell.end) continue;
      shell.endTold = true;
      notices.push(t("ended", { id: shell.id, command: shell.command, how: describeEnd(shell.end) }));
    }
    return notices;
  }

  /** Stops one; resolves with its end (undefined for an unknown ID). */
  async kill(id: string, by: StoppedBy): Promise<ShellEnd | undefined> {
    return this.#shells.get(id)?.kill(by);
  }

  /** Stops every command still running; returns those that were. */
  async killAll(by: StoppedBy): Promise<BackgroundShell[]> {
    const running = this.running;
    await Promise.all(running.map((shell) => shell.kill(by)));
    return running;
  }

  /**
   * The conversation goes on in a new session (a compaction, another model): its commands, and the ends not yet
   * told, go with it.
   */
  moveTo(next: BackgroundShells): void {
    if (next === this) return;
    for (const [id, shell] of this.#shells) next.#shells.set(id, shell);
    this.#shells.clear();
    changed({ type: "foreground" });
  }
}

/** "exit code 0", "stopped by signal SIGSEGV", "stopped by the user"… */
export function describeEnd(end: ShellEnd): string {
  switch (end.kind) {
    case "exit":
      return t("howExit", { code: end.code });
    case "signal":
      return t("howSignal", { signal: end.signal });
    case "killed":
      return end.by === "model" ? t("howKilledModel") : end.by === "user" ? t("howKilledUser") : t("howKilledSession");
    case "launch_failed":
      return t("howLaunchFailed", { cause: end.cause });
  }
}

/** "bash_1 (npm run dev), bash_2 (tsc --watch)": commands as the user and the model read them in a list. */
export function listed(shells: readonly BackgroundShell[]): string {
  return shells.map((shell) => `${shell.id} (${oneLine(shell.command)})`).join(", ");
}

export function oneLine(command: string, max = 80): string {
  const line = command.replace(/\s*\n\s*/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
