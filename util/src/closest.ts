/**
 * The closest candidate when the word is plausibly a typo of it, for "did you mean" hints: case, `_`, `-` and
 * spaces ignored, and an edit distance that grows with the word (1 up to 4 characters, 2 up to 8, then 3).
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  const normalise = (text: string) => text.toLowerCase().replace(/[_\-\s]/g, "");
  const target = normalise(word);
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(target, normalise(candidate));
    if (best === undefined || distance < best.distance) best = { candidate, distance };
  }
  const allowed = target.length <= 4 ? 1 : target.length <= 8 ? 2 : 3;
  return best !== undefined && best.distance <= allowed ? best.candidate : undefined;
}

/** Levenshtein distance. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
