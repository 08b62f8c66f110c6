import { AnswerStream, type AnswerFormat, type AnswerPart } from "./answer-stream.ts";
import type { LogBuffer } from "./log-buffer.ts";

/**
 * Writes rows of a streamed answer above the live area, with the frame the store's next change draws; false when
 * it cannot write them exactly as the log would (they then go to the log).
 */
export type AnswerWriter = (part: AnswerPart) => boolean;

/**
 * The answer being streamed, for the UI store (issue 41). A delta is only kept (`append`); at each frame (`drain`)
 * the blocks it closed are formatted (AnswerStream) and written: straight above the live area through the writer
 * (the interactive UI: with Ink's next frame, no React tree, no <Static> render) when nothing waits in the log
 * before them, else as entries of the log, after what waits. What is still open is the live area's text (`open`).
 */
export class StreamingAnswer {
  readonly #log: LogBuffer;
  /** The renderer was loaded after the answer started: a frame is wanted to format what came. */
  readonly #rendererReady: () => void;
  #format: AnswerFormat;
  #writer: AnswerWriter | undefined;
  #answer: AnswerStream | undefined;
  /** The open text as of the last frame (a delta waits for the next frame to be shown). */
  #open = "";
  #waitingForRenderer = false;

  constructor(log: LogBuffer, format: AnswerFormat, rendererReady: () => void) {
    this.#log = log;
    this.#format = format;
    this.#rendererReady = rendererReady;
  }

  /** How answers are formatted from now on (the interactive UI's terminal width and environment). */
  setFormat(format: AnswerFormat): void {
    this.#format = format;
  }

  /** Where rows are written from now on; without a writer they are entries of the log like any other. */
  setWriter(writer: AnswerWriter | undefined): void {
    this.#writer = writer;
  }

  append(delta: string): void {
    (this.#answer ??= new AnswerStream(this.#format)).append(delta);
  }

  /**
   * What was still open at the last frame, as written: the line being written, a block not closed yet. Deltas
   * that came since are not in it, even when something else draws the screen before the next frame: a line they
   * complete is shown formatted, never first as written.
   */
  open(): string {
    return this.#open;
  }

  /** A frame: the blocks closed since the last one are formatted and written. */
  drain(): void {
    const answer = this.#answer;
    if (!answer) return;
    if (answer.ready) {
      for (const part of answer.drain()) this.#write(part);
    } else {
      this.#waitForRenderer();
    }
    this.#open = answer.openText();
  }

  /** The answer is complete: the rest of it is written at once, and the live area's text is empty. */
  finish(): void {
    const answer = this.#answer;
    this.#answer = undefined;
    this.#open = "";
    if (!answer) return;
    if (!answer.ready) {
      // The renderer is still loading: nothing was formatted, the whole answer waits for it in the log.
      const text = answer.unformatted;
      if (text.trim() !== "") this.#log.add({ kind: "markdown", text });
      return;
    }
    for (const part of answer.finish()) this.#write(part);
  }

  #write(part: AnswerPart): void {
    if (this.#log.idle && this.#writer?.(part)) return;
    this.#log.add({ kind: "answer", ...part });
  }

  /** The answer stays as written in the live area until the renderer is there; then a frame formats it. */
  #waitForRenderer(): void {
    const ready = this.#format.ready();
    if (!ready || this.#waitingForRenderer) return;
    this.#waitingForRenderer = true;
    void ready
      .catch(() => undefined)
      .then(() => {
        this.#waitingForRenderer = false;
        this.#rendererReady();
      });
  }
}
