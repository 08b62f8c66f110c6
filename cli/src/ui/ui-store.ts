import type { AskAnswer, ImageBlock, InputOptions } from "@maia/kernel";
import { markdownAnswers, type AnswerFormat } from "./answer-stream.ts";
import type { ImageHandlers } from "./image-chips.ts";
import { CompletionController } from "./completion/completion-controller.ts";
import type { Completer } from "./completion/completion-item.ts";
import { editKey, isCtrl, isInert } from "./edit-keys.ts";
import { isFocusKey } from "./focus.ts";
import { LogBuffer } from "./log-buffer.ts";
import type { LogEntryBody } from "./log-entry.ts";
import { EMPTY_EDITOR, InputHistory, deleteForward, editorOf, insert, type EditorState } from "./line-editor.ts";
import { t } from "./messages.ts";
import { Questions, type ConfirmOptions } from "./questions.ts";
import { StreamingAnswer, type AnswerWriter } from "./streaming-answer.ts";
import { isTypedChunk, keptText, keysOfChunk } from "./typed-chunk.ts";
import type { BackgroundCounts, ContextUsage, InputResult, KeyPress, PromptView, SelectChoice, ToolsRunning, UISnapshot } from "./ui-types.ts";

export type { BackgroundCounts, ContextUsage, InputResult, KeyPress, PromptView, SelectChoice, ToolsRunning, UISnapshot } from "./ui-types.ts";

export interface UIStoreOptions {
  /** Streaming text is redrawn at most this often (the live area's frame budget). */
  streamFrameMs?: number;
  /**
   * What an entry must wait for before it can be drawn, if anything (the interactive UI: Markdown waits for its
   * renderer, loaded on first use). Without it every entry is drawn at once.
   */
  whenDrawable?: (body: LogEntryBody) => Promise<void> | undefined;
  /** How streamed answers are formatted (default: Markdown if the renderer is loaded, 100 columns). */
  answers?: AnswerFormat;
}

/** The same object for the same prompt at each frame: what draws it is redrawn only when it changes. */
const BASE_PROMPTS = { hidden: { kind: "hidden" }, input: { kind: "input" }, busy: { kind: "busy" } } as const satisfies Record<string, PromptView>;

/** Seed § 15.1 / § 23: tool results are previewed on 600 characters. */
export const TOOL_RESULT_PREVIEW = 600;

/**
 * The whole state of the interactive UI, without React (seed § 15.1): the façade writes to it, the components
 * read it through `useSyncExternalStore`, and keys come in through `handleKey`. Everything a user can do is
 * testable here without a terminal.
 */
