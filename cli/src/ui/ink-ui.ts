import type { AgentEvent, AskAnswer, AskDetail, CommandOutput, InputOptions, InteractionPort, SelectOption } from "@maia/kernel";
import { render, type Instance } from "ink";
import { createElement } from "react";
import { answerStaticText } from "./answer-static-text.ts";
import { markdownAnswers } from "./answer-stream.ts";
import { Attention, notifyDisabled, type AttentionReason } from "./attention.ts";
import { App } from "./components/app.tsx";
import { confirmDetailView } from "./confirm-detail.ts";
import { BatchDisplay } from "../batch-display.ts";
import { fileDiff } from "../diff/file-diff.ts";
import type { HelpBlock, LogEntryBody, PermissionsBlock } from "./log-entry.ts";
import { FocusTracker } from "./focus.ts";
import { framedStreams } from "./frame-writes.ts";
import { markdownDisabled, markdownReady } from "./markdown.ts";
import { UIStore, type InputResult } from "./ui-store.ts";

export interface InkUIOptions {
  stdout?: NodeJS.WriteStream;
  /** Where Ink writes console.error and console.warn (patched, above the live area); default process.stderr. */
  stderr?: NodeJS.WriteStream;
  stdin?: NodeJS.ReadStream;
  env?: NodeJS.ProcessEnv;
  store?: UIStore;
  /** Route console.* above the live area (default). Off in tests whose runner owns the console. */
  patchConsole?: boolean;
  /** The launch folder, for the paths diffs show (default: the process's folder). */
  cwd?: string;
}

/**
 * The imperative face of the interactive UI (seed § 15.1): the conversation loop, commands and the agent's events
 * talk to this; it writes to a React-free UIStore that the Ink components render. It is also the front end's
 * InteractionPort (confirm / ask / select / input) and CommandOutput.
 */
export class InkUI {
  readonly store: UIStore;
  readonly #stdout: NodeJS.WriteStream;
  readonly #stderr: NodeJS.WriteStream;
  readonly #stdin: NodeJS.ReadStream;
  readonly #env: NodeJS.ProcessEnv;
  readonly #patchConsole: boolean;
  readonly #cwd: string;
  readonly #batch = new BatchDisplay();
  #instance: Instance | undefined;
  #focus: FocusTracker | undefined;
  #attention: Attention | undefined;

  constructor(options: InkUIOptions = {}) {
    const env = options.env ?? process.env;
    // Markdown waits for its renderer, loaded on first use: an answer is never written unformatted to the log.
    const whenDrawable = (body: LogEntryBody) => (body.kind === "markdown" && !markdownDisabled(env) ? markdownReady() : undefined);
    this.store = options.store ?? new UIStore({ whenDrawable });
    this.#stdout = options.stdout ?? process.stdout;
    this.#stderr = options.stderr ?? process.stderr;
    this.#stdin = options.stdin ?? process.stdin;
    this.#env = env;
    this.#patchConsole = options.patchConsole ?? true;
    this.#cwd = options.cwd ?? process.cwd();
    // A streamed answer is formatted as its blocks close, at the width the log draws it (Ink's: the terminal's).
    const stdout = this.#stdout;
    this.store.setAnswerFormat(markdownAnswers(env, () => stdout.columns || 80));
  }

  /**
   * Draws the screen. Ctrl+C is ours (interrupt a turn, or leave), not Ink's; frames are written incrementally
   * (only changed lines) and inside synchronized-output marks where the terminal supports them, each in one write.
   */
  mount(): void {
    if (this.#instance) return;
    // Before Ink reads: focus reports never reach the input box.
    const focus = new FocusTracker({ stdin: this.#stdin, stdout: this.#stdout }, (focused) => {
      if (focused) this.#attention?.restore();
    });
    this.#attention = new Attention({ write: (bytes) => this.#write(bytes), focused: () => focus.focused, enabled: !notifyDisabled(this.#env) });
    this.#focus = focus;
    focus.start();
    this.#instance = render(createElement(App, { store: this.store, env: this.#env }), {
      ...framedStreams(this.#stdout, this.#stderr),
      stdin: this.#stdin,
      exitOnCtrlC: false,
      incrementalRendering: true,
      maxFps: 30,
      // A TTY was checked before we got here; CI variables must not turn the UI into a log.
      interactive: true,
      patchConsole: this.#patchConsole,
    });
    // A streamed answer's rows go out with the frame that takes them out of the live area, written as <Static>
    // would write them but without laying them out again (issue 41): see answer-static-text.ts.
    const instance = this.#instance;
    const stdout = this.#stdout;
    this.store.setAnswerWriter((part) => {
      const text = answerStaticText(part, Math.max(10, stdout.columns || 80));
      if (text === undefined) return false;
      instance.writeAbove(text);
      return true;
    });
  }

  /** Hides the input zone and gives the terminal back, after the last frame is written. */
  async close(): Promise<void> {
    await this.store.drained();
    this.store.hidePrompt();
    this.#attention?.restore();
    this.#focus?.stop();
    this.#focus = undefined;
    const instance = this.#instance;
    if (!instance) return;
    this.#instance = undefined;
    this.store.setAnswerWriter(undefined);
    try {
      await instance.waitUntilRenderFlush();
    } catch {
      // The terminal may be gone (SIGHUP): there is nothing left to flush to.
    }
    instance.unmount();
    await instance.waitUntilExit().catch(() => undefined);
  }

