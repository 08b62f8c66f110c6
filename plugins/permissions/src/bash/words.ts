import type { SyntaxNode } from "./parser.ts";

/**
 * What bash makes of one word of a command, as far as can be known without running anything.
 * `value` is the word after quote removal when it is a literal (`'r'm`, `\rm`, `"rm"` and `$'\x72m'` are all
 * `rm`); it is undefined when the word holds an expansion whose result depends on the run (`$x`, `$(…)`).
 * `expands` flags a literal that bash would still rewrite: pathname expansion (`*.ts`), braces (`{a,b}`),
 * a leading tilde (`~/x`).
 */
export interface Word {
  raw: string;
  value: string | undefined;
  expands: boolean;
  /** The unquoted, unescaped characters, others replaced by `x`: what bash's expansions look at. */
  skeleton: string;
}

const DYNAMIC = Symbol("dynamic");
type Piece = { text: string; skeleton: string } | typeof DYNAMIC;

/** Evaluates a word-like node (word, string, raw_string, ansi_c_string, concatenation, number…). */
export function wordOf(node: SyntaxNode, source: string): Word {
  const raw = source.slice(node.start, node.end);
  const piece = evaluate(node, source, raw);
  if (piece === DYNAMIC) return { raw, value: undefined, expands: true, skeleton: "" };
  return { raw, value: piece.text, expands: expandsBash(piece.skeleton), skeleton: piece.skeleton };
}

/** Unquoted glob characters, a brace list or range, or a leading tilde: bash rewrites the word. */
function expandsBash(skeleton: string): boolean {
  return /[*?[]/.test(skeleton) || /\{[^{}]*(,|\.\.)[^{}]*\}/.test(skeleton) || skeleton.startsWith("~");
}

/** Node types whose text is an unquoted word. */
const UNQUOTED = new Set(["word", "number", "variable_name", "test_operator", "regex", "file_descriptor"]);

/** `text` is the node's text when the caller already cut it; else it is cut only where it is read. */
function evaluate(node: SyntaxNode, source: string, text?: string): Piece {
  if (UNQUOTED.has(node.type)) return unquotedWord(text ?? source.slice(node.start, node.end));
  switch (node.type) {
    case "command_name": {
      const [inner] = node.children;
      return inner ? evaluate(inner, source) : DYNAMIC;
    }
    case "$":
      // A lone `$` that starts no expansion is a literal dollar sign.
      return { text: "$", skeleton: "$" };
    case "raw_string":
      return quoted(source.slice(node.start, node.end).slice(1, -1));
    case "ansi_c_string":
      return quoted(decodeAnsiC(source.slice(node.start, node.end).slice(2, -1)));
    case "string":
      return doubleQuoted(node, source);
    case "concatenation": {
      let out = "";
      let skeleton = "";
      for (const child of node.children) {
        const part = evaluate(child, source);
        if (part === DYNAMIC) return DYNAMIC;
        out += part.text;
        skeleton += part.skeleton;
      }
      return { text: out, skeleton };
    }
    default:
      // An operator token (`]`, `==`, `!`) is itself; any other rule (an expansion) depends on the run.
      return node.named ? DYNAMIC : unquotedWord(source.slice(node.start, node.end));
  }
}

function quoted(text: string): Piece {
  return { text, skeleton: "x".repeat(text.length) };
}

/** An unquoted word: `\c` is `c`, backslash-newline disappears (a line continuation). */
export function unquotedWord(text: string): Piece {
  // Most words hold no backslash: they are their own value and skeleton.
  if (!text.includes("\\")) return { text, skeleton: text };
  let out = "";
  let skeleton = "";
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i] ?? "";
    if (c === "\\") {
      const next = text[i + 1];
      i += 1;
      if (next === undefined || next === "\n") continue;
      out += next;
      skeleton += "x";
      continue;
    }
    out += c;
    skeleton += c;
  }
  return { text: out, skeleton };
}

/**
 * `"…"`: only `\$ \` \" \\` and backslash-newline are escapes; any expansion makes the word dynamic. The text
 * between the children counts too: tree-sitter leaves some of the literal text (a leading newline) untokenized.
 */
function doubleQuoted(node: SyntaxNode, source: string): Piece {
  if (source[node.start] !== '"' || source[node.end - 1] !== '"' || node.end - node.start < 2) return DYNAMIC;
  // The closing quote token may start before the `"` (it swallows blanks), so the text is cut by offsets.
  const end = node.end - 1;
  let literal = "";
  let position = node.start + 1;
  for (const child of node.children) {
    if (child.type === '"' || child.end <= position || child.start >= end) continue;
    literal += source.slice(position, child.start);
    if (child.type === "string_content") literal += source.slice(child.start, child.end);
    else if (child.type === "$") literal += "$";
    else return DYNAMIC;
    position = child.end;
  }
  literal += source.slice(position, end);
  return quoted(unescapeDoubleQuoted(literal));
}

export function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_whole, c: string) => (c === "\n" ? "" : c));
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: "\x07",
  b: "\b",
  e: "\x1b",
  E: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

/** The body of `$'…'` as bash decodes it; bash's C strings stop at a NUL, so does the result. */
export function decodeAnsiC(body: string): string {
  let out = "";
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i] ?? "";
    if (c !== "\\" || i + 1 >= body.length) {
      out += c;
      continue;
    }
    const e = body[i + 1] ?? "";
    i += 1;
    const simple = SIMPLE_ESCAPES[e];
    if (simple !== undefined) {
      out += simple;
    } else if (/[0-7]/.test(e)) {
      const digits = /^[0-7]{1,3}/.exec(body.slice(i))?.[0] ?? e;
      out += String.fromCharCode(parseInt(digits, 8) & 0xff);
      i += digits.length - 1;
    } else if (e === "x" || e === "u" || e === "U") {
      const max = e === "x" ? 2 : e === "u" ? 4 : 8;
      const digits = new RegExp(`^[0-9a-fA-F]{1,${max}}`).exec(body.slice(i + 1))?.[0];
      if (digits === undefined) {
        out += `\\${e}`;
        continue;
      }
      const code = parseInt(digits, 16);
      out += code <= 0x10ffff ? String.fromCodePoint(code) : "";
      i += digits.length;
    } else if (e === "c" && i + 1 < body.length) {
      const target = body[i + 1] ?? "";
      out += target === "?" ? "\x7f" : String.fromCharCode(target.toUpperCase().charCodeAt(0) & 0x1f);
      i += 1;
    } else {
      out += `\\${e}`;
    }
  }
  const nul = out.indexOf("\0");
  return nul === -1 ? out : out.slice(0, nul);
}

/** A literal word written back the way a user would type it: bare when safe, else single-quoted. */
export function shellQuote(value: string): string {
  if (value !== "" && /^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  // The test brackets are words of their own that never glob.
  if (value === "[" || value === "]" || value === "[[" || value === "]]") return value;
  return `'${value.replace(/'/g, "'\\''")}'`;
}

/** The word as used in a command's canonical text: the literal quoted back, or the source as written. */
export function canonicalWord(word: Word): string {
  return word.value !== undefined && !word.expands ? shellQuote(word.value) : word.raw;
}
