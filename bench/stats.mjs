/** Median and percentiles of a list of numbers (the list is not modified). */
export function summarise(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (fraction) => sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
  return { min: sorted[0], median: at(0.5), p99: at(0.99), max: sorted.at(-1), count: sorted.length };
}

export function formatMs(value) {
  return value < 1 ? `${(value * 1000).toFixed(1)} µs` : `${value.toFixed(value < 10 ? 2 : 1)} ms`;
}
