/**
 * The `run` line of a custom tool (seed § 10.3), split into words once, when the definition is loaded — never
 * by a shell. A word is a sequence of literal text and `{{parameter}}` placeholders; at call time each word
 * becomes exactly one argument, whatever the model's values contain (`; rm -rf /`, `$(cmd)`, quotes, newlines).
 *
 * Splitting rules: blanks separate words; `'…'` is literal; `"…"` is literal except `\"` and `\\`; outside
 * quotes a backslash escapes a blank, a quote or a backslash and is kept otherwise (so `C:\tools` survives);
 * `''` is an empty argument. Placeholders are recognised everywhere, quotes included.
 */

export type Segment = { kind: "text"; text: string } | { kind: "param"; name: string };
export type Word = Segment[];

export type SplitResult =
  | { ok: true; words: Word[] }
  | { ok: false; problem: "unclosedQuote"; quote: "'" | '"'; column: number };

const BLANK = /[ \t\r\n]/;
/** `{{name}}`, spaces inside the braces allowed; the name is checked against the declared parameters later. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/y;

export function splitCommandLine(line: string): SplitResult {
  const words: Word[] = [];
  let segments: Segment[] = [];
  let text = "";
  // A word exists once a non-blank character (or an empty pair of quotes) has been seen.
  let started = false;
  let quote: { char: "'" | '"'; column: number } | undefined;
  const endText = () => {
    if (text !== "") segments.push({ kind: "text", text });
    text = "";
  };
  const endWord = () => {
    endText();
    if (started) words.push(segments.length > 0 ? segments : [{ kind: "text", text: "" }]);
    segments = [];
    started = false;
  };
  for (let index = 0; index < line.length; index += 1) {
    const char = line[index] as string;
    PLACEHOLDER.lastIndex = index;
    const placeholder = char === "{" ? PLACEHOLDER.exec(line) : null;
    if (placeholder) {
      started = true;
      endText();
      segments.push({ kind: "param", name: placeholder[1] ?? "" });
      index += placeholder[0].length - 1;
      continue;
    }
    const next = line[index + 1];
    if (quote) {
      if (char === quote.char) quote = undefined;
      else if (quote.char === '"' && char === "\\" && (next === '"' || next === "\\")) {
        text += next;
        index += 1;
      } else text += char;
      continue;
    }
    if (BLANK.test(char)) {
      endWord();
      continue;
    }
    started = true;
    if (char === "'" || char === '"') {
      quote = { char, column: index + 1 };
      continue;
    }
    if (char === "\\" && next !== undefined && (BLANK.test(next) || next === "'" || next === '"' || next === "\\")) {
      text += next;
      index += 1;
      continue;
    }
    text += char;
  }
  if (quote) return { ok: false, problem: "unclosedQuote", quote: quote.char, column: quote.column };
  endWord();
  return { ok: true, words };
}

/** The placeholder names a word list uses, in order of first use. */
export function placeholdersOf(words: readonly Word[]): string[] {
  const names: string[] = [];
  for (const word of words) {
    for (const segment of word) if (segment.kind === "param" && !names.includes(segment.name)) names.push(segment.name);
  }
  return names;
}

/** One argument per word: placeholders replaced by their values, verbatim. */
export function expandWords(words: readonly Word[], values: Readonly<Record<string, string>>): string[] {
  return words.map((word) =>
    word.map((segment) => (segment.kind === "text" ? segment.text : (values[segment.name] ?? ""))).join(""),
  );
}
