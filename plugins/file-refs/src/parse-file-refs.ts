/**
 * Finds the `@` references of a user's input (seed § 11.4): `@path`, `@ path`, `@'path with spaces'` (where
 * `\'` is a literal quote), `@~/…`, `@/absolute/path`. Parsing says nothing about the disk: whether a reference
 * names a file is decided later, and one that names none stays plain text.
 *
 * An `@` opens a reference only at the start of the input or after a space or an opening mark, so that
 * `jean@exemple.fr` or `user@host:path` never do. An unquoted reference runs to the next whitespace; since
 * people end sentences after it ("see @README.md."), `alternatives` also offers it without trailing
 * punctuation, tried when the full text names nothing.
 */
export interface FileReference {
  /** Offsets of the reference in the input, `@` included. */
  start: number;
  end: number;
  /** The path as written (quotes and escapes removed). */
  path: string;
  /** Paths to try in order: `path`, then without trailing punctuation when that differs. */
  alternatives: string[];
  quoted: boolean;
}

export interface UnclosedReference {
  /** Offset of the `@` whose quote never closes. */
  start: number;
  line: number;
  column: number;
}

export interface ParsedReferences {
  references: FileReference[];
  unclosed: UnclosedReference[];
}

/** What may come right before an `@` that opens a reference. */
const OPENERS = new Set(["(", "[", "{", "<", '"', "'", "`", ",", ";"]);
/** What a sentence may put right after a reference. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>"'`]+$/;

function isSpace(char: string | undefined): boolean {
  return char !== undefined && /\s/.test(char);
}

function opensReference(text: string, at: number): boolean {
  if (at === 0) return true;
  const before = text[at - 1] as string;
  return isSpace(before) || OPENERS.has(before);
}

export function parseFileReferences(text: string): ParsedReferences {
  const references: FileReference[] = [];
  const unclosed: UnclosedReference[] = [];
  for (let at = text.indexOf("@"); at !== -1; at = text.indexOf("@", at + 1)) {
    if (!opensReference(text, at)) continue;
    let index = at + 1;
    // `@ path`: spaces (not line breaks) between the `@` and the path.
    while (text[index] === " " || text[index] === "\t") index += 1;
    const first = text[index];
    if (first === undefined || isSpace(first) || first === "@") continue;

    if (first === "'") {
      const quoted = readQuoted(text, index + 1);
      if (!quoted) {
        unclosed.push({ start: at, ...lineAndColumn(text, at) });
        continue;
      }
      if (quoted.path !== "") references.push({ start: at, end: quoted.end, path: quoted.path, alternatives: [quoted.path], quoted: true });
      at = quoted.end - 1;
      continue;
    }

    let end = index;
    while (end < text.length && !isSpace(text[end])) end += 1;
    const path = text.slice(index, end);
    const stripped = path.replace(TRAILING_PUNCTUATION, "");
    const alternatives = stripped !== "" && stripped !== path ? [path, stripped] : [path];
    references.push({ start: at, end, path, alternatives, quoted: false });
    at = end - 1;
  }
  return { references, unclosed };
}

/** The text up to the closing quote (`\'` kept as a quote), or undefined when the quote never closes. */
function readQuoted(text: string, from: number): { path: string; end: number } | undefined {
  let path = "";
  for (let index = from; index < text.length; index += 1) {
    const char = text[index] as string;
    if (char === "\\" && text[index + 1] === "'") {
      path += "'";
      index += 1;
    } else if (char === "'") {
      return { path, end: index + 1 };
    } else {
      path += char;
    }
  }
  return undefined;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - before.lastIndexOf("\n") };
}

/**
 * Whether a reference that names nothing deserves a warning (seed § 11.4: only when it looks like a path):
 * quoted, or holding a `/`, starting with `~`, or ending with an extension (`.ts`, `.env`, not `v1.2`). Pasted
 * code (`@app.route("/x")`, `@Input() name`) holds characters paths rarely do: no warning for it.
 */
export function looksLikePath(reference: FileReference): boolean {
  if (reference.quoted) return true;
  const path = reference.alternatives.at(-1) ?? reference.path;
  if (/[()[\]{}<>"'`=;$*?|&\\]/.test(path)) return false;
  // `@server:scheme://…` is an MCP resource (the mcp plugin attaches it), not a missing file.
  if (/^[A-Za-z0-9_-]+:[A-Za-z][A-Za-z0-9+.-]*:/.test(path)) return false;
  return path.includes("/") || path.startsWith("~") || /\.\w*[A-Za-z]\w*$/.test(path);
}

/** The quoted form of a path, as `parseFileReferences` reads it back. */
export function quoteReference(path: string): string {
  return `@'${path.replaceAll("'", "\\'")}'`;
}
