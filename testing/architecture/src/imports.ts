import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { REPO, walk, type SourceFile } from "./source-files.ts";

/** One import of a source file: what it names, and whether only types come of it. */
export interface ImportOf {
  specifier: string;
  typeOnly: boolean;
}

/**
 * Every module a file names: `import` and `export … from` (type-only when the declaration or each of its names
 * says `type`), `import("…")` and `require("…")` with a literal, and `import("…")` types (always type-only).
 */
export function importsOf(source: SourceFile): ImportOf[] {
  const found: ImportOf[] = [];
  walk(source.tree, (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: importIsTypeOnly(node) });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
      const names = node.exportClause !== undefined && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      found.push({ specifier: node.moduleSpecifier.text, typeOnly: node.isTypeOnly || (names !== undefined && names.length > 0 && names.every((name) => name.isTypeOnly)) });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    } else if (ts.isCallExpression(node) && node.arguments.length >= 1 && isLoader(node)) {
      const [first] = node.arguments;
      if (first !== undefined && ts.isStringLiteralLike(first)) found.push({ specifier: first.text, typeOnly: false });
    }
    return true;
  });
  return found;
}

function importIsTypeOnly(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (clause === undefined) return false; // `import "x"` runs x
  if (clause.isTypeOnly) return true;
  if (clause.name !== undefined) return false;
  const bindings = clause.namedBindings;
  return bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly);
}

function isLoader(call: ts.CallExpression): boolean {
  return call.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(call.expression) && call.expression.text === "require");
}

/** The workspace's packages by name (`@maia/kernel` → `kernel`), from pnpm-workspace.yaml's folders. */
export function workspacePackages(files: readonly SourceFile[]): Map<string, string> {
  const packages = new Map<string, string>();
  for (const root of new Set(files.map((source) => source.packageRoot))) {
    if (root === ".") continue;
    const { name } = JSON.parse(readFileSync(path.join(REPO, root, "package.json"), "utf8")) as { name?: string };
    if (name !== undefined) packages.set(name, root);
  }
  return packages;
}

/** The workspace package a bare specifier names (`@maia/util/trace-loads` → `util`), or undefined. */
export function packageNamed(specifier: string, packages: ReadonlyMap<string, string>): string | undefined {
  const parts = specifier.split("/");
  const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
  return name === undefined ? undefined : packages.get(name);
}
