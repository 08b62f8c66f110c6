import { createParser, type EventSourceParser } from "eventsource-parser";

// The first layer of a streamed chat answer: bytes → SSE events, knowing nothing of what their data means.

/** What the framing layer hands to the assembly: an event's data, or an SSE `error` field. */
export type SseItem =
  | { kind: "event"; event: string | undefined; data: string }
  | { kind: "error_field"; value: string };

/**
 * Bytes → SSE items. UTF-8 is decoded with a streaming TextDecoder (a character cut between two chunks is
 * fine; invalid bytes become U+FFFD), and only complete lines are fed to eventsource-parser: it may drop a
 * partial line it does not recognise (an `error:` field cut in two), so whole lines keep the result
 * independent of how the bytes were cut. A CR at the end of a chunk is handed over at once; the parser
 * remembers to swallow the LF of a CRLF cut there.
 */
export class SseFramer {
  readonly #decoder = new TextDecoder("utf-8");
  readonly #parser: EventSourceParser;
  #pending = "";
  #items: SseItem[] = [];

  constructor() {
    this.#parser = createParser({
      onEvent: (message) => {
        this.#items.push({ kind: "event", event: message.event, data: message.data });
      },
      onError: (error) => {
        if (error.type === "unknown-field" && error.field === "error") {
          this.#items.push({ kind: "error_field", value: error.value ?? "" });
        }
      },
      onComment: () => {
        // Comments and keep-alives (`: ping`) carry nothing.
      },
    });
  }

  /** Decodes a chunk; returns the decoded text (for the debug log) and the items it completed. */
  push(bytes: Uint8Array): { text: string; items: SseItem[] } {
    const text = this.#decoder.decode(bytes, { stream: true });
    this.#feedText(text);
    return { text, items: this.#take() };
  }

  /** The end of the body: flushes the decoder and dispatches a last event that lacked its blank line. */
  end(): { text: string; items: SseItem[] } {
    const text = this.#decoder.decode();
    this.#feedText(text);
    if (this.#pending !== "") {
      this.#parser.feed(`${this.#pending}\n`);
      this.#pending = "";
    }
    // Two line feeds: the first may be swallowed as the LF of a CRLF whose CR ended the stream.
    this.#parser.feed("\n\n");
    return { text, items: this.#take() };
  }

  #feedText(text: string): void {
    if (text === "") return;
    const lastBreak = Math.max(text.lastIndexOf("\n"), text.lastIndexOf("\r"));
    if (lastBreak < 0) {
      this.#pending += text;
      return;
    }
    this.#parser.feed(this.#pending + text.slice(0, lastBreak + 1));
    this.#pending = text.slice(lastBreak + 1);
  }

  #take(): SseItem[] {
    const items = this.#items;
    this.#items = [];
    return items;
  }
}
