import { createScanner, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from "jsonc-parser";
import type { Problem } from "../protocol.ts";
import { describePath, type JsonPath } from "./json-nodes.ts";
import { t, type MessageKey } from "./messages.ts";
import type { TextPositions } from "./text-positions.ts";

/** A hub.json is a few kilobytes; far more is not a configuration, and would only make the page's editor crawl. */
export const MAX_CONFIG_CHARS = 1_000_000;
/** hub.json nests four levels deep (`agents[0].env.KEY`); the bound keeps the recursive parts of parsing safe. */
export const MAX_DEPTH = 32;
/** A binary file gives one syntax error per byte or so: the first ones are enough to say what is wrong. */
const MAX_SYNTAX_PROBLEMS = 20;

// jsonc-parser declares its token kinds as an ambient const enum, which `isolatedModules` cannot read.
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const EOF = 17;

const SYNTAX_KEYS = new Set<string>([
  "InvalidSymbol",
  "InvalidNumberFormat",
  "PropertyNameExpected",
  "ValueExpected",
  "ColonExpected",
  "CommaExpected",
  "CloseBraceExpected",
  "CloseBracketExpected",
  "EndOfFileExpected",
  "InvalidCommentToken",
  "UnexpectedEndOfComment",
  "UnexpectedEndOfString",
  "UnexpectedEndOfNumber",
  "InvalidUnicode",
  "InvalidEscapeCharacter",
  "InvalidCharacter",
]);

export type ParsedText =
  | { ok: true; root: Node; value: unknown; warnings: Problem[] }
  | { ok: false; problems: Problem[] };

export function problemAt(positions: TextPositions, offset: number, message: string, warning = false): Problem {
  return { ...positions.at(offset), message, warning };
}

/**
 * JSON with comments and trailing commas, as a tree with the offset of every node. Syntax errors come back
 * as problems and nothing else is checked then: a half-parsed tree would give schema errors about what the
 * parser skipped. Repeated keys are warnings (the last one counts, as in JSON.parse).
 */
export function parseConfigText(text: string, positions: TextPositions): ParsedText {
  if (text.length > MAX_CONFIG_CHARS) {
    return { ok: false, problems: [problemAt(positions, 0, t("tooLarge", { size: text.length, limit: MAX_CONFIG_CHARS }))] };
  }
  const tooDeep = depthProblem(text, positions);
  if (tooDeep) return { ok: false, problems: [tooDeep] };
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  if (errors.length > 0 || !root) {
    const problems = errors.slice(0, MAX_SYNTAX_PROBLEMS).map((error) => problemAt(positions, error.offset, syntaxMessage(error)));
    return { ok: false, problems: problems.length > 0 ? problems : [problemAt(positions, 0, t("ValueExpected"))] };
  }
  return { ok: true, root, value: getNodeValue(root) as unknown, warnings: duplicateKeys(root, positions) };
}

function syntaxMessage(error: ParseError): string {
  const name = printParseErrorCode(error.error);
  return SYNTAX_KEYS.has(name) ? t(name as MessageKey) : t("syntaxOther");
}

/** The nesting depth, measured with the scanner (a loop, not recursion), before the recursive parser sees the text. */
function depthProblem(text: string, positions: TextPositions): Problem | undefined {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let token = scanner.scan() as number; token !== EOF; token = scanner.scan() as number) {
    if (token === OPEN_BRACE || token === OPEN_BRACKET) {
      depth++;
      if (depth > MAX_DEPTH) return problemAt(positions, scanner.getTokenOffset(), t("tooDeep", { limit: MAX_DEPTH }));
    } else if (token === CLOSE_BRACE || token === CLOSE_BRACKET) {
      depth = Math.max(0, depth - 1);
    }
  }
  return undefined;
}

function duplicateKeys(root: Node, positions: TextPositions): Problem[] {
  const warnings: Problem[] = [];
  const visit = (node: Node, path: JsonPath): void => {
    if (node.type === "object") {
      const seen = new Set<string>();
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (!keyNode) continue;
        const key = String(keyNode.value);
        if (seen.has(key)) warnings.push(problemAt(positions, keyNode.offset, t("duplicateKey", { key, where: describePath(path) }), true));
        seen.add(key);
        if (valueNode) visit(valueNode, [...path, key]);
      }
    } else if (node.type === "array") {
      (node.children ?? []).forEach((child, index) => visit(child, [...path, index]));
    }
  };
  visit(root, []);
  return warnings;
}
