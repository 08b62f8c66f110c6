import { createRequire } from "node:module";
import type * as yamlModule from "yaml";

/**
 * The yaml package, evaluated on the first header read rather than at import: evaluating its CommonJS build cost
 * 10–45 ms of every start, most of which read no front matter (issue 22's profile of `maia -p`). The bundler turns
 * this require into a call of its lazily evaluated copy; vitest provides `require`; plain Node (type stripping:
 * the build scripts) takes createRequire.
 */
function loadYaml(): typeof yamlModule {
  return (typeof require === "function" ? require("yaml") : createRequire(import.meta.url)("yaml")) as typeof yamlModule;
}

/**
 * The YAML front matter of a definition file (SKILL.md, AGENT.md): a first line `---`, a YAML header, a line
 * `---`, then the body. The header is parsed by the `yaml` package (comments, lists, nested tables); this file
 * finds its bounds and keeps, for each top-level key, the line of the file it is on, so that a problem found by
 * the plugin's own checks names its line too. Never throws: broken input is a problem with the line to fix.
 */
export interface FrontMatterEntry {
  /** The key as written (case kept, for messages). */
  key: string;
  value: unknown;
  /** Line of the key in the file (1-based). */
  line: number;
  /** The value as written in the header (a flow list `[user prompt]` keeps its brackets), trimmed. */
  raw: string;
}

export type FrontMatter =
  | {
      ok: true;
      /** The top-level keys, in the order written. */
      entries: FrontMatterEntry[];
      /** The same keys as one object (an empty header is `{}`). */
      data: Record<string, unknown>;
      /** Everything after the closing `---` line, exactly as written. */
      body: string;
      /** Line of the file where the body starts (1-based). */
      bodyLine: number;
      /**
       * The header was not strict YAML and was read again with each `key: value` line's value taken as plain text,
       * as Claude Code does (`argument-hint: [message] | --amend`): the keys whose values were read that way.
       */
      plainValues?: string[];
    }
  | { ok: false; problem: FrontMatterProblem; line: number };

export type FrontMatterProblem =
  | { kind: "missing" }
  | { kind: "unclosed" }
  | { kind: "yaml"; detail: string }
  | { kind: "notMapping" };

// The words for each problem, in English and French: what plugins show (commands, skills, agents).
export { describeFrontMatterProblem, type FrontMatterWords } from "./front-matter-messages.ts";

const isFence = (line: string) => /^---[ \t]*\r?$/.test(line);

/** A bound on aliases: a "billion laughs" header is a problem to report, not a frozen MAIA. */
const MAX_ALIASES = 100;

export interface FrontMatterOptions {
  /**
   * When the header is not strict YAML, read it again with the value of each top-level `key: value` line taken
   * as plain text (Claude Code's own fallback, for commands and agents written for it). Off by default: MAIA's
   * own files report the YAML error.
   */
  plainValueRetry?: boolean;
}

export function readFrontMatter(source: string, options: FrontMatterOptions = {}): FrontMatter {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const lines = text.split("\n");
  if (!isFence(lines[0] ?? "")) return { ok: false, problem: { kind: "missing" }, line: 1 };
  const close = lines.findIndex((line, index) => index > 0 && isFence(line));
  if (close === -1) return { ok: false, problem: { kind: "unclosed" }, line: 1 };
  const header = lines.slice(1, close).map((line) => line.replace(/\r$/, "")).join("\n");
  const body = lines.slice(close + 1).join("\n");
  const bodyLine = close + 2;
  // The header starts on the file's second line.
  const fileLine = (headerLine: number) => headerLine + 1;
  const yamlProblem = (failure: unknown, line: number): FrontMatter => ({
    ok: false,
    problem: { kind: "yaml", detail: firstLine(failure instanceof Error ? failure.message : String(failure)) },
    line,
  });

  const { isMap, isNode, isScalar, LineCounter, parseDocument } = loadYaml();
  let lineCounter = new LineCounter();
  let headerText = header;
  let document = parseDocument(headerText, { uniqueKeys: true, lineCounter });
  const error = document.errors[0];
  let plainValues: string[] | undefined;
  if (error) {
    const retried = options.plainValueRetry ? withPlainValues(header) : undefined;
    if (retried === undefined) return yamlProblem(error, fileLine(error.linePos?.[0].line ?? 1));
    const retryCounter = new LineCounter();
    const again = parseDocument(retried.text, { uniqueKeys: true, lineCounter: retryCounter });
    if (again.errors.length > 0) return yamlProblem(error, fileLine(error.linePos?.[0].line ?? 1));
    [document, lineCounter, headerText, plainValues] = [again, retryCounter, retried.text, retried.keys];
  }
  const contents = document.contents;
  if (contents === null || (isScalar(contents) && (contents.value === null || contents.value === ""))) {
    return { ok: true, entries: [], data: {}, body, bodyLine };
  }
  if (!isMap(contents)) return { ok: false, problem: { kind: "notMapping" }, line: 2 };
  const entries: FrontMatterEntry[] = [];
  for (const pair of contents.items) {
    const keyNode = pair.key;
    const key = isScalar(keyNode) ? String(keyNode.value) : String(keyNode);
    const line = fileLine(lineCounter.linePos(isNode(keyNode) && keyNode.range ? keyNode.range[0] : 0).line);
    const valueNode = pair.value;
    const raw = isNode(valueNode) && valueNode.range ? headerText.slice(valueNode.range[0], valueNode.range[1]).trim() : "";
    let value: unknown;
    try {
      const node = pair.value;
      value = isNode(node) ? (node.toJS(document, { maxAliasCount: MAX_ALIASES }) as unknown) : (node ?? null);
    } catch (failure) {
      return yamlProblem(failure, line);
    }
    entries.push({ key, value, line, raw });
  }
  // Object.fromEntries defines own properties: a key named "__proto__" is data, never the prototype.
  const data = Object.fromEntries(entries.map((entry) => [entry.key, entry.value]));
  return { ok: true, entries, data, body, bodyLine, ...(plainValues ? { plainValues } : {}) };
}

/**
 * The header with the value of each top-level `key: value` line written as a single-quoted YAML string (the
 * text as it is), lines that are not of that shape unchanged; undefined when no line changed. Quoted values,
 * block scalars (`|`, `>`) and empty values stay as written, so that nested lists under a key still parse.
 */
function withPlainValues(header: string): { text: string; keys: string[] } | undefined {
  const keys: string[] = [];
  const lines = header.split("\n").map((line) => {
    const match = /^([A-Za-z0-9_.-]+):[ \t]+(\S.*?)[ \t]*$/.exec(line);
    if (!match) return line;
    const [, key, value] = match as unknown as [string, string, string];
    if (/^(['"|>]|#)/.test(value)) return line;
    keys.push(key);
    return `${key}: '${value.replace(/'/g, "''")}'`;
  });
  return keys.length > 0 ? { text: lines.join("\n"), keys } : undefined;
}

/** The library's sentence without its position and code frame: the caller says the line of the file. */
function firstLine(message: string): string {
  return (message.split("\n")[0] ?? message).replace(/ at line \d+, column \d+:?\s*$/, "").trim();
}
