import { isMap, isNode, isScalar, LineCounter, parseDocument } from "yaml";

/**
 * The YAML header of an AGENT.md (seed § 20.1): between a first line `---` and the next `---`. Parsed by the
 * `yaml` package (comments, lists, the nested `permissions` table); this file finds the header's bounds and
 * keeps, for each top-level key, the line of the file it is on, so that a problem names its line. Never throws.
 */
export interface HeaderEntry {
  /** The key as written (case kept, for messages). */
  key: string;
  value: unknown;
  /** Line of the key in the file (1-based). */
  line: number;
}

export type HeaderResult =
  | { ok: true; entries: HeaderEntry[]; body: string; bodyLine: number }
  | { ok: false; problem: HeaderProblem; line: number };

export type HeaderProblem =
  | { kind: "missing" }
  | { kind: "unclosed" }
  | { kind: "yaml"; detail: string }
  | { kind: "notMapping" };

const isFence = (line: string) => /^---[ \t]*\r?$/.test(line);

/** A bound on aliases: a "billion laughs" header is a problem to report, not a frozen MAIA. */
const MAX_ALIASES = 100;

export function parseHeader(source: string): HeaderResult {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const lines = text.split("\n");
  if (!isFence(lines[0] ?? "")) return { ok: false, problem: { kind: "missing" }, line: 1 };
  const close = lines.findIndex((line, index) => index > 0 && isFence(line));
  if (close === -1) return { ok: false, problem: { kind: "unclosed" }, line: 1 };
  const header = lines.slice(1, close).map((line) => line.replace(/\r$/, "")).join("\n");
  const body = lines.slice(close + 1).join("\n");
  const bodyLine = close + 2;

  const lineCounter = new LineCounter();
  const document = parseDocument(header, { uniqueKeys: true, lineCounter });
  const error = document.errors[0];
  // The header starts on the file's second line.
  if (error) return { ok: false, problem: { kind: "yaml", detail: firstLine(error.message) }, line: (error.linePos?.[0].line ?? 1) + 1 };
  const contents = document.contents;
  if (contents === null || (isScalar(contents) && (contents.value === null || contents.value === ""))) {
    return { ok: true, entries: [], body, bodyLine };
  }
  if (!isMap(contents)) return { ok: false, problem: { kind: "notMapping" }, line: 2 };
  const entries: HeaderEntry[] = [];
  for (const pair of contents.items) {
    const keyNode = pair.key;
    const key = isScalar(keyNode) ? String(keyNode.value) : String(keyNode);
    const offset = isScalar(keyNode) && keyNode.range ? keyNode.range[0] : 0;
    let value: unknown;
    try {
      const node = pair.value;
      value = isNode(node) ? (node.toJS(document, { maxAliasCount: MAX_ALIASES }) as unknown) : (node ?? null);
    } catch (failure) {
      return { ok: false, problem: { kind: "yaml", detail: firstLine(failure instanceof Error ? failure.message : String(failure)) }, line: lineCounter.linePos(offset).line + 1 };
    }
    entries.push({ key, value, line: lineCounter.linePos(offset).line + 1 });
  }
  return { ok: true, entries, body, bodyLine };
}

/** The library's sentence without its position and code frame: the caller says the line of the file. */
function firstLine(message: string): string {
  return (message.split("\n")[0] ?? message).replace(/ at line \d+, column \d+:?\s*$/, "").trim();
}
