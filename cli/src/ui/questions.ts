import type { AlwaysAllow, AlwaysScope, AskAnswer, InputOptions } from "@maia/kernel";
import type { ConfirmDetailView } from "./confirm-detail.ts";
import type { FileDiff } from "../diff/file-diff.ts";
import { editKey, isCtrl, isInert } from "./edit-keys.ts";
import { deleteForward, editorOf, EMPTY_EDITOR, insert, type EditorState } from "./line-editor.ts";
import { t } from "./messages.ts";
import { SerialQueue } from "./serial-queue.ts";
import type { KeyPress, PromptView, SelectChoice } from "./ui-types.ts";

type Question =
  | {
      kind: "confirm";
      question: string;
      allowStop: boolean;
      detail?: ConfirmDetailView;
      always?: AlwaysAllow;
      /** Set while an "always" answer writes its rules: further keys are ignored. */
      remembering?: boolean;
      answer: (answer: ConfirmAnswer) => void;
    }
  | { kind: "select"; title: string; choices: readonly SelectChoice[]; index: number; answer: (index: number | undefined) => void }
  | { kind: "text"; question: string; editor: EditorState; answer: (text: string | undefined) => void };

/** "yes", "no", "stop", or "yes" given with "don't ask again" for this run or the project. */
type ConfirmAnswer = AskAnswer | { always: AlwaysScope };

export interface ConfirmOptions {
  allowStop?: boolean;
  signal?: AbortSignal;
  /** A tool confirmation's diff, command and findings. */
  detail?: ConfirmDetailView;
  /** Offered as `a` (this session) and `p` (the project's settings) when it names at least one rule. */
  always?: AlwaysAllow;
}

/** What the questions need of the store: a redraw, the `◆ question : answer` line of the log, and the log itself. */
export interface QuestionsHost {
  changed(): void;
  answered(question: string, answer: string): void;
  /** `d` in a confirmation: the whole diff goes to the log, above the question. */
  showDiff(diff: FileDiff): void;
  log(level: "info" | "warn", text: string): void;
}

/**
 * The questions of the input zone (seed § 15.5): a confirmation (o/n, or o/n/s when the turn may stop), a list,
 * or a free-text answer typed with the input box's editing keys. One at a time — parallel tools and sub-agents
 * wait their turn — and each, once answered, becomes « ◆ question : réponse » in the log (seed § 15.2). A
 * question withdrawn by its signal (Ctrl+C on the request) ends as refused / cancelled.
 */
export class Questions {
  readonly #host: QuestionsHost;
  readonly #queue = new SerialQueue();
  #current: Question | undefined;

  constructor(host: QuestionsHost) {
    this.#host = host;
  }

  get active(): boolean {
    return this.#current !== undefined;
  }

  /** The input zone while a question is open, undefined otherwise. */
  view(): PromptView | undefined {
    const question = this.#current;
    if (question?.kind === "confirm") {
      const always = question.always && question.always.rules.length > 0 ? question.always.rules : undefined;
      return {
        kind: "confirm",
        question: question.question,
        allowStop: question.allowStop,
        ...(question.detail ? { detail: question.detail } : {}),
        ...(always ? { always } : {}),
      };
    }
    if (question?.kind === "select") return { kind: "select", title: question.title, choices: question.choices, index: question.index };
    if (question?.kind === "text") return { kind: "question", question: question.question, editor: question.editor };
    return undefined;
  }

  /** At exit: the question goes with the input zone (its promise is left pending: nobody waits for it any more). */
  drop(): void {
    this.#current = undefined;
  }

  async confirm(question: string, options: ConfirmOptions = {}): Promise<AskAnswer> {
    const open = (finish: (answer: ConfirmAnswer) => void): Question => ({
      kind: "confirm",
      question,
      allowStop: options.allowStop ?? false,
      ...(options.detail ? { detail: { ...options.detail } } : {}),
      ...(options.always ? { always: options.always } : {}),
      answer: finish,
    });
    const answer = await this.#ask<ConfirmAnswer>(options.signal, "no", open, (given) => this.#host.answered(question, answerText(given)));
    return typeof answer === "string" ? answer : "yes";
  }

