import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** True when tmux can be used here (CI installs it, see .ci/run). */
export function tmuxAvailable(): boolean {
  try {
    execFileSync("tmux", ["-V"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export interface TerminalOptions {
  /** The program and its arguments, run directly (no shell expansion of the arguments). */
  command: string[];
  cwd: string;
  /** The whole environment of the program: nothing is inherited but what is given here. */
  env: NodeJS.ProcessEnv;
  columns?: number;
  rows?: number;
}

let sessions = 0;

/** Child processes of `parent`, read from /proc (CI machines may have no `ps`). */
export function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name is in parentheses and may hold spaces: the fields after it are fixed.
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (ppid === parent) children.push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`;

/** How long submit waits for the text typed to show before pressing Enter anyway. */
const ECHO_TIMEOUT_MS = 10_000;

/** The end of a line typed, short enough to stay on one row of the screen when the line wraps. */
export function echoTail(text: string): string {
  return [...text.trimEnd()].slice(-12).join("");
}

/** How many times `part` is on the screen (0 for an empty part). */
export function occurrences(screen: string, part: string): number {
  return part === "" ? 0 : screen.split(part).length - 1;
}

/**
 * A real terminal for end-to-end tests: a detached tmux server of its own (one socket per terminal, no user
 * configuration), one pane of a fixed size running the program. Tests type into it and read the screen as a
 * user sees it; `recordBytes` keeps every byte the program writes, for the flicker test. When the program ends
 * the pane shows `[exited N]` and stays, so its last screen and exit code can be read.
 */
export class TmuxTerminal {
  readonly socket: string;
  readonly target = "maia";
  readonly #folder: string;
  #recording: string | undefined;

  private constructor(socket: string, folder: string) {
    this.socket = socket;
    this.#folder = folder;
  }

  static async start(options: TerminalOptions): Promise<TmuxTerminal> {
    const folder = mkdtempSync(path.join(os.tmpdir(), "maia-tmux-"));
    const config = path.join(folder, "tmux.conf");
    // A long scrollback for the history tests; nothing else from the user's configuration.
    writeFileSync(config, "set -g history-limit 100000\nset -g status off\nset -g default-terminal xterm-256color\n");
    sessions += 1;
    const terminal = new TmuxTerminal(`maia-test-${process.pid}-${sessions}`, folder);
    const script = `cd ${quote(options.cwd)} && ${options.command.map(quote).join(" ")}; printf '\\n[exited %s]\\n' "$?"; sleep 600`;
    await run(
      "tmux",
      ["-L", terminal.socket, "-f", config, "new-session", "-d", "-s", terminal.target, "-x", String(options.columns ?? 100), "-y", String(options.rows ?? 40), script],
      { env: { ...options.env, TMUX: "" }, cwd: options.cwd },
    );
    return terminal;
  }

  async #tmux(...args: string[]): Promise<string> {
    const { stdout } = await run("tmux", ["-L", this.socket, ...args]);
    return stdout;
  }

  /** What is on the screen now (plain text, one line per row). */
  screen(): Promise<string> {
    return this.#tmux("capture-pane", "-p", "-t", this.target);
  }

  /** The scrollback and the screen. */
  history(): Promise<string> {
    return this.#tmux("capture-pane", "-p", "-S", "-", "-E", "-", "-t", this.target);
  }

  /** The screen with its colours (SGR sequences), for colour checks. */
  coloredScreen(): Promise<string> {
    return this.#tmux("capture-pane", "-p", "-e", "-t", this.target);
  }

  /** Waits until the screen (or the whole history) matches; fails with what was on screen. */
  async waitFor(pattern: string | RegExp, options: { timeoutMs?: number; history?: boolean } = {}): Promise<string> {
    const deadline = Date.now() + (options.timeoutMs ?? 30_000);
    let text = "";
    for (;;) {
      text = options.history ? await this.history() : await this.screen();
      if (typeof pattern === "string" ? text.includes(pattern) : pattern.test(text)) return text;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(pattern)}; the screen was:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Waits until the pattern is no longer on screen. */
  async waitForGone(pattern: string | RegExp, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const text = await this.screen();
      if (!(typeof pattern === "string" ? text.includes(pattern) : pattern.test(text))) return text;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(pattern)} to go; the screen was:\n${text}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Types text as a user would (literally, no key names). */
  async type(text: string): Promise<void> {
    await this.#tmux("send-keys", "-t", this.target, "-l", text);
  }

  /** Presses keys by tmux name: Enter, Escape, C-c, C-d, Up, Down… */
  async press(...keys: string[]): Promise<void> {
    for (const key of keys) await this.#tmux("send-keys", "-t", this.target, key);
  }

  /** Sends raw bytes to the program, as a terminal would (focus reports: `1b 5b 4f` is CSI O, focus lost). */
  async sendBytes(...hex: string[]): Promise<void> {
    await this.#tmux("send-keys", "-t", this.target, "-H", ...hex);
  }

  /** The window title the program set (OSC 0/2), as tmux keeps it. */
  async title(): Promise<string> {
    return (await this.#tmux("display-message", "-p", "-t", this.target, "#{pane_title}")).trim();
  }

  /**
   * Types a line and presses Enter once the program shows it has read the text (its tail is on the screen once
   * more than before), as a person presses Enter after seeing what they typed. So a screen waited for after it
   * (the empty box's help) can only be the one drawn once the line was taken: a program that had not read yet
   * still shows the screen of before, and the next line typed would reach it in the same read as this one (MAIA
   * keeps a second line read at once in the box, unsent: ui-store.ts). A program that never echoes gets the Enter
   * after ECHO_TIMEOUT_MS.
   */
  async submit(text: string): Promise<void> {
    const tail = echoTail(text);
    const before = occurrences(await this.screen(), tail);
    await this.type(text);
    const deadline = Date.now() + ECHO_TIMEOUT_MS;
    while (tail !== "" && occurrences(await this.screen(), tail) <= before) {
      if (Date.now() > deadline) {
        console.warn(`TmuxTerminal.submit: ${JSON.stringify(text)} never showed on the screen; Enter pressed anyway`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await this.press("Enter");
  }

  /** The process id of the program in the pane (the shell that waits for it is its parent). */
  async programPid(): Promise<number> {
    const shell = Number((await this.#tmux("display-message", "-p", "-t", this.target, "#{pane_pid}")).trim());
    const [pid] = childrenOf(shell);
    if (pid === undefined) throw new Error(`no program under the pane's shell ${shell}`);
    return pid;
  }

  /** Waits for the program to end and returns its exit code. */
  async exitCode(timeoutMs = 15_000): Promise<number> {
    const text = await this.waitFor(/\[exited (\d+)\]/, { timeoutMs });
    return Number(/\[exited (\d+)\]/.exec(text)?.[1]);
  }

  /** From now on, every byte the program writes goes to a file. */
  async recordBytes(): Promise<void> {
    this.#recording = path.join(this.#folder, "output.bin");
    writeFileSync(this.#recording, "");
    await this.#tmux("pipe-pane", "-o", "-t", this.target, `cat >> ${quote(this.#recording)}`);
  }

  /** Bytes written since recordBytes (the pipe may lag a little: callers wait for the screen first). */
  bytesWritten(): number {
    if (!this.#recording) throw new Error("recordBytes() was not called");
    return statSync(this.#recording).size;
  }

  get recordingFile(): string | undefined {
    return this.#recording;
  }

  async close(): Promise<void> {
    await this.#tmux("kill-server").catch(() => undefined);
  }
}
