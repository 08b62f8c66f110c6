import { t } from "./messages.ts";

/** Seed § 23: the longest session name, in characters. */
export const MAX_NAME_LENGTH = 100;

/** Seed § 12.2: `session_AAAA-MM-JJ_HH_MM_SS`, local time. */
export function defaultSessionName(date: Date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, "0");
  const day = `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
  return `session_${day}_${two(date.getHours())}_${two(date.getMinutes())}_${two(date.getSeconds())}`;
}

const QUOTE_PAIRS: ReadonlyArray<[string, string]> = [
  ['"', '"'],
  ["'", "'"],
  ["«", "»"],
  ["“", "”"],
  ["‘", "’"],
  ["`", "`"],
];

/** A typed name as the user meant it: surrounding spaces and one pair of surrounding quotes removed. */
export function normalizeSessionName(input: string): string {
  let name = input.trim();
  for (const [open, close] of QUOTE_PAIRS) {
    if (name.length >= open.length + close.length && name.startsWith(open) && name.endsWith(close)) {
      name = name.slice(open.length, name.length - close.length).trim();
      break;
    }
  }
  return name;
}

const FORBIDDEN = /[\\/:*?"<>|]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/u;

/** Why a (normalised) name cannot name a session file, or undefined when it can (seed § 12.2). */
export function sessionNameProblem(name: string): string | undefined {
  if (name.length === 0) return t("nameEmpty");
  const length = [...name].length;
  if (length > MAX_NAME_LENGTH) return t("nameTooLong", { length, max: MAX_NAME_LENGTH });
  const forbidden = FORBIDDEN.exec(name)?.[0];
  if (forbidden !== undefined) return t("nameForbiddenChar", { char: forbidden });
  if (CONTROL.test(name)) return t("nameForbiddenChar", { char: t("controlChar") });
  if (name.startsWith(".") || name.endsWith(".")) return t("nameDot");
  return undefined;
}

/** Cuts a name to at most `max` characters (code points, never half a surrogate pair), without a final dot. */
export function truncateName(name: string, max: number): string {
  const points = [...name];
  if (points.length <= max) return name;
  return points.slice(0, max).join("").replace(/\.+$/u, "");
}

/** `name`, `name_2`, `name_3`…: the candidates tried in turn so that no other session is overwritten. */
export function* suffixedNames(name: string): Generator<string> {
  yield name;
  for (let n = 2; ; n += 1) {
    const suffix = `_${n}`;
    yield `${truncateName(name, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
  }
}

/** The existing name equal to `name` ignoring case (seed § 12.2: find is case-insensitive). */
export function findName(name: string, existing: readonly string[]): string | undefined {
  const exact = existing.find((candidate) => candidate === name);
  if (exact !== undefined) return exact;
  const lower = name.toLowerCase();
  return existing.find((candidate) => candidate.toLowerCase() === lower);
}

/** Up to `limit` existing names close to `name`: containing it, or within a small edit distance. */
export function suggestNames(name: string, existing: readonly string[], limit = 3): string[] {
  const lower = name.toLowerCase();
  const scored = existing
    .map((candidate) => {
      const other = candidate.toLowerCase();
      const contains = lower.length >= 2 && (other.includes(lower) || lower.includes(other));
      const distance = editDistance(lower, other);
      return { candidate, score: contains ? 0 : distance };
    })
    .filter(({ score }) => score <= Math.max(2, Math.floor(lower.length / 3)));
  scored.sort((a, b) => a.score - b.score || a.candidate.localeCompare(b.candidate));
  return scored.slice(0, limit).map(({ candidate }) => candidate);
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