  select(title: string, choices: readonly SelectChoice[], signal?: AbortSignal): Promise<number | undefined> {
    if (choices.length === 0) return Promise.resolve(undefined);
    return this.#ask<number | undefined>(signal, undefined, (finish) => ({ kind: "select", title, choices, index: 0, answer: finish }), (index) => {
      const choice = index === undefined ? undefined : choices[index];
      if (choice) this.#host.answered(title, choice.label);
    });
  }

  /** A free-text answer: what was typed ("" included), or undefined when declined (Esc, Ctrl+C, Ctrl+D on empty). */
  input(question: string, options: InputOptions = {}): Promise<string | undefined> {
    const editor = options.initial === undefined ? EMPTY_EDITOR : editorOf(options.initial);
    return this.#ask<string | undefined>(options.signal, undefined, (finish) => ({ kind: "text", question, editor, answer: finish }), (text) =>
      this.#host.answered(question, text ?? t("answerCancelled")),
    );
  }

  /** Takes the key when a question is open; false when there is none. */
  handleKey(key: KeyPress): boolean {
    const question = this.#current;
    if (question?.kind === "confirm") this.#confirmKey(question, key);
    else if (question?.kind === "select") this.#selectKey(question, key);
    else if (question?.kind === "text") this.#textKey(question, key);
    return question !== undefined;
  }

  /** A bracketed paste goes into a free-text answer; any other question ignores it. False when there is none. */
  paste(text: string): boolean {
    const question = this.#current;
    if (question?.kind === "text") this.#edit(question, insert(question.editor, text.replace(/\r\n?/g, "\n")));
    return question !== undefined;
  }

  /**
   * Opens a question once the previous ones are answered. `record` writes its answer to the log; a question
   * withdrawn (its signal aborted) is answered `withdrawn`, and the log says so too.
   */
  #ask<T>(signal: AbortSignal | undefined, withdrawn: T, open: (finish: (answer: T) => void) => Question, record: (answer: T) => void): Promise<T> {
    return this.#queue.run(
      () =>
        new Promise<T>((resolve) => {
          let question: Question | undefined;
          const finish = (answer: T) => {
            signal?.removeEventListener("abort", onAbort);
            if (question !== undefined && this.#current === question) this.#current = undefined;
            record(answer);
            this.#host.changed();
            resolve(answer);
          };
          const onAbort = () => finish(withdrawn);
          if (signal?.aborted) return finish(withdrawn);
          signal?.addEventListener("abort", onAbort, { once: true });
          question = open(finish);
          this.#current = question;
          this.#host.changed();
        }),
    );
  }

  #confirmKey(question: Extract<Question, { kind: "confirm" }>, key: KeyPress): void {
    if (question.remembering) return;
    const input = key.input.toLowerCase();
    const detail = question.detail;
    if (!key.ctrl && input === "d" && detail?.diff && !detail.expanded) {
      detail.expanded = true;
      this.#host.showDiff(detail.diff);
      return this.#host.changed();
    }
    const always = question.always;
    if (!key.ctrl && (input === "a" || input === "p") && always && always.rules.length > 0) {
      const scope: AlwaysScope = input === "a" ? "session" : "project";
      question.remembering = true;
      // The rules are in force before the answer: the next identical call (a parallel one) no longer asks.
      void always.remember(scope).then((told) => {
        for (const line of told.info) this.#host.log("info", line);
        for (const line of told.warnings) this.#host.log("warn", line);
        question.answer({ always: scope });
      });
      return;
    }
    // Both `o` (oui) and `y` (yes) mean yes in either language; Enter alone is ignored (seed § 15.5).
    if (!key.ctrl && (input === "o" || input === "y")) return question.answer("yes");
    if (key.escape || isCtrl(key, "c") || (!key.ctrl && input === "n")) return question.answer("no");
    if (!key.ctrl && input === "s" && question.allowStop) return question.answer("stop");
  }

  #selectKey(question: Extract<Question, { kind: "select" }>, key: KeyPress): void {
    const last = question.choices.length - 1;
    const move = (index: number) => {
      question.index = Math.max(0, Math.min(last, index));
      this.#host.changed();
    };
    if (key.upArrow || (!key.ctrl && key.input === "k")) return move(question.index - 1);
    if (key.downArrow || (!key.ctrl && key.input === "j")) return move(question.index + 1);
    if (key.pageUp) return move(question.index - 10);
    if (key.pageDown) return move(question.index + 10);
    if (key.home) return move(0);
    if (key.end) return move(last);
    if (key.return) return question.answer(question.index);
    if (key.escape || isCtrl(key, "c")) return question.answer(undefined);
  }

  /** Ctrl+C declines here: it never reaches the input box, where it would quit MAIA. */
  #textKey(question: Extract<Question, { kind: "text" }>, key: KeyPress): void {
    const editor = question.editor;
    if (key.escape || isCtrl(key, "c")) return question.answer(undefined);
    if (isCtrl(key, "d")) return editor.text === "" ? question.answer(undefined) : this.#edit(question, deleteForward(editor));
    if (key.return) return question.answer(editor.text);
    const edited = editKey(editor, key);
    if (edited) return this.#edit(question, edited);
    if (isInert(key) || key.input === "") return;
    // A chunk with a carriage return (fast typing, a paste without bracketed mode) answers with its first line.
    const cut = key.input.search(/[\r\n]/);
    if (cut === -1) return this.#edit(question, insert(editor, key.input));
    question.answer(insert(editor, key.input.slice(0, cut)).text);
  }

  #edit(question: Extract<Question, { kind: "text" }>, editor: EditorState): void {
    question.editor = editor;
    this.#host.changed();
  }
}

function answerText(answer: ConfirmAnswer): string {
  if (typeof answer !== "string") return answer.always === "session" ? t("answerAlwaysSession") : t("answerAlwaysProject");
  return answer === "yes" ? t("answerYes") : answer === "stop" ? t("answerStop") : t("answerNo");
}