  /**
   * A turn ended (`done`) or a question waits (`waiting`): while the terminal is not focused the bell rings and
   * the title says so. True when it did (the terminal is unfocused), for the Notification hooks.
   */
  callAttention(reason: AttentionReason): boolean {
    return this.#attention?.call(reason) ?? false;
  }

  #write(bytes: string): void {
    try {
      this.#stdout.write(bytes);
    } catch {
      // The terminal may be gone (SIGHUP).
    }
  }

  // --- the log ---

  banner(cwd: string): void {
    this.store.add({ kind: "banner", cwd });
  }

  info(message: string): void {
    this.store.log("info", message);
  }

  warn(message: string): void {
    this.store.log("warn", message);
  }

  error(message: string): void {
    this.store.log("error", message);
  }

  /** Markdown shown as an answer is (a command's output, a reloaded history). */
  text(markdown: string): void {
    if (markdown.trim() !== "") this.store.add({ kind: "markdown", text: markdown });
  }

  showUser(text: string): void {
    this.store.add({ kind: "user", text });
  }

  showPermissions(block: PermissionsBlock): void {
    this.store.add({ kind: "permissions", block });
  }

  showHelp(block: HelpBlock): void {
    this.store.add({ kind: "help", block });
  }

  /** What commands and prefixes write to. */
  readonly output: CommandOutput = {
    info: (message) => this.info(message),
    warn: (message) => this.warn(message),
    error: (message) => this.error(message),
    text: (markdown) => this.text(markdown),
  };

  #showCall(event: Extract<AgentEvent, { type: "tool_call" }>): void {
    this.store.add({
      kind: "tool_call",
      name: event.name,
      summary: event.summary,
      ...(event.preview ? { diff: fileDiff(event.preview, this.#cwd) } : {}),
    });
  }

  /** The agent's events (seed § 4.4), as the loop emits them. */
  readonly onEvent = (event: AgentEvent): void => {
    const store = this.store;
    switch (event.type) {
      case "thinking":
        return store.setThinking(event.active);
      case "text":
        return store.appendText(event.text);
      case "text_end":
        return store.endText();
      case "tool_call": {
        const shown = this.#batch.call(event);
        if (shown) this.#showCall(shown);
        return;
      }
      case "tool_result": {
        const call = this.#batch.callBefore(event);
        if (call) this.#showCall(call);
        return store.toolResult(event.name, event.output, event.isError);
      }
      case "context_usage":
        return store.setContext(event.max === undefined ? { tokens: event.tokens } : { tokens: event.tokens, max: event.max });
      case "tools_running":
        return store.setTools(event.running);
      case "info":
        return this.info(event.message);
      case "warning":
        return this.warn(event.message);
      case "usage":
        return; // Seed § 13.1: the server's usage is not what the bar shows.
    }
  };

  // --- input and questions ---

  readInput(): Promise<InputResult> {
    return this.store.readInput();
  }

  setBusy(busy: boolean): void {
    this.store.setBusy(busy);
  }

  setInterruptHandler(handler: (() => void) | undefined): void {
    this.store.setInterruptHandler(handler);
  }

  /** Runs `work` with a spinner and a label on the status line (model list, /compact…). */
  async withSpinner<T>(label: string, work: () => Promise<T>): Promise<T> {
    const end = this.store.beginActivity(label);
    const wasBusy = this.store.getSnapshot().prompt.kind !== "input";
    this.store.setBusy(true);
    try {
      return await work();
    } finally {
      end();
      if (!wasBusy) this.store.setBusy(false);
    }
  }

  /**
   * A label on the status line while something works in the background of a request (a sub-agent: « Sous-agent
   * « x » au travail »); returns the function that takes it away.
   */
  beginActivity(label: string): () => void {
    return this.store.beginActivity(label);
  }

  confirm(question: string, signal?: AbortSignal): Promise<boolean> {
    this.callAttention("waiting");
    return this.store.confirm(question, { allowStop: false, ...(signal ? { signal } : {}) }).then((answer) => answer === "yes");
  }

  /** A tool confirmation shows its detail (diff, command, findings) and offers "always" when it names rules. */
  ask(question: string, signal?: AbortSignal, detail?: AskDetail): Promise<AskAnswer> {
    this.callAttention("waiting");
    return this.store.confirm(question, {
      allowStop: true,
      ...(signal ? { signal } : {}),
      ...(detail ? { detail: confirmDetailView(detail, this.#cwd) } : {}),
      ...(detail?.always ? { always: detail.always } : {}),
    });
  }

  async select<T>(title: string, options: SelectOption<T>[], signal?: AbortSignal): Promise<T | undefined> {
    const choices = options.map((option) => (option.hint === undefined ? { label: option.label } : { label: option.label, hint: option.hint }));
    const index = await this.store.select(title, choices, signal);
    return index === undefined ? undefined : options[index]?.value;
  }

  /** A free-text question in the input zone (Enter answers; Esc or Ctrl+C declines: undefined). */
  input(question: string, options?: InputOptions): Promise<string | undefined> {
    return this.store.input(question, options);
  }

  /** The InteractionPort the agent and the commands ask through. */
  readonly interaction: InteractionPort = {
    canAsk: true,
    confirm: (message, signal) => this.confirm(message, signal),
    ask: (message, signal, detail) => this.ask(message, signal, detail),
    select: (title, options, signal) => this.select(title, options, signal),
    input: (question, options) => this.input(question, options),
  };
}
