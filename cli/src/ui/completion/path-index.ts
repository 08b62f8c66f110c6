import type { CompletionItem } from "./completion-item.ts";
import { PathRanker } from "./rank.ts";

/** Lists the files of the launch folder, root-relative with `/`, calling `visit` once per file. */
export type FileLister = (visit: (relative: string) => boolean | void, signal: AbortSignal) => Promise<unknown>;

export interface PathIndexOptions {
  list: FileLister;
  /** A listing older than this is refreshed in the background the next time it is used. */
  maxAgeMs?: number;
  /** Most files kept: a bound on memory in a huge tree. */
  maxFiles?: number;
  /** Called when a new listing is ready (the list on screen is recomputed). */
  updated?: () => void;
  now?: () => number;
}

/**
 * The launch folder's paths for `@` completion: listed once in the background, kept, and listed again in the
 * background when used after `maxAgeMs`; queries never wait for a listing, they use the last one (none yet:
 * no items). Folders are those that hold a listed file, with a trailing `/`.
 */
export class PathIndex {
  readonly #options: PathIndexOptions;
  #ranker: PathRanker | undefined;
  #listedAt = Number.NEGATIVE_INFINITY;
  #running: Promise<void> | undefined;
  readonly #stop = new AbortController();

  constructor(options: PathIndexOptions) {
    this.#options = options;
  }

  /** The best matches from the current listing (a refresh starts when it is stale). */
  rank(query: string, limit: number): CompletionItem[] {
    this.refresh();
    return this.#ranker?.rank(query, limit) ?? [];
  }

  /** Starts a listing unless one runs or the last is fresh; resolves when none is running. */
  refresh(): Promise<void> {
    const now = (this.#options.now ?? Date.now)();
    if (this.#running) return this.#running;
    if (now - this.#listedAt < (this.#options.maxAgeMs ?? 30_000)) return Promise.resolve();
    this.#listedAt = now;
    this.#running = this.#list().finally(() => (this.#running = undefined));
    return this.#running;
  }

  get ready(): boolean {
    return this.#ranker !== undefined;
  }

  close(): void {
    this.#stop.abort();
  }

  async #list(): Promise<void> {
    const files: string[] = [];
    const max = this.#options.maxFiles ?? 200_000;
    try {
      await this.#options.list((relative) => {
        files.push(relative);
        return files.length < max;
      }, this.#stop.signal);
    } catch {
      // An unreadable tree lists what it could; completion is a help, never an error.
    }
    if (this.#stop.signal.aborted) return;
    const ranker = await PathRanker.prepare(pathEntries(files), this.#stop.signal);
    if (this.#stop.signal.aborted) return;
    this.#ranker = ranker;
    this.#options.updated?.();
  }
}

/** Files and the folders that hold them, folders first then files, each group in name order. */
export function pathEntries(files: readonly string[]): CompletionItem[] {
  const folders = new Set<string>();
  for (const file of files) {
    for (let cut = file.indexOf("/"); cut !== -1; cut = file.indexOf("/", cut + 1)) folders.add(file.slice(0, cut + 1));
  }
  const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return [
    ...[...folders].sort(byName).map((value) => ({ value, folder: true })),
    ...[...files].sort(byName).map((value) => ({ value })),
  ];
}
