import ts from "typescript";
import { isTestFile, walk, type SourceFile } from "./source-files.ts";

export interface Catalogue {
  file: string;
  keys: string[];
}

/** The catalogues (`defineMessages(en, fr)`) of `files`: each file's English keys. */
export function catalogues(files: readonly SourceFile[]): Catalogue[] {
  const found: Catalogue[] = [];
  for (const source of files) {
    if (!source.text.includes("defineMessages(")) continue;
    const keys: string[] = [];
    for (const call of definitions(source.tree)) {
      const english = call.arguments[0];
      if (english === undefined || !ts.isObjectLiteralExpression(english)) continue;
      for (const property of english.properties) {
        const name = property.name;
        if (name !== undefined && (ts.isIdentifier(name) || ts.isStringLiteral(name))) keys.push(name.text);
      }
    }
    if (keys.length > 0) found.push({ file: source.file, keys });
  }
  return found;
}

/**
 * The keys of each catalogue that no code of its package names: a key is used when a string literal of a
 * non-test file of the catalogue's package is exactly that key, or when a template literal there starts with a
 * prefix of it (`t(\`mode-${id}\`)` uses every `mode-…` key). The catalogues' own texts do not count.
 */
export function unusedMessages(files: readonly SourceFile[]): string[] {
  const unused: string[] = [];
  const named = new Map<string, Named>();
  for (const catalogue of catalogues(files)) {
    const home = files.find((source) => source.file === catalogue.file)?.packageRoot ?? "";
    let names = named.get(home);
    if (names === undefined) {
      names = namedIn(files.filter((source) => source.packageRoot === home && !isTestFile(source.file)));
      named.set(home, names);
    }
    const { literals, prefixes } = names;
    for (const key of catalogue.keys) {
      if (!literals.has(key) && !prefixes.some((prefix) => key.startsWith(prefix))) unused.push(`${catalogue.file}: ${key}`);
    }
  }
  return unused;
}

interface Named {
  literals: Set<string>;
  prefixes: string[];
}

/** The string literals of `files`, and the fixed starts of their template literals, outside the catalogues. */
function namedIn(files: readonly SourceFile[]): Named {
  const literals = new Set<string>();
  const prefixes: string[] = [];
  for (const { tree } of files) {
    walk(tree, (node) => {
      if (ts.isCallExpression(node) && isDefinition(node)) return false;
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) literals.add(node.text);
      else if (ts.isTemplateExpression(node) && node.head.text !== "") prefixes.push(node.head.text);
      return true;
    });
  }
  return { literals, prefixes };
}

function definitions(tree: ts.SourceFile): ts.CallExpression[] {
  const calls: ts.CallExpression[] = [];
  walk(tree, (node) => {
    if (ts.isCallExpression(node) && isDefinition(node)) calls.push(node);
  });
  return calls;
}

function isDefinition(call: ts.CallExpression): boolean {
  return ts.isIdentifier(call.expression) && call.expression.text === "defineMessages";
}
