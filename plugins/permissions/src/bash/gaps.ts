import type { Finding } from "./analysis.ts";
import type { SyntaxNode } from "./parser.ts";

/**
 * The parser's view must be bash's view. tree-sitter skips a carriage return, a form feed or a vertical tab
 * as blanks and stops silently at a NUL, where bash sees ordinary characters; it also splits `r\<newline>m`
 * in two where bash joins it into `rm`. Checking the text between tokens catches every such disagreement:
 * between two tokens bash only allows spaces, tabs and newlines (and line continuations beside them).
 */

/** Nodes whose text tree-sitter does not fully cover with tokens: literal text, checked as a whole. */
const LITERAL_REGIONS = new Set(["string", "heredoc_body", "raw_string", "ansi_c_string", "comment", "heredoc_content"]);

/** Word-level nodes: two of them side by side with nothing between are one word for bash. */
const WORD_LIKE = new Set([
  "word",
  "string",
  "raw_string",
  "ansi_c_string",
  "concatenation",
  "number",
  "simple_expansion",
  "expansion",
  "command_substitution",
  "process_substitution",
  "arithmetic_expansion",
  "brace_expression",
  "translated_string",
  "command_name",
  "variable_assignment",
  "variable_name",
  "$",
]);

const COMMAND_LIKE = new Set(["command", "declaration_command", "unset_command"]);

/**
 * Inside these, a newline ends the command for bash, whatever tree-sitter thinks: it reads `echo \n\\\nls`
 * as `echo ls`, where bash runs `echo`, then `ls`.
 */
const SINGLE_LINE = new Set([...COMMAND_LIKE, "file_redirect", "variable_assignment", "concatenation", "command_name"]);

/** A part of a command for a message: blanks folded, shortened. */
export function excerpt(text: string, limit = 80): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > limit ? `${flat.slice(0, limit - 1)}…` : flat;
}

function show(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** Checks the text between the children of one node; `isRoot` also checks up to the end of the text. */
export function checkGaps(node: SyntaxNode, source: string, findings: Finding[], isRoot: boolean): void {
  if (LITERAL_REGIONS.has(node.type) || (node.children.length === 0 && !isRoot)) return;
  let previous = isRoot ? 0 : node.start;
  let previousNode: SyntaxNode | undefined;
  const wordLevel = COMMAND_LIKE.has(node.type);
  const singleLine = SINGLE_LINE.has(node.type);
  for (const child of node.children) {
    if (child.start >= previous) {
      if (child.start > previous) checkGap(source, previous, child.start, singleLine, findings);
      else if (wordLevel && previousNode && WORD_LIKE.has(previousNode.type) && WORD_LIKE.has(child.type)) {
        findings.push({ code: "joined-words", text: source.slice(previousNode.start, child.end) });
      }
    }
    previous = Math.max(previous, child.end);
    previousNode = child;
  }
  const end = isRoot ? source.length : node.end;
  if (end > previous) checkGap(source, previous, end, singleLine, findings);
}

/** Scans one gap in place (no copies: this runs for every node of every command). */
function checkGap(source: string, from: number, to: number, singleLine: boolean, findings: Finding[]): void {
  let blank = false;
  for (let i = from; i < to; i += 1) {
    const c = source[i];
    if (c === "\\" && source[i + 1] === "\n" && i + 1 < to) {
      i += 1;
      continue;
    }
    if (c === " " || c === "\t") {
      blank = true;
    } else if (c === "\n") {
      blank = true;
      if (singleLine) {
        findings.push({ code: "separator", text: "\\n" });
        return;
      }
    } else {
      findings.push({ code: c === "\0" ? "nul" : "separator", text: show(c ?? "") });
      return;
    }
  }
  if (!blank) findings.push({ code: "joined-words", text: show(source.slice(from, to)) });
}

/**
 * A here-document must end with its own delimiter, and in an unquoted one every `$(`, `${`, `$[` and backtick
 * must have been read as an expansion: tree-sitter sometimes ends the body early or misses a substitution
 * in it, where bash reads the body to the delimiter (or to the end of the text) and runs the substitution.
 */
export function checkHeredoc(node: SyntaxNode, source: string, findings: Finding[]): void {
  const start = node.children.find((child) => child.type === "heredoc_start");
  const end = node.children.find((child) => child.type === "heredoc_end");
  const body = node.children.find((child) => child.type === "heredoc_body");
  const opening = start ? source.slice(start.start, start.end) : "";
  const delimiter = opening.replace(/["'\\]/g, "");
  const closing = end ? source.slice(end.start, end.end).replace(/^\t+/, "") : undefined;
  if (!start || closing !== delimiter) {
    findings.push({ code: "parse-error", text: excerpt(source.slice(node.start, node.end)) });
    return;
  }
  if (!body || /["'\\]/.test(opening)) return;
  const text = source.slice(body.start, body.end);
  const starts = new Set(body.children.map((child) => child.start - body.start));
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === "\\") {
      i += 1;
    } else if ((c === "`" || (c === "$" && "({[".includes(text[i + 1] ?? ""))) && !starts.has(i)) {
      findings.push({ code: "parse-error", text: excerpt(text.slice(i, i + 40)) });
      return;
    }
  }
}

/**
 * An unquoted word never holds an unescaped blank or metacharacter for bash; tree-sitter sometimes glues a
 * newline to the next word (`echo \n\\\``), where bash ends the command. Such a word means the views differ.
 */
export function checkUnquotedWord(node: SyntaxNode, source: string, findings: Finding[]): void {
  // Read in place, by character code: this runs for every word of every command.
  for (let i = node.start; i < node.end; i += 1) {
    const code = source.charCodeAt(i);
    if (code === BACKSLASH) {
      i += 1;
      continue;
    }
    if (SEPARATORS.has(code)) {
      findings.push({ code: "separator", text: JSON.stringify(source[i]).slice(1, -1) });
      return;
    }
  }
}

const BACKSLASH = 0x5c;
// A carriage return is part of the word for bash (see parser-view.ts), but a terminal shows the text after it
// over the text before: a word holding one is never allowed without a question.
const SEPARATORS = new Set([..." \t\n\r;&|<>()"].map((c) => c.charCodeAt(0)));
