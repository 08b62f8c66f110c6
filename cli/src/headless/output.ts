import type { AgentEvent, LogOrigin, TurnOutcome } from "@maia/kernel";
import type { OutputFormat } from "../args.ts";
import { BatchDisplay } from "../batch-display.ts";
import { patchOf } from "../diff/file-diff.ts";
import { attributed } from "../plugin-log.ts";

export interface HeadlessSummary {
  result: string;
  stopReason: string;
  toolCalls: number;
  usage: { inputTokens: number; outputTokens: number };
  sessionName?: string;
}

/**
 * Turns the loop's events into what `maia -p` prints. `text`: the final answer only; `json`: one object at the
 * end; `stream-json`: one JSON object per line as things happen. Warnings go to stderr except in stream-json,
 * where they are events like the rest.
 */
export class HeadlessOutput {
  readonly #format: OutputFormat;
  readonly #cwd: string;
  readonly #stdout: NodeJS.WritableStream;
  readonly #stderr: NodeJS.WritableStream;
  #answer = "";
  #toolCalls = 0;
  readonly #usage = { inputTokens: 0, outputTokens: 0 };
  readonly #batch = new BatchDisplay();

  constructor(format: OutputFormat, stdout: NodeJS.WritableStream, stderr: NodeJS.WritableStream, cwd = process.cwd()) {
    this.#cwd = cwd;
    this.#format = format;
    this.#stdout = stdout;
    this.#stderr = stderr;
  }

  onEvent = (event: AgentEvent): void => {
    switch (event.type) {
      case "text":
        this.#answer += event.text;
        this.#line({ type: "text", text: event.text });
        break;
      case "tool_call": {
        const shown = this.#batch.call(event);
        if (shown) this.#toolUse(shown);
        break;
      }
      case "permission":
        // Refused for want of someone to answer: why it asked, and the `--allow` rules that would let it run.
        this.#line({
          type: "permission",
          id: event.id,
          name: event.name,
          outcome: event.outcome,
          ...(event.uncovered ? { uncovered: event.uncovered } : {}),
          ...(event.rules ? { rules: event.rules } : {}),
        });
        break;
      case "tool_result": {
        const call = this.#batch.callBefore(event);
        if (call) this.#toolUse(call);
        this.#toolCalls += 1;
        // Images by reference (name, type, size, sha256), never their bytes.
        this.#line({
          type: "tool_result",
          id: event.id,
          name: event.name,
          content: event.output,
          isError: event.isError,
          ...(event.sandboxed !== undefined ? { sandboxed: event.sandboxed } : {}),
          ...(event.images ? { images: event.images } : {}),
        });
        break;
      }
      case "request_images":
        this.#line({ type: "images", images: event.images });
        break;
      case "usage":
        this.#usage.inputTokens += event.inputTokens;
        this.#usage.outputTokens += event.outputTokens;
        this.#line({ type: "usage", inputTokens: event.inputTokens, outputTokens: event.outputTokens });
        break;
      case "warning":
        this.warn(event.message);
        break;
      case "hook":
        this.#line({ type: "hook", event: event.event, command: event.command, outcome: event.outcome, durationMs: event.durationMs });
        break;
      default:
        break;
    }
  };

  #toolUse(event: Extract<AgentEvent, { type: "tool_call" }>): void {
    // A new model answer starts after tools: the final answer is the text after the last tool call.
    this.#answer = "";
    // `diff`: what an Edit or Write changes, read before it runs (or is refused).
    // `sandboxed`: the call runs inside the OS sandbox (Bash); also on its tool_result, where it is always known.
    this.#line({
      type: "tool_use",
      id: event.id,
      name: event.name,
      input: event.input,
      ...(event.preview ? { diff: patchOf(event.preview, this.#cwd) } : {}),
      ...(event.sandboxed !== undefined ? { sandboxed: event.sandboxed } : {}),
    });
  }

  /** How commands and prefixes (`/compact`, `§skill`, `!ls`) print in headless mode. */
  readonly commandOutput = {
    info: (message: string) => this.#note("info", message),
    warn: (message: string) => this.warn(message),
    error: (message: string) => this.error(message),
    text: (markdown: string) => {
      this.#answer += markdown;
      this.#line({ type: "text", text: markdown });
    },
  };

  #note(type: "info", message: string): void {
    if (this.#format === "stream-json") this.#line({ type, message });
    else this.#stderr.write(`${message}\n`);
  }

  /** A warning; one a plugin logged names it (`plugin` in stream-json, after the message in text). */
  warn(message: string, origin?: LogOrigin): void {
    if (this.#format === "stream-json") this.#line(origin ? { type: "warning", message, plugin: origin.plugin } : { type: "warning", message });
    else this.#stderr.write(`WARN ${attributed(message, origin)}\n`);
  }

  error(message: string): void {
    if (this.#format === "stream-json") this.#line({ type: "error", message });
    else if (this.#format === "json") this.#write({ type: "error", error: message });
    else this.#stderr.write(`${message}\n`);
  }

  finish(outcome: TurnOutcome, extra: { sessionName?: string } = {}): HeadlessSummary {
    const stopReason = outcome.status === "done" ? (outcome.stopReason ?? "end_turn") : outcome.status;
    const summary: HeadlessSummary = {
      result: this.#answer,
      stopReason,
      toolCalls: this.#toolCalls,
      usage: { ...this.#usage },
      ...(extra.sessionName ? { sessionName: extra.sessionName } : {}),
    };
    if (this.#format === "stream-json") this.#line({ type: "done", stopReason });
    else if (this.#format === "json") this.#write(summary);
    else if (this.#answer) this.#stdout.write(this.#answer.endsWith("\n") ? this.#answer : `${this.#answer}\n`);
    return summary;
  }

  #line(value: object): void {
    if (this.#format === "stream-json") this.#write(value);
  }

  #write(value: object): void {
    this.#stdout.write(`${JSON.stringify(value)}\n`);
  }
}
