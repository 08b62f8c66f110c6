/**
 * Milliseconds on a monotonic clock, for the time spent in hooks and plugins. Not `performance.now()`: the global
 * `performance` loads perf_hooks and a dozen modules behind it on first use, at every start (issue 22), for a
 * number this gets from process.hrtime.
 */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}
