import type { LogEntry, LogEntryBody } from "./log-entry.ts";
import { splitMarkdown } from "./markdown-chunks.ts";

/**
 * The entries of the log not yet on screen. Long Markdown is cut into pieces and the pieces beyond the first are
 * handed over one per turn of the event loop (what comes after them waits its turn): each <Static> render stays
 * small. Entries <Static> has written are acknowledged and forgotten, so memory does not grow with the session.
 */
export class LogBuffer {
  readonly #keepRendered: number;
  readonly #changed: () => void;
  readonly #backlog: LogEntryBody[] = [];
  #entries: LogEntry[] = [];
  #nextId = 1;
  #staticKey = 0;
  #pumping: NodeJS.Immediate | undefined;

  constructor(keepRendered: number, changed: () => void) {
    this.#keepRendered = keepRendered;
    this.#changed = changed;
  }

  get entries(): readonly LogEntry[] {
    return this.#entries;
  }

  /** Changes when acknowledged entries are dropped, so that <Static> starts over with the rest. */
  get staticKey(): number {
    return this.#staticKey;
  }

  add(body: LogEntryBody): void {
    const bodies = body.kind === "markdown" ? splitMarkdown(body.text).map((text) => ({ kind: "markdown", text }) as const) : [body];
    if (this.#backlog.length === 0) {
      const [first, ...rest] = bodies;
      if (first) this.#append(first);
      this.#backlog.push(...rest);
    } else {
      this.#backlog.push(...bodies);
    }
    if (this.#backlog.length > 0) this.#pumping ??= setImmediate(() => this.#pump());
  }

  async drained(): Promise<void> {
    while (this.#backlog.length > 0) await new Promise((resolve) => setImmediate(resolve));
  }

  /** Entries up to `lastId` are on screen: past `keepRendered` of them, they are dropped. */
  acknowledge(lastId: number): void {
    const rendered = this.#entries.findIndex((entry) => entry.id > lastId);
    const count = rendered === -1 ? this.#entries.length : rendered;
    if (count <= this.#keepRendered) return;
    this.#entries = this.#entries.slice(count);
    this.#staticKey += 1;
    this.#changed();
  }

  #append(body: LogEntryBody): void {
    const entry = { ...body, id: this.#nextId++ } as LogEntry;
    this.#entries = [...this.#entries, entry];
    this.#changed();
  }

  #pump(): void {
    this.#pumping = undefined;
    const next = this.#backlog.shift();
    if (next) this.#append(next);
    if (this.#backlog.length > 0) this.#pumping = setImmediate(() => this.#pump());
  }
}
