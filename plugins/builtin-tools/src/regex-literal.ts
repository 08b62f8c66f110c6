/**
 * The longest piece of plain text that every match of a regular expression must contain, for Grep's
 * prefilter: a file whose bytes do not contain it cannot match, and `Buffer.indexOf` (memchr speed) says so
 * without decoding the file or running the regex. Reads the source the way `new RegExp(source)` does without
 * the `u` flag. Being conservative is always allowed: any construct not understood ends the current run, and
 * a top-level alternation means "no literal". Returns undefined when nothing is required.
 */
export function requiredLiteral(source: string): string | undefined {
  let best = "";
  let run = "";
  const flush = () => {
    if (run.length > best.length) best = run;
    run = "";
  };
  let index = 0;
  while (index < source.length) {
    const atom = readAtom(source, index);
    if (atom === undefined) return undefined;
    if (atom.alternation) return undefined;
    index = atom.end;
    const quantifier = readQuantifier(source, index);
    if (quantifier) index = quantifier.end;
    if (atom.literal === undefined) {
      flush();
      continue;
    }
    if (!quantifier) {
      run += atom.literal;
    } else if (quantifier.min >= 1) {
      // Required at least once, but what follows is not adjacent to this first copy.
      run += atom.literal;
      flush();
    } else {
      flush();
    }
  }
  flush();
  return best === "" ? undefined : best;
}

interface Atom {
  end: number;
  /** The one character this atom matches, when it is a plain character. */
  literal?: string;
  alternation?: true;
}

const SYNTAX = new Set(["^", "$", "."]);

function readAtom(source: string, index: number): Atom | undefined {
  const char = source[index] as string;
  if (char === "|") return { end: index + 1, alternation: true };
  if (char === "(") {
    const end = skipGroup(source, index);
    return end === undefined ? undefined : { end };
  }
  if (char === ")") return undefined;
  if (char === "[") {
    const end = skipClass(source, index);
    return end === undefined ? undefined : { end };
  }
  if (char === "\\") return readEscape(source, index);
  if (SYNTAX.has(char)) return { end: index + 1 };
  if (char === "*" || char === "+" || char === "?") return undefined; // A quantifier with nothing before it.
  if (char === "{" && readQuantifier(source, index)) return undefined;
  return { end: index + 1, literal: char };
}

function readEscape(source: string, index: number): Atom | undefined {
  const next = source[index + 1];
  if (next === undefined) return undefined;
  if (!/[A-Za-z0-9]/.test(next)) return { end: index + 2, literal: next };
  // Letter and digit escapes are classes, assertions, back-references or encoded characters: not taken as
  // text, but their payload must be skipped so that it is not read as text either.
  let end = index + 2;
  if (next === "x" && /^[0-9A-Fa-f]{2}/.test(source.slice(end))) end += 2;
  else if (next === "u" && /^[0-9A-Fa-f]{4}/.test(source.slice(end))) end += 4;
  else if (next === "c" && /^[A-Za-z]/.test(source.slice(end))) end += 1;
  else if (/[0-9]/.test(next)) while (end < source.length && /[0-9]/.test(source[end] as string)) end += 1;
  else if (next === "k" && source[end] === "<") {
    const close = source.indexOf(">", end);
    if (close !== -1) end = close + 1;
  }
  return { end };
}

/** Index after the `)` closing the group at `index`, or undefined when it is not closed. */
function skipGroup(source: string, index: number): number | undefined {
  let depth = 0;
  for (let at = index; at < source.length; at += 1) {
    const char = source[at];
    if (char === "\\") at += 1;
    else if (char === "[") {
      const end = skipClass(source, at);
      if (end === undefined) return undefined;
      at = end - 1;
    } else if (char === "(") depth += 1;
    else if (char === ")") {
      depth -= 1;
      if (depth === 0) return at + 1;
    }
  }
  return undefined;
}

/** Index after the `]` closing the class at `index` (in JavaScript `[]` is an empty class). */
function skipClass(source: string, index: number): number | undefined {
  for (let at = index + 1; at < source.length; at += 1) {
    const char = source[at];
    if (char === "\\") at += 1;
    else if (char === "]") return at + 1;
  }
  return undefined;
}

function readQuantifier(source: string, index: number): { end: number; min: number } | undefined {
  const char = source[index];
  let end: number;
  let min: number;
  if (char === "*" || char === "?") {
    end = index + 1;
    min = 0;
  } else if (char === "+") {
    end = index + 1;
    min = 1;
  } else if (char === "{") {
    const braces = /^\{(\d+)(,\d*)?\}/.exec(source.slice(index));
    if (!braces) return undefined;
    end = index + braces[0].length;
    min = Number(braces[1]);
  } else {
    return undefined;
  }
  if (source[end] === "?") end += 1; // Lazy.
  return { end, min };
}
