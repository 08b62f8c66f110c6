import type { LogEntry, LogEntryBody } from "./log-entry.ts";
import { splitMarkdown } from "./markdown-chunks.ts";

export interface LogBufferOptions {
  /** Entries were added: the screen has something new to write. */
  changed: () => void;
  /**
   * Undefined when `body` can be drawn now; else what to wait for first (the Markdown renderer, loaded on first
   * use). What follows such an entry waits behind it, so the log keeps its order.
   */
  whenDrawable?: (body: LogEntryBody) => Promise<void> | undefined;
}

/**
 * The entries of the log not yet on screen. Long Markdown is cut into pieces and the pieces beyond the first are
 * handed over one per turn of the event loop (what comes after them waits its turn): each <Static> render stays
 * small. Entries <Static> has written are acknowledged and forgotten at once, so memory does not grow with the
 * session: the store keeps only what is still to be written.
 *
 * Ink's <Static> writes `items.slice(index)`, `index` being how many items it has already written: an items
 * list that shrank under the same <Static> would hide new entries. So whenever entries are dropped `staticKey`
 * changes, and a fresh <Static> (index 0) takes over with exactly the entries not written yet.
 */
export class LogBuffer {
  readonly #options: LogBufferOptions;
  readonly #backlog: LogEntryBody[] = [];
  #entries: LogEntry[] = [];
  #nextId = 1;
  #staticKey = 0;
  #pumping = false;

  constructor(options: LogBufferOptions) {
    this.#options = options;
  }

  get entries(): readonly LogEntry[] {
    return this.#entries;
  }

  /** Nothing waits to be written: what is written now (a streamed answer's rows, see UIStore) comes next. */
  get idle(): boolean {
    return this.#entries.length === 0 && this.#backlog.length === 0;
  }

  /** Changes when acknowledged entries are dropped, so that <Static> starts over with the rest. */
  get staticKey(): number {
    return this.#staticKey;
  }

  add(body: LogEntryBody): void {
    const bodies = body.kind === "markdown" ? splitMarkdown(body.text).map((text) => ({ kind: "markdown", text }) as const) : [body];
    if (this.#backlog.length === 0) {
      const [first, ...rest] = bodies;
      if (first && this.#options.whenDrawable?.(first) === undefined) this.#append(first);
      else if (first) this.#backlog.push(first);
      this.#backlog.push(...rest);
    } else {
      this.#backlog.push(...bodies);
    }
    this.#schedule();
  }

  async drained(): Promise<void> {
    while (this.#backlog.length > 0) await new Promise((resolve) => setImmediate(resolve));
  }

  /**
   * Entries up to `lastId` are on screen: they are dropped. Not a change to draw (that would cost a render per
   * entry): the next snapshot, whatever makes it, carries the shorter list and the new key.
   */
  acknowledge(lastId: number): void {
    const rendered = this.#entries.findIndex((entry) => entry.id > lastId);
    const count = rendered === -1 ? this.#entries.length : rendered;
    if (count === 0) return;
    this.#entries = this.#entries.slice(count);
    this.#staticKey += 1;
  }

  #append(body: LogEntryBody): void {
    const entry = { ...body, id: this.#nextId++ } as LogEntry;
    this.#entries = [...this.#entries, entry];
    this.#options.changed();
  }

  #schedule(): void {
    if (this.#pumping || this.#backlog.length === 0) return;
    this.#pumping = true;
    setImmediate(() => this.#pump());
  }

  #pump(): void {
    const next = this.#backlog[0];
    const wait = next && this.#options.whenDrawable?.(next);
    if (wait) {
      // Whatever happens to the wait, the log goes on (an entry that cannot be formatted is shown as written).
      void wait.catch(() => undefined).then(() => setImmediate(() => this.#pump()));
      return;
    }
    this.#pumping = false;
    const body = this.#backlog.shift();
    if (body) this.#append(body);
    this.#schedule();
  }
}
