/**
 * The last lines an agent wrote on stderr (`Logs(name)`: the last 200). A fixed array used as a ring, so a
 * chatty agent costs the same memory after a day as after a minute.
 */
export class LogRing {
  private readonly lines: string[] = [];
  private next = 0;
  private readonly capacity: number;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  push(line: string): void {
    if (this.lines.length < this.capacity) this.lines.push(line);
    else this.lines[this.next] = line;
    this.next = (this.next + 1) % this.capacity;
  }

  /** Oldest first. */
  toArray(): string[] {
    if (this.lines.length < this.capacity) return [...this.lines];
    return [...this.lines.slice(this.next), ...this.lines.slice(0, this.next)];
  }

  /** The last `count` lines, oldest first. */
  tail(count: number): string[] {
    return this.toArray().slice(-count);
  }
}
