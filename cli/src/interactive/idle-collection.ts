import { getHeapStatistics } from "node:v8";

/**
 * How much V8's heap may have grown since the last collection made here for the end of a turn to skip one: a short
 * exchange ("thanks") allocates less; any answer worth the name grows the heap by more.
 */
const GROWTH_BYTES = 2 * 1024 * 1024;

/** The options of V8's `gc` extension: a synchronous full collection that also compacts and returns free pages. */
interface GcOptions {
  type: "major";
  execution: "sync";
  flavor: "last-resort";
}

let sizeAfterLast: number | undefined;

/**
 * Issue 41: V8 keeps the pages an answer's garbage and its streaming grew into; left alone, the resident memory of a
 * session grows by twenty-odd MB over ten long answers while its live heap grows by two or three. When a turn ends
 * the terminal waits for the user, so a collection then delays nobody. It is of the "last resort" flavour, the one
 * V8 runs on a low-memory notification: it compacts the heap and returns its free pages to the system, where a plain
 * `gc()` frees the objects but keeps their pages, for the same CPU (about 85 ms here, docs/benchmarks.md "A
 * collection after a turn"). The first turn always collects (it loaded the renderer and filled the heap); later
 * ones unless the heap grew by less than 2 MB. The shebang exposes `gc` (`--expose-gc`); without it (another
 * launcher) nothing happens.
 */
export function collectAfterTurn(): void {
  const collect = (globalThis as { gc?: (options: GcOptions) => void }).gc;
  if (collect === undefined) return;
  if (sizeAfterLast !== undefined && getHeapStatistics().total_heap_size - sizeAfterLast < GROWTH_BYTES) return;
  setImmediate(() => {
    collect({ type: "major", execution: "sync", flavor: "last-resort" });
    sizeAfterLast = getHeapStatistics().total_heap_size;
  }).unref();
}
