import ts from "typescript";
import { isTestFile, sourceFiles, type SourceFile } from "./source-files.ts";

/**
 * The kernel's budget (issue 40, docs/architecture.md): lines of code in `kernel/src`, tests left out, counted
 * with the TypeScript scanner so that comments and blank lines do not count.
 */
export const KERNEL_LIMITS = { outsideContracts: 1600, all: 2700 } as const;

/**
 * The lines of a file that hold at least one token: what the TypeScript scanner reads, comments and white space
 * left out. The tokens are taken from the parsed tree (its leaves), which rescans what the bare scanner cannot
 * tell apart alone (template literals, regular expressions), so a `//` inside a string is code, not a comment.
 */
export function codeLines(source: SourceFile): number {
  const tree = source.tree;
  const lines = new Set<number>();
  const lineOf = (position: number) => tree.getLineAndCharacterOfPosition(position).line;
  const visit = (node: ts.Node): void => {
    if (node.kind >= ts.SyntaxKind.FirstJSDocNode && node.kind <= ts.SyntaxKind.LastJSDocNode) return;
    const children = node.getChildren(tree);
    if (children.length === 0) {
      if (node.kind === ts.SyntaxKind.EndOfFileToken || node.kind === ts.SyntaxKind.SyntaxList) return;
      if (node.kind === ts.SyntaxKind.JsxText && (node as ts.JsxText).containsOnlyTriviaWhiteSpaces) return;
      const start = node.getStart(tree);
      // A token may span lines (a template literal): each of them holds code.
      for (let line = lineOf(start), last = lineOf(Math.max(start, node.getEnd() - 1)); line <= last; line += 1) lines.add(line);
      return;
    }
    for (const child of children) visit(child);
  };
  visit(tree);
  return lines.size;
}

export interface KernelSize {
  /** Lines of code in `kernel/src` outside `contracts/`, tests left out. */
  outsideContracts: number;
  /** Lines of code in all of `kernel/src`, tests left out. */
  all: number;
  /** Per file, largest first. */
  files: Array<{ file: string; lines: number }>;
}

export function kernelSize(files: readonly SourceFile[] = sourceFiles()): KernelSize {
  const counted = files
    .filter(({ file }) => file.startsWith("kernel/src/") && !isTestFile(file) && !file.includes("/testing/"))
    .map((source) => ({ file: source.file, lines: codeLines(source) }))
    .sort((a, b) => b.lines - a.lines);
  const sum = (list: typeof counted) => list.reduce((total, { lines }) => total + lines, 0);
  return {
    outsideContracts: sum(counted.filter(({ file }) => !file.startsWith("kernel/src/contracts/"))),
    all: sum(counted),
    files: counted,
  };
}
