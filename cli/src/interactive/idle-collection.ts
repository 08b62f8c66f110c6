import { getHeapStatistics } from "node:v8";

/** How much V8's heap may grow since the last collection made here before the end of a turn collects again. */
const GROWTH_BYTES = 8 * 1024 * 1024;

let sizeAfterLast: number | undefined;

/**
 * Issue 41: over a long session V8 keeps the pages of the garbage each answer left (the live heap grows by a few
 * MB over ten answers, the resident memory by tens). When a turn ends and the heap has grown by more than 8 MB
 * since the last time, one full collection gives those pages back while the terminal waits for the user; not at
 * every turn, since a full collection costs about a tenth of a second of CPU. The shebang exposes `gc`
 * (`--expose-gc`); without it (another launcher) nothing happens.
 */
export function collectAfterTurn(): void {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (collect === undefined) return;
  const size = getHeapStatistics().total_heap_size;
  sizeAfterLast ??= size;
  if (size - sizeAfterLast < GROWTH_BYTES) return;
  setImmediate(() => {
    collect();
    sizeAfterLast = getHeapStatistics().total_heap_size;
  }).unref();
}
