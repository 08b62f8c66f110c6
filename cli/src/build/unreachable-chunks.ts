// Chunks of the ES bundle that no file of it imports. esbuild writes a chunk for every `import()` it meets while
// reading the sources, and keeps writing it when the build's constants make that import dead code (MAIA_BUNDLED in
// main.ts: a run from the sources paints its own early screen and runs `-p` itself; the bundle leaves both to the
// files the command loads). Such a chunk would ship and never load (dist/lazy-modules.json): it is removed.
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { moduleReferences } from "../packaging/module-references.ts";

/** Removes the `.mjs` files of `dist` that `entry` does not reach through imports; returns their names. */
export function removeUnreachableChunks(dist: string, entry: string): string[] {
  const reached = new Set<string>();
  const pending = [entry];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    for (const { specifier } of moduleReferences(readFileSync(path.join(dist, file), "utf8"), "module")) {
      if (specifier.startsWith("./") && specifier.endsWith(".mjs")) pending.push(specifier.slice(2));
    }
  }
  const unreachable = readdirSync(dist).filter((name) => name.endsWith(".mjs") && !reached.has(name));
  for (const name of unreachable) rmSync(path.join(dist, name));
  return unreachable;
}
