/** Median and percentiles of a list of numbers (the list is not modified). */
export function summarise(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
  return { min: sorted[0], median: at(0.5), p99: at(0.99), max: sorted.at(-1), count: sorted.length };
}

export function formatMs(value) {
  return value < 1 ? `${(value * 1000).toFixed(1)} µs` : `${value.toFixed(value < 10 ? 2 : 1)} ms`;
}

/**
 * The line that follows a figure when BENCH_BASELINE_BIN gave another build to interleave with this one: its
 * median and range, and this build's median over it.
 */
export function baselineLine(label, times, baselineTimes) {
  const now = summarise(times);
  const before = summarise(baselineTimes);
  return `  baseline ${label}, interleaved: median ${before.median.toFixed(0)} ms (min ${before.min.toFixed(0)}, max ${before.max.toFixed(0)}); this build / baseline: ${(now.median / before.median).toFixed(2)}×`;
}
