/**
 * When each thread is written: soon after a message is added or finished (`soon`), at most once a second while a
 * message streams (`later`), one write at a time per thread (a write that is due while one runs follows it with
 * the state of that moment), and everything at once on `flush` (the hub closing, another configuration opened).
 */
export class SaveQueue {
  private readonly timers = new Map<string, { at: number; timer: NodeJS.Timeout }>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();

  private readonly write: (id: string) => Promise<void>;

  constructor(write: (id: string) => Promise<void>) {
    this.write = write;
  }

  /** Writes the thread within `delayMs` (an earlier schedule wins). */
  schedule(id: string, delayMs: number): void {
    const at = Date.now() + delayMs;
    const scheduled = this.timers.get(id);
    if (scheduled && scheduled.at <= at) return;
    if (scheduled) clearTimeout(scheduled.timer);
    const timer = setTimeout(() => {
      this.timers.delete(id);
      void this.run(id);
    }, delayMs);
    // A save pending must not keep a hub that is otherwise done alive; `flush` writes it on the way out.
    timer.unref();
    this.timers.set(id, { at, timer });
  }

  /** Forgets a scheduled write (a thread deleted); one already running ends as it is. */
  cancel(id: string): void {
    const scheduled = this.timers.get(id);
    if (scheduled) clearTimeout(scheduled.timer);
    this.timers.delete(id);
    this.again.delete(id);
  }

  pending(id: string): boolean {
    return this.timers.has(id) || this.running.has(id);
  }

  /** Every scheduled write done now, and every running one finished. */
  async flush(): Promise<void> {
    const due = [...this.timers.keys()];
    for (const id of due) this.cancel(id);
    await Promise.all([...due.map((id) => this.run(id)), ...this.running.values()]);
  }

  private async run(id: string): Promise<void> {
    const running = this.running.get(id);
    if (running) {
      this.again.add(id);
      return running;
    }
    const task = (async () => {
      do {
        this.again.delete(id);
        await this.write(id);
      } while (this.again.has(id));
    })();
    this.running.set(id, task);
    try {
      await task;
    } finally {
      this.running.delete(id);
    }
  }
}
