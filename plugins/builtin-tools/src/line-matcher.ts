import { lazyBuiltin } from "@maia/util";
import { requiredLiteral } from "./regex-literal.ts";

/** Reports a matching line by its bounds in the text (end excludes the line break and a `\r` before it). */
export type OnLine = (start: number, end: number) => boolean | void;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

let protectedEngine = false;

/**
 * Backtracks one regex execution may make before V8 switches it to its linear-time engine. V8's default
 * (50,000) is too low for Grep: an ordinary pattern such as `[A-Z][a-z]+Exception\(` over a 1.4 MB minified
 * line crosses it and then runs 15× slower (measured on the benchmark tree); a runaway pattern reaches a
 * million backtracks in about 4 ms.
 */
const BACKTRACKS_BEFORE_FALLBACK = 1_000_000;

const v8 = lazyBuiltin<typeof import("node:v8")>("node:v8");

/**
 * A pattern such as `(a*)*b` makes V8's backtracking engine run for hours on a few dozen characters, and a
 * regex that runs never yields: MAIA would hang, deaf to Ctrl+C. These V8 options (process-wide, harmless for
 * well-behaved patterns) switch a regex execution that backtracks excessively to V8's linear-time engine,
 * with the same results; patterns that engine cannot run (back-references, lookarounds) keep the old
 * behaviour. Set once, before the first Grep regex is compiled.
 */
function protectAgainstRunawayRegex(): void {
  if (protectedEngine) return;
  protectedEngine = true;
  v8().setFlagsFromString("--enable-experimental-regexp-engine-on-excessive-backtracks");
  v8().setFlagsFromString(`--regexp-backtracks-before-fallback=${BACKTRACKS_BEFORE_FALLBACK}`);
}

/**
 * Grep's matching, line by line in meaning (seed § 8: a JavaScript regex tried on each line, like grep), but
 * not in cost: the regex runs once over the whole text with the `m` flag to find candidate positions, and only
 * the lines holding a candidate are tried alone. Every line match is also a match of the whole-text scan, so
 * the candidates can only be too many, never too few, and the per-line check removes the extra ones (a match
 * spanning a line break, `^` after a lone `\r`). Negative lookarounds could see past a line's end and hide a
 * real match from the whole-text scan: patterns that have them are tried line by line. And when the
 * pattern requires a piece of plain text, only the lines holding it are tried.
 */
export class LineMatcher {
  readonly #scan: RegExp;
  readonly #line: RegExp;
  readonly #perLine: boolean;
  /** UTF-8 bytes every matching file must contain (case-sensitive searches only), or undefined. */
  readonly literal: Buffer | undefined;
  /** The same text as a string: only the lines holding it need the regex. */
  readonly #literalText: string | undefined;

  /** Throws the engine's SyntaxError for an invalid pattern. */
  constructor(pattern: string, ignoreCase: boolean) {
    protectAgainstRunawayRegex();
    const flags = ignoreCase ? "i" : "";
    this.#line = new RegExp(pattern, flags);
    this.#scan = new RegExp(pattern, `${flags}gm`);
    this.#perLine = /\(\?<?!/.test(pattern);
    const literal = ignoreCase ? undefined : requiredLiteral(pattern);
    const usable = literal !== undefined && !LONE_SURROGATE.test(literal) && !literal.includes("\uFFFD");
    this.literal = usable ? Buffer.from(literal, "utf8") : undefined;
    this.#literalText = usable ? literal : undefined;
  }

  /** Calls `onLine` for each matching line, in order, until it returns false. */
  forEachLine(text: string, onLine: OnLine): void {
    if (this.#literalText !== undefined) this.#eachLineWithLiteral(text, this.#literalText, onLine);
    else if (this.#perLine) this.#eachLineAlone(text, onLine);
    else this.#eachCandidate(text, onLine);
  }

  /** True when at least one line matches. */
  matches(text: string): boolean {
    let found = false;
    this.forEachLine(text, () => {
      found = true;
      return false;
    });
    return found;
  }

  #eachCandidate(text: string, onLine: OnLine): void {
    const scan = this.#scan;
    const length = text.length;
    scan.lastIndex = 0;
    for (;;) {
      const match = scan.exec(text);
      if (match === null) return;
      const at = match.index;
      // A zero-length match after the final line break is not on any line.
      if (at >= length && (length === 0 || text.charCodeAt(length - 1) === 10)) return;
      const start = at === 0 ? 0 : text.lastIndexOf("\n", at - 1) + 1;
      let next = text.indexOf("\n", start);
      if (next === -1) next = length;
      const end = next > start && text.charCodeAt(next - 1) === 13 ? next - 1 : next;
      if (this.#line.test(text.slice(start, end)) && onLine(start, end) === false) return;
      if (next >= length) return;
      scan.lastIndex = next + 1;
    }
  }

  /**
   * When every match needs a piece of plain text, a line without it cannot match: `indexOf` (a fast string
   * search) finds the lines that have it, and only those are tried. Much faster than scanning the whole
   * text with a regex that starts with a class (`[A-Z][a-z]+Exception`), which V8 tries at every position.
   */
  #eachLineWithLiteral(text: string, literal: string, onLine: OnLine): void {
    const length = text.length;
    for (let at = text.indexOf(literal); at !== -1; ) {
      const start = at === 0 ? 0 : text.lastIndexOf("\n", at - 1) + 1;
      let next = text.indexOf("\n", at);
      if (next === -1) next = length;
      const end = next > start && text.charCodeAt(next - 1) === 13 ? next - 1 : next;
      if (this.#line.test(text.slice(start, end)) && onLine(start, end) === false) return;
      if (next >= length) return;
      at = text.indexOf(literal, next + 1);
    }
  }

  #eachLineAlone(text: string, onLine: OnLine): void {
    const length = text.length;
    let start = 0;
    while (start < length) {
      let next = text.indexOf("\n", start);
      if (next === -1) next = length;
      const end = next > start && text.charCodeAt(next - 1) === 13 ? next - 1 : next;
      if (this.#line.test(text.slice(start, end)) && onLine(start, end) === false) return;
      start = next + 1;
    }
  }
}
