import type { Text } from "@codemirror/state";
import type { Diagnostic } from "@codemirror/lint";
import type { Problem } from "../../../src/protocol.ts";

/** The document offset of a 1-based line and column, clamped into the document (the text may have moved on). */
export function offsetOf(doc: Text, line: number, column: number): number {
  const at = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(at.from + Math.max(column, 1) - 1, at.to);
}

/**
 * The hub gives where a problem starts (the value at fault); the marker covers that token: a whole string, or
 * up to the next delimiter, so a squiggle is visible and hovering it shows the message.
 */
export function problemRange(doc: Text, problem: Problem): { from: number; to: number } {
  const from = offsetOf(doc, problem.line, problem.column);
  const rest = doc.sliceString(from, doc.lineAt(from).to);
  const token = rest.startsWith('"') ? /^"(?:[^"\\]|\\.)*"?/.exec(rest) : /^[^\s,:\]}]+/.exec(rest);
  const length = token?.[0].length || (rest.length > 0 ? 1 : 0);
  return { from, to: from + length };
}

export function toDiagnostics(doc: Text, problems: readonly Problem[]): Diagnostic[] {
  return problems.map((problem) => ({
    ...problemRange(doc, problem),
    severity: problem.warning ? "warning" : "error",
    message: problem.message,
    source: "hub",
  }));
}
