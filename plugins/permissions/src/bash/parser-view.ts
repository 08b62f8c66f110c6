import { parseWith, type ParsedBash, type SyntaxNode } from "./parser.ts";
import type { Parser as TreeSitterParser } from "web-tree-sitter";

/**
 * The text tree-sitter parses, made to read as bash reads it; offsets are unchanged (one UTF-16 unit for one),
 * so every word is still read from the command as given.
 *
 * - A carriage return is an ordinary character for bash, part of the word it touches (`rm\r` is a command named
 *   "rm\r"; `\r#` starts no comment). tree-sitter skips it as a blank, which hides commands (`echo x \r# c; rm y`
 *   looks like one echo) and invents others (`x=1\rrm y` looks like it runs rm; bash runs y). Each CR is parsed
 *   as a private-use character, which tree-sitter reads as a word character, as bash does.
 * - A here-document ends only on a line that is exactly its delimiter. tree-sitter also ends it on a line that
 *   holds the delimiter with more around it (`EOF  `, `EOF\r`, ` EOF`) and reads what follows as commands. Such a line is parsed with
 *   its first character masked (it is body text either way), and the text parsed again, until every
 *   here-document ends where bash ends it.
 */
export function parseAsBash(parser: TreeSitterParser, source: string): ParsedBash {
  let text = source.includes("\r") ? source.replace(/\r/g, CR_STAND_IN) : source;
  let parsed = parseWith(parser, text);
  for (let pass = 0; pass < MAX_HEREDOC_PASSES && text.includes("<<"); pass += 1) {
    const early = earlyHeredocEnds(parsed.root, text);
    if (early.length === 0) break;
    text = mask(text, early);
    parsed = parseWith(parser, text);
  }
  return parsed;
}

/** U+E00D, in a private-use area: no command means anything by it. */
const CR_STAND_IN = "\ue00d";
const BLANK_STAND_IN = "\ue020";
/** Each pass moves at least one here-document's end one line down; a bound on hostile input all the same. */
const MAX_HEREDOC_PASSES = 64;

/** The first character of each here-document end that is not alone on its line: [start, end) offsets. */
function earlyHeredocEnds(root: SyntaxNode, text: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  // Iterative: a syntax tree may be deep (the analysis bounds its own walk, this one must not overflow first).
  const stack: SyntaxNode[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === "heredoc_redirect") {
      const end = node.children.find((child) => child.type === "heredoc_end");
      // `<<-` strips leading tabs, and only tabs, from the body's lines and the delimiter's.
      const strip = node.children.some((child) => child.type === "<<-");
      if (end && end.end > end.start && !aloneOnItsLine(text, end, strip)) found.push([end.start, end.start + 1]);
    }
    for (const child of node.children) stack.push(child);
  }
  return found;
}

function aloneOnItsLine(text: string, node: SyntaxNode, tabsBefore: boolean): boolean {
  const after = text[node.end];
  if (after !== undefined && after !== "\n") return false;
  for (let i = node.start - 1; i >= 0 && text[i] !== "\n"; i -= 1) if (!tabsBefore || text[i] !== "\t") return false;
  return true;
}

function mask(text: string, ranges: Array<[number, number]>): string {
  let out = "";
  let at = 0;
  for (const [start, end] of [...ranges].sort((a, b) => a[0] - b[0])) {
    out += text.slice(at, start) + BLANK_STAND_IN.repeat(end - start);
    at = end;
  }
  return out + text.slice(at);
}
