import { watchFile, type FileWatch } from "./watch.ts";

/**
 * The watch on the configuration file open: at most one file at a time, followed again when `open` replaces it.
 * A change calls `reload` with the file it was seen on, so a reload queued for a file replaced since can tell it
 * is stale (the store runs reloads in its queue, one operation at a time).
 */
export class ConfigWatch {
  private readonly reload: (file: string) => Promise<void>;
  private readonly debounceMs: number | undefined;
  private watch: FileWatch | undefined;
  private closed = false;

  constructor(reload: (file: string) => Promise<void>, debounceMs?: number) {
    this.reload = reload;
    this.debounceMs = debounceMs;
  }

  /** Watches `file` (after `stop`, or for the first time); nothing once closed. */
  follow(file: string): void {
    if (this.closed) return;
    this.watch?.close();
    this.watch = watchFile(file, () => void this.reload(file), this.debounceMs);
  }

  /** No file watched until the next `follow`. */
  stop(): void {
    this.watch?.close();
    this.watch = undefined;
  }

  /** For good. */
  close(): void {
    this.closed = true;
    this.stop();
  }
}
