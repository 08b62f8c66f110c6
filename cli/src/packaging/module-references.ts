// What the files of a built package ask Node to load by name: the test of the packed package
// (packed-install.e2e.test.ts) checks that an installed `maia` names nothing that it does not carry.
import { parse } from "acorn";

/** How a file names a module: a static import (or re-export), `import()`, a `require`, or a `require.resolve`. */
export type ReferenceKind = "import" | "import()" | "require" | "resolve";

export interface ModuleReference {
  specifier: string;
  kind: ReferenceKind;
}

interface SyntaxNode {
  type: string;
  [key: string]: unknown;
}

/**
 * Every module a JavaScript file names with a string literal: `import … from "x"`, `export … from "x"`,
 * `import("x")`, `require("x")`, `require.resolve("x")`, `import.meta.resolve("x")`, and the same through a
 * function made by `createRequire` (`createRequire(url)("x")`, or `const here = createRequire(url)` then
 * `here("x")` / `here.resolve("x")`). Code inside strings (a library that generates code) is not code here: the
 * file is parsed, not searched. A name computed at run time (a plugin the user configured) is not a literal and
 * is not listed. Throws on a file that does not parse.
 */
export function moduleReferences(source: string, sourceType: "module" | "script"): ModuleReference[] {
  const program = parse(source, { ecmaVersion: "latest", sourceType, allowHashBang: true, allowReturnOutsideFunction: true }) as unknown as SyntaxNode;
  // The names bound to a `createRequire(…)` result count as `require`, wherever they are bound (scopes are not
  // told apart, which can only list more, never fewer); calls through a name wait for the end of the walk.
  const requireNames = new Set(["require", "__require"]);
  const found: Array<ModuleReference & { at: number }> = [];
  const throughName: Array<{ name: string; reference: ModuleReference & { at: number } }> = [];
  const literal = (node: unknown) => (isNode(node) && node.type === "Literal" && typeof node.value === "string" ? node.value : undefined);
  /** A call of `callee` with `argument` first, as a reference of that kind if `callee` is a require function. */
  const call = (callee: unknown, argument: unknown, kind: ReferenceKind, at: number) => {
    const specifier = literal(argument);
    if (specifier === undefined || !isNode(callee)) return;
    if (callee.type === "Identifier") throughName.push({ name: callee.name as string, reference: { specifier, kind, at } });
    else if (isCreateRequireCall(callee)) found.push({ specifier, kind, at });
  };
  walk(program, (node) => {
    const at = node.start as number;
    switch (node.type) {
      case "VariableDeclarator":
        if (isCreateRequireCall(node.init) && isNode(node.id) && node.id.type === "Identifier") requireNames.add(node.id.name as string);
        break;
      case "ImportDeclaration":
      case "ExportAllDeclaration":
      case "ExportNamedDeclaration": {
        const specifier = literal(node.source);
        if (specifier !== undefined) found.push({ specifier, kind: "import", at });
        break;
      }
      case "ImportExpression": {
        const specifier = literal(node.source);
        if (specifier !== undefined) found.push({ specifier, kind: "import()", at });
        break;
      }
      case "CallExpression": {
        const [first] = node.arguments as unknown[];
        const callee = unwrapped(node.callee);
        if (isNode(callee) && callee.type === "MemberExpression" && propertyName(callee) === "resolve") {
          const target = unwrapped(callee.object);
          const specifier = literal(first);
          if (isNode(target) && target.type === "MetaProperty" && specifier !== undefined) found.push({ specifier, kind: "resolve", at });
          else call(target, first, "resolve", at);
        } else call(callee, first, "require", at);
        break;
      }
    }
  });
  for (const { name, reference } of throughName) if (requireNames.has(name)) found.push(reference);
  // In the order of the file (the walk goes depth first from the end).
  return found.sort((a, b) => a.at - b.at).map(({ specifier, kind }) => ({ specifier, kind }));
}

/** `createRequire(…)`, `(0, import_node_module.createRequire)(…)`, `__maiaCreateRequire(…)`… */
function isCreateRequireCall(node: unknown): boolean {
  if (!isNode(node) || node.type !== "CallExpression") return false;
  const callee = unwrapped(node.callee);
  if (!isNode(callee)) return false;
  const name = callee.type === "Identifier" ? (callee.name as string) : callee.type === "MemberExpression" ? propertyName(callee) : undefined;
  return name !== undefined && /createRequire$/i.test(name);
}

/** `(0, f)` is `f` (how esbuild calls an imported function without a `this`). */
function unwrapped(node: unknown): unknown {
  if (isNode(node) && node.type === "SequenceExpression") {
    const expressions = node.expressions as unknown[];
    return unwrapped(expressions[expressions.length - 1]);
  }
  return node;
}

function propertyName(member: SyntaxNode): string | undefined {
  const property = member.property;
  if (!isNode(property)) return undefined;
  if (!member.computed && property.type === "Identifier") return property.name as string;
  return property.type === "Literal" && typeof property.value === "string" ? property.value : undefined;
}

function isNode(value: unknown): value is SyntaxNode {
  return typeof value === "object" && value !== null && typeof (value as { type?: unknown }).type === "string";
}

/** Every node below `root`, depth first, without recursion (a bundle nests deeper than the stack allows). */
function walk(root: SyntaxNode, visit: (node: SyntaxNode) => void): void {
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    visit(node);
    for (const key in node) {
      const value = node[key];
      if (Array.isArray(value)) {
        for (const item of value) if (isNode(item)) stack.push(item);
      } else if (isNode(value)) stack.push(value);
    }
  }
}