export class UIStore {
  readonly history = new InputHistory();
  readonly #listeners = new Set<() => void>();
  readonly #streamFrameMs: number;
  readonly #log: LogBuffer;
  /** The answer being streamed: its closed blocks are written once per frame, the open one is in the live area. */
  readonly #answer: StreamingAnswer;
  /** Set while a frame writes the answer's rows (what they add to the log is told with the frame, not before). */
  #draining = false;
  #thinking = false;
  #tools: ToolsRunning | null = null;
  /** The labels of what works besides the model, oldest first (see beginActivity). */
  readonly #activities: Array<{ label: string }> = [];
  #base: "input" | "busy" | "hidden" = "busy";
  readonly #questions = new Questions({
    changed: () => this.#emit(),
    answered: (question, answer) => this.add({ kind: "answered", question, answer }),
    showDiff: (diff) => this.add({ kind: "diff", diff }),
    log: (level, text) => this.log(level, text),
  });
  #editor: EditorState = EMPTY_EDITOR;
  readonly #completion = new CompletionController();
  #editedAt = Date.now();
  /** Requests sent with Enter during a turn, oldest first: each becomes its own turn once the running one ends. */
  #queued: readonly string[] = [];
  /** The images of each queued request, in the same order (issue 38). */
  #queuedImages: ReadonlyArray<readonly ImageBlock[]> = [];
  /** Images attached to the request being typed (the chips above the input line), in order. */
  #attachments: readonly ImageBlock[] = [];
  #imageHandlers: ImageHandlers | undefined;
  /** Lines sent or queued so far: how a chunk of type-ahead knows that its Enter sent one. */
  #linesSent = 0;
  #onHookInterrupt: (() => boolean) | undefined;
  #context: ContextUsage | undefined;
  #pendingInput: { promise: Promise<InputResult>; resolve: (result: InputResult) => void } | undefined;
  #onInterrupt: (() => void) | undefined;
  #onCycleMode: (() => void) | undefined;
  #mode: string | undefined;
  #sandbox: UISnapshot["sandbox"];
  #background: BackgroundCounts = { running: 0, foreground: 0 };
  #onBackground: (() => void) | undefined;
  #snapshot: UISnapshot | undefined;
  /** How many times the components were told (see getFrame). */
  #frame = 0;
  #timer: NodeJS.Timeout | undefined;

  constructor(options: UIStoreOptions = {}) {
    this.#streamFrameMs = options.streamFrameMs ?? 50;
    this.#log = new LogBuffer({ changed: () => this.#emit(), ...(options.whenDrawable ? { whenDrawable: options.whenDrawable } : {}) });
    this.#answer = new StreamingAnswer(this.#log, options.answers ?? markdownAnswers({}, () => 100, false), () => this.#emit());
  }

  // --- reading (React side) ---

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  getSnapshot = (): UISnapshot => {
    this.#snapshot ??= {
      entries: this.#log.entries,
      staticKey: this.#log.staticKey,
      thinking: this.#thinking,
      tools: this.#tools,
      activity: this.#activities.at(-1)?.label,
      prompt: this.#promptView(),
      editor: this.#editor,
      queued: this.#queued,
      attachments: this.#attachments,
      editedAt: this.#editedAt,
      context: this.#context,
      completion: this.#base === "hidden" || this.#questions.view() ? undefined : this.#completion.view(this.#editor),
      mode: this.#mode,
      sandbox: this.#sandbox,
      background: this.#background,
    };
    return this.#snapshot;
  };

  /**
   * What is still open of the answer being streamed, as written (its closed blocks are already written, formatted).
   * Apart from the snapshot: while an answer streams only this changes from frame to frame, and only what shows it
   * is drawn again.
   */
  getStreaming = (): string => this.#answer.open();

  /** A number that changes at each frame: what must move with the frames (the status line's spinner) reads it. */
  getFrame = (): number => this.#frame;

  /**
   * Called once entries up to `lastId` have been written by <Static>: they are forgotten, so memory stays flat in
   * long sessions. The snapshot being drawn is left as it is (no render for that alone); the next one has only
   * the entries still to write.
   */
  acknowledge(lastId: number): void {
    this.#log.acknowledge(lastId);
  }

  // --- the log ---

  /** Adds to the log (long Markdown goes to the screen in pieces, see LogBuffer), after what was streamed before. */
  add(body: LogEntryBody): void {
    this.#drainAnswer();
    this.#log.add(body);
  }

  /** How streamed answers are formatted from now on (the interactive UI's terminal width and environment). */
  setAnswerFormat(format: AnswerFormat): void {
    this.#answer.setFormat(format);
  }

  /**
   * Where a streamed answer's formatted rows are written (the interactive UI: Ink's frame, see AnswerWriter);
   * without it they are entries of the log like any other.
   */
  setAnswerWriter(writer: AnswerWriter | undefined): void {
    this.#answer.setWriter(writer);
  }

  /** Resolves once everything added so far is in the log (tests, and the last frame before exit). */
  drained(): Promise<void> {
    return this.#log.drained();
  }

  log(level: "info" | "warn" | "error", text: string): void {
    this.add({ kind: "log", level, text });
  }

  toolResult(name: string, output: string, isError: boolean): void {
    this.add({ kind: "tool_result", name, output: preview(output, TOOL_RESULT_PREVIEW), isError });
  }

  /**
   * A piece of the model's answer. Nothing more is done per delta: once per frame (`streamFrameMs`, whatever the
   * rate of the deltas) the blocks it closed are formatted and written to the log, and the live area shows the rest.
   */
  appendText(delta: string): void {
    if (delta === "") return;
    this.#answer.append(delta);
    this.#timer ??= setTimeout(() => this.#flush(), this.#streamFrameMs);
  }

  /** The answer is complete: what is left of it goes to the log at once, formatted, and the live area empties. */
  endText(): void {
    this.#draining = true;
    try {
      this.#answer.finish();
    } finally {
      this.#draining = false;
    }
    this.#emit();
  }

  // --- status ---

  setThinking(active: boolean): void {
    if (this.#thinking === active) return;
    this.#thinking = active;
    this.#emit();
  }

  setTools(tools: ToolsRunning | null): void {
    this.#tools = tools;
    this.#emit();
  }

  /**
   * Shows `label` on the status line until the returned function is called: the model list, /compact, a
   * sub-agent at work. Several may overlap (parallel sub-agents): the newest still running is shown.
   */
  beginActivity(label: string): () => void {
    const activity = { label };
    this.#activities.push(activity);
    this.#emit();
    return () => {
      const index = this.#activities.indexOf(activity);
      if (index === -1) return;
      this.#activities.splice(index, 1);
      this.#emit();
    };
  }

  setContext(usage: ContextUsage | undefined): void {
    this.#context = usage;
    this.#emit();
  }

  /** A turn or a command is running: the box is greyed and Ctrl+C interrupts. */
  setBusy(busy: boolean): void {
    if (this.#base === "hidden") return;
    this.#base = busy ? "busy" : this.#pendingInput ? "input" : "busy";
    this.#emit();
  }

  /** At exit: the input zone disappears (seed § 15.5). */
  hidePrompt(): void {
    this.#base = "hidden";
    this.#questions.drop();
    this.#emit();
  }

  setInterruptHandler(handler: (() => void) | undefined): void {
    this.#onInterrupt = handler;
  }

  /**
   * What stops the user's hook commands that no request owns (SessionStart, PostToolUse, SessionEnd): Ctrl+C and
   * Esc go to it first, and it says whether it stopped anything (then the key means nothing else).
   */
  setHookInterrupter(interrupt: (() => boolean) | undefined): void {
    this.#onHookInterrupt = interrupt;
  }

  /** The approval mode shown on the status line. */
  setMode(mode: string | undefined): void {
    this.#mode = mode;
    this.#emit();
  }

  /** Whether Bash runs in the OS sandbox, shown on the status line at rest. */
  setSandbox(state: UISnapshot["sandbox"]): void {
    this.#sandbox = state;
    this.#emit();
  }

  /** The background commands' counts, shown on the status line. */
  setBackground(counts: BackgroundCounts): void {
    if (counts.running === this.#background.running && counts.foreground === this.#background.foreground) return;
    this.#background = { ...counts };
    this.#emit();
  }

  /** What Ctrl+B does during a request: the Bash calls running in the foreground go on in the background. */
  setBackgroundMover(move: (() => void) | undefined): void {
    this.#onBackground = move;
  }

  /** What Shift+Tab does (the permissions plugin's cycleMode), at any time but during a question. */
  setModeCycler(cycle: (() => void) | undefined): void {
    this.#onCycleMode = cycle;
  }

  // --- input ---

  /** What the input box completes (`@` paths, `/` commands, `§` skills, `&` agents); none: no list. */
  setCompleter(completer: Completer | undefined): void {
    this.#completion.setCompleter(completer);
    this.#emit();
  }

  /** The completer's data changed (a new listing of the launch folder): the open list is computed again. */
  refreshCompletion(): void {
    this.#completion.invalidate();
    this.#emit();
  }

  /** Waits for the next line (Enter), or for the user to leave (Ctrl+C, Ctrl+D on an empty line). */
  readInput(): Promise<InputResult> {
    const queued = this.#queued[0];
    if (queued !== undefined && !this.#pendingInput) {
      const images = this.#queuedImages[0] ?? [];
      this.#queued = this.#queued.slice(1);
      this.#queuedImages = this.#queuedImages.slice(1);
      this.#emit();
      return Promise.resolve(images.length > 0 ? { kind: "line", text: queued, images: [...images] } : { kind: "line", text: queued });
    }
    if (!this.#pendingInput) {
      let resolve!: (result: InputResult) => void;
      const promise = new Promise<InputResult>((done) => (resolve = done));
      this.#pendingInput = { promise, resolve };
    }
    if (this.#base !== "hidden") this.#base = "input";
    this.#editedAt = Date.now();
    this.#emit();
    return this.#pendingInput.promise;
  }

  /** Resolves a pending readInput as if the user had left (SIGTERM, SIGHUP). */
  cancelInput(via: "ctrl-c" | "ctrl-d" = "ctrl-c"): void {
    this.#finishInput({ kind: "exit", via });
  }

  // --- questions (serialised: parallel tools and sub-agents ask one at a time) ---

  confirm(question: string, options: ConfirmOptions = {}): Promise<AskAnswer> {
    return this.#questions.confirm(question, options);
  }

  select(title: string, choices: readonly SelectChoice[], signal?: AbortSignal): Promise<number | undefined> {
    return this.#questions.select(title, choices, signal);
  }

  /** A free-text question in the input zone: the answer typed ("" included), undefined when declined. */
  input(question: string, options: InputOptions = {}): Promise<string | undefined> {
    return this.#questions.input(question, options);
  }

  /** Text typed before the box was Ink's (interactive/early-input.ts): in the editor, as if typed here. */
  prefill(text: string): void {
    if (this.#base === "hidden" || text === "") return;
    this.#setEditor(insert(this.#editor, text));
  }

  /**
   * Bracketed paste: the text goes in as is, new lines included (seed § 15.5: multi-line paste kept). The path of
   * an image file (a file dropped on the terminal, a copied path) attaches the image instead (issue 38).
   */
  paste(text: string): void {
    if (this.#base === "hidden" || this.#questions.paste(text)) return;
    if (this.#imageHandlers?.pastedPath(text)) return;
    this.#setEditor(insert(this.#editor, text.replace(/\r\n?/g, "\n")));
  }

  // --- images attached to the request (issue 38) ---

  /** How pasted paths and Ctrl+V become images: the interactive front end's (the UI reads no file itself). */
  setImageHandlers(handlers: ImageHandlers | undefined): void {
    this.#imageHandlers = handlers;
  }

  /** An image joins the request being typed: a chip above the input line until it is sent or removed. */
  attach(image: ImageBlock): void {
    if (this.#base === "hidden") return;
    this.#attachments = [...this.#attachments, image];
    this.#setEditor(this.#editor);
  }

  handleKey(key: KeyPress): void {
    if (isFocusKey(key.input)) return;
    if (isTypedChunk(key)) return this.#typeAhead(key.input);
    if (this.#questions.handleKey(key)) return;
    if ((isCtrl(key, "c") || key.escape) && this.#onHookInterrupt?.()) return;
    if (key.tab && key.shift) return this.#onCycleMode?.();
    if (isCtrl(key, "b") && this.#base === "busy") return this.#onBackground?.();
    if (this.#base !== "hidden") {
      const listed = this.#completion.key(key, this.#editor);
      if (listed) return listed.editor ? this.#setEditor(listed.editor) : this.#emit();
    }
    if (this.#base === "busy") return this.#busyKey(key);
    if (this.#base === "input") this.#inputKey(key);
  }

  // --- internals ---

  /**
   * A key during a turn. Ctrl+C and Esc interrupt it; with the box empty and requests queued, Esc drops the
   * newest of them instead and ↑ takes it back into the box to be edited. What is typed waits in the box; Enter
   * queues it as the next request.
   */
  #busyKey(key: KeyPress): void {
    const empty = this.#editor.text === "" && this.#attachments.length === 0;
    if (key.escape && empty && this.#queued.length > 0) return this.#unqueue();
    if (key.upArrow && empty && this.#queued.length > 0) {
      const last = this.#queued.at(-1) ?? "";
      this.#attachments = this.#queuedImages.at(-1) ?? [];
      this.#unqueue();
      return this.#setEditor(editorOf(last));
    }
    if (isCtrl(key, "c") || key.escape) return this.#onInterrupt?.();
    if (key.return && !key.meta) return this.#queue();
    if (!isCtrl(key, "d")) this.#inputKey(key);
  }

  #unqueue(): void {
    this.#queued = this.#queued.slice(0, -1);
    this.#queuedImages = this.#queuedImages.slice(0, -1);
    this.#emit();
  }

  #inputKey(key: KeyPress): void {
    const editor = this.#editor;
    if (isCtrl(key, "c")) return this.#finishInput({ kind: "exit", via: "ctrl-c" });
    if (isCtrl(key, "d")) {
      if (editor.text === "") return this.#finishInput({ kind: "exit", via: "ctrl-d" });
      return this.#setEditor(deleteForward(editor));
    }
    if (key.return) {
      // Alt+Enter adds a line; Enter sends.
      if (key.meta) return this.#setEditor(insert(editor, "\n"));
      return this.#submit(editor.text);
    }
    // Ctrl+V: an image from the clipboard (a terminal pastes text itself, through bracketed paste).
    if (isCtrl(key, "v")) return this.#imageHandlers?.clipboard();
    // Backspace with the cursor at the start removes the last image attached.
    if (key.backspace && editor.cursor === 0 && this.#attachments.length > 0) {
      this.#attachments = this.#attachments.slice(0, -1);
      return this.#setEditor(editor);
    }
    if (key.upArrow) {
      const previous = this.history.up(editor.text);
      if (previous !== undefined) this.#setEditor(editorOf(previous));
      return;
    }
    if (key.downArrow) {
      const next = this.history.down();
      if (next !== undefined) this.#setEditor(editorOf(next));
      return;
    }
    const edited = editKey(editor, key);
    if (edited) return this.#setEditor(edited);
    if (isInert(key)) return;
    this.#typed(key.input);
  }

  #typed(input: string): void {
    if (input !== "") this.#setEditor(insert(this.#editor, input));
  }

  /**
   * Keys typed faster than they were read come as one chunk ("r\t", "app.t\r", "\u0015&rev": Ink splits escapes,
   * Backspace and Ctrl+C, not Tab, Enter or the other control keys). Each goes in turn, as if typed one by one, so
   * that Tab and Enter reach the completion list and Ctrl+U empties the line before what follows it is typed. The
   * first line sent (or queued) ends it and what follows stays in the box, as a terminal's type-ahead would: a paste
   * without bracketed mode is never sent line by line.
   */
  #typeAhead(input: string): void {
    for (const { key, end } of keysOfChunk(input)) {
      const sent = this.#linesSent;
      this.handleKey(key);
      if (!key.return || this.#linesSent === sent) continue;
      const rest = keptText(input.slice(end));
      if (rest !== "") this.#setEditor(editorOf(rest));
      return;
    }
  }

  #queue(): void {
    const text = this.#editor.text;
    if (text.trim() === "" && this.#attachments.length === 0) return;
    this.#linesSent += 1;
    if (text.trim() !== "") this.history.push(text);
    this.#queued = [...this.#queued, text];
    this.#queuedImages = [...this.#queuedImages, this.#attachments];
    this.#attachments = [];
    this.#editor = EMPTY_EDITOR;
    this.#emit();
  }

  #submit(text: string): void {
    const images = this.#attachments;
    if (text.trim() === "" && images.length === 0) return;
    this.#linesSent += 1;
    if (text.trim() !== "") this.history.push(text);
    this.#editor = EMPTY_EDITOR;
    this.#attachments = [];
    this.#finishInput(images.length > 0 ? { kind: "line", text, images: [...images] } : { kind: "line", text });
  }

  #finishInput(result: InputResult): void {
    const pending = this.#pendingInput;
    if (!pending) return;
    this.#pendingInput = undefined;
    if (this.#base === "input") this.#base = "busy";
    this.#emit();
    pending.resolve(result);
  }

  #promptView(): PromptView {
    if (this.#base === "hidden") return BASE_PROMPTS.hidden;
    return this.#questions.view() ?? BASE_PROMPTS[this.#base];
  }

  #setEditor(editor: EditorState): void {
    this.#editor = editor;
    this.#editedAt = Date.now();
    this.#emit();
  }

  /**
   * Tells the components that the state changed, at once (with the streamed text not drawn yet). Streaming deltas
   * only wait for the next frame: one per `streamFrameMs` whatever their rate (see appendText).
   */
  #emit(): void {
    this.#snapshot = undefined;
    if (this.#draining) return; // the frame being made tells the components once, after
    this.#flush();
  }

  #flush(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#drainAnswer();
    this.#frame += 1;
    for (const listener of this.#listeners) listener();
  }

  /** The answer's blocks closed since the last frame are formatted and written (in this frame). */
  #drainAnswer(): void {
    if (this.#draining) return;
    this.#draining = true;
    try {
      this.#answer.drain();
    } finally {
      this.#draining = false;
    }
  }
}

/** The first `limit` characters, and how many more there were. */
export function preview(text: string, limit: number): string {
  if (text.length <= limit) return text;
  return `${text.slice(0, limit)}\n${t("toolResultMore", { count: text.length - limit })}`;
}
