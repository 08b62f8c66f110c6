/**
 * Rule patterns where `*` is the only special character (seed § 9.3): Bash commands, skill names, text values
 * of other tools, MCP tool names, WebFetch hosts. Compiled once per pattern.
 */

const CACHE_LIMIT = 2_000;
const wildcards = new Map<string, RegExp>();
const bashPatterns = new Map<string, RegExp>();

function compile(cache: Map<string, RegExp>, pattern: string, build: () => string): RegExp {
  let regex = cache.get(pattern);
  if (!regex) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    regex = new RegExp(build(), "u");
    cache.set(pattern, regex);
  }
  return regex;
}

/** `*` matches any sequence (newlines included); everything else matches itself. */
export function wildcardSource(pattern: string): string {
  return pattern
    .split("*")
    .map((part) => part.replace(/[\\^$.|?+()[\]{}]/g, "\\$&"))
    .join("[\\s\\S]*");
}

/** Whole-text match of a `*` pattern. */
export function wildcardMatches(pattern: string, text: string): boolean {
  return compile(wildcards, pattern, () => `^${wildcardSource(pattern)}$`).test(text);
}

/**
 * A Bash rule pattern against one command's text (seed § 9.3): `*` is any sequence; `cmd *` covers `cmd` with
 * or without arguments but not `cmdx`; without `*` the command must be exactly the pattern. Claude Code's
 * `cmd:*` is read as `cmd *` (the word boundary kept: `npm run test:*` does not cover `npm run testx`).
 */
export function bashPatternMatches(pattern: string, text: string): boolean {
  return bashPatternRegex(pattern).test(trimBlanks(text));
}

/**
 * The compiled form of a Bash rule pattern, to test texts already passed through `trimBlanks` (a decision
 * keeps it with its rule rather than looking it up for every command).
 */
export function bashPatternRegex(pattern: string): RegExp {
  return compile(bashPatterns, pattern, () => {
    const trimmed = trimBlanks(pattern);
    const prefix = /[ \t\n:]\*$/.test(trimmed) ? trimBlanks(trimmed.slice(0, -2)) : undefined;
    if (prefix === undefined || prefix === "") return `^${wildcardSource(trimmed)}$`;
    return `^${wildcardSource(prefix)}(?:[ \\t\\n][\\s\\S]*)?$`;
  });
}

/**
 * Only bash's blanks are blanks here. JavaScript's `trim` and `\s` also strip a no-break space or U+2028,
 * which bash reads as part of a word: `\u00a0echo` is not `echo`.
 */
export function trimBlanks(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isBlank(text.charCodeAt(start))) start += 1;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end -= 1;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a;
}

const leading = new Map<string, string | undefined>();

/**
 * The first word a command must have for a Bash pattern to match it, or undefined when the pattern starts
 * with `*`. A quick filter: most commands are compared with no pattern at all.
 */
export function leadingWord(pattern: string): string | undefined {
  if (leading.has(pattern)) return leading.get(pattern);
  const trimmed = trimBlanks(pattern);
  const base = /[ \t\n:]\*$/.test(trimmed) ? trimBlanks(trimmed.slice(0, -2)) : trimmed;
  const first = base.split(/[ \t\n]/)[0] ?? "";
  const word = first === "" || first.includes("*") ? undefined : first;
  if (leading.size >= CACHE_LIMIT) leading.clear();
  leading.set(pattern, word);
  return word;
}

/** The literal words of a pattern (quotes stripped, words holding `*` left out), to see which programs it names. */
export function patternWords(pattern: string): Set<string> {
  const words = new Set<string>();
  for (const piece of pattern.split(/[ \t\n]+/)) {
    if (piece === "" || piece.includes("*")) continue;
    words.add(piece.replace(/^['"]+|['"]+$/g, ""));
  }
  return words;
}
