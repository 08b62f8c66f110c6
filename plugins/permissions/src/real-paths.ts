import { lstatSync, readlinkSync, realpathSync, type Stats } from "node:fs";
import path from "node:path";

/** Links followed by hand (dangling ones) before giving up on a chain: a loop must end. */
const MAX_LINKS = 40;

/**
 * Real paths (symbolic links resolved) as one decision sees them. A new one is made for each decision and
 * never kept beyond it: a link may be changed between two commands, and an answer kept from the previous
 * command would let the next one write through a link that now points elsewhere.
 *
 * Within a decision each path is looked up once, and a path below a folder found absent is not looked up at
 * all: lstat would say it is absent too (a component of the path does not exist), so the result is the same.
 */
export class RealPaths {
  readonly #resolved = new Map<string, string>();
  /** Paths lstat found absent (ENOENT), or that lie below one of those. */
  readonly #absent = new Set<string>();

  /**
   * The path with symbolic links resolved as far as it exists; the missing rest is appended as written. A
   * dangling link is followed to where it points, since writing through it creates its target.
   */
  of(absolute: string): string {
    return this.#resolve(absolute, 0);
  }

  #resolve(absolute: string, depth: number): string {
    const cached = this.#resolved.get(absolute);
    if (cached !== undefined) return cached;
    let result: string;
    let stats: Stats | undefined;
    if (depth > MAX_LINKS) stats = undefined;
    else if (this.#belowAbsent(absolute)) {
      stats = undefined;
      this.#absent.add(absolute);
    } else {
      stats = lstatSync(absolute, { throwIfNoEntry: false });
      if (stats === undefined) this.#absent.add(absolute);
    }
    if (stats === undefined) {
      const parent = path.dirname(absolute);
      result = parent === absolute ? absolute : path.join(this.#resolve(parent, depth), path.basename(absolute));
    } else {
      try {
        result = realpathSync.native(absolute);
      } catch {
        // A dangling link (or a loop): follow the link by hand.
        result = stats.isSymbolicLink() ? this.#resolve(path.resolve(path.dirname(absolute), readlinkSync(absolute)), depth + 1) : absolute;
      }
    }
    this.#resolved.set(absolute, result);
    return result;
  }

  /**
   * Whether a folder above the path was found absent. The walk up stops at the first folder already looked
   * up: one that exists has no absent folder above it.
   */
  #belowAbsent(absolute: string): boolean {
    for (let end = absolute.lastIndexOf("/"); end > 0; end = absolute.lastIndexOf("/", end - 1)) {
      const folder = absolute.slice(0, end);
      if (this.#absent.has(folder)) return true;
      if (this.#resolved.has(folder)) return false;
    }
    return false;
  }
}
