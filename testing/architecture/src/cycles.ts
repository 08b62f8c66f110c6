import path from "node:path";
import { importsOf } from "./imports.ts";
import { isTestFile, type SourceFile } from "./source-files.ts";

/**
 * The import cycles among the files of `folder` (test files left out), each as the files it goes through, in
 * order, starting from the first by name: `a.ts → b.ts → a.ts`. Relative imports only (a cycle never leaves a
 * package: the layers forbid relative imports that do), type-only ones included: a cycle of types still ties two
 * files' designs together, which is what the rule is against.
 */
export function importCycles(files: readonly SourceFile[], folder: string): string[] {
  const inside = files.filter((source) => source.file.startsWith(`${folder}/`) && !isTestFile(source.file));
  const names = new Set(inside.map((source) => source.file));
  const edges = new Map<string, string[]>();
  for (const source of inside) {
    const targets: string[] = [];
    for (const { specifier } of importsOf(source)) {
      if (!specifier.startsWith(".")) continue;
      const target = resolve(path.posix.normalize(path.posix.join(path.posix.dirname(source.file), specifier)), names);
      if (target !== undefined) targets.push(target);
    }
    edges.set(source.file, targets);
  }
  return stronglyConnected(edges).map((component) => describe(component, edges));
}

function resolve(target: string, names: ReadonlySet<string>): string | undefined {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`]) if (names.has(candidate)) return candidate;
  return undefined;
}

/** Tarjan's strongly connected components with more than one file (or a file importing itself). */
function stronglyConnected(edges: ReadonlyMap<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file)!);
    stack.push(file);
    onStack.add(file);
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    for (let top = stack.pop(); top !== undefined; top = top === file ? undefined : stack.pop()) {
      onStack.delete(top);
      component.push(top);
    }
    if (component.length > 1 || (edges.get(file) ?? []).includes(file)) found.push(component.sort());
  };
  for (const file of [...edges.keys()].sort()) if (!index.has(file)) visit(file);
  return found;
}

/** One path around the component, from its first file back to it. */
function describe(component: string[], edges: ReadonlyMap<string, string[]>): string {
  const members = new Set(component);
  const first = component[0]!;
  // Breadth-first from the first file to itself, inside the component: the shortest way round.
  const before = new Map<string, string>();
  const queue = [first];
  for (let head = 0; head < queue.length; head++) {
    const file = queue[head]!;
    for (const target of edges.get(file) ?? []) {
      if (!members.has(target) || before.has(target)) continue;
      before.set(target, file);
      if (target === first) break;
      queue.push(target);
    }
    if (before.has(first)) break;
  }
  const way = [first];
  for (let file = before.get(first); file !== undefined && file !== first; file = before.get(file)) way.unshift(file);
  way.unshift(first);
  return way.join(" → ");
}
