// The lazily loaded parts of what `pnpm build` ships in cli/dist, written to dist/lazy-modules.json at the end of
// the build (issue 34). The test suite runs with MAIA_TRACE_LOADS set, so that every MAIA process it starts notes
// the files it loads (@maia/util/trace-loads, cli/src/trace-loads.ts); its last test, lazy-coverage.final.ts,
// fails naming every file of this list that no end-to-end test loaded. A lazy part added without a test that goes
// through it in the bundle thus fails CI.
import { readdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Where a shipped file belongs, for the messages: which bundle loads it, and how. */
export type LazyKind = "es-chunk" | "print" | "early" | "worker" | "wasm" | "tokenizer" | "hub-page" | "resource";

export interface LazyModules {
  /** Paths relative to dist/, with `/`, by kind. */
  files: Record<LazyKind, string[]>;
}

export const LAZY_MODULES_FILE = "lazy-modules.json";

/**
 * Everything in dist/ is loaded on demand but the command itself (maia.js, which every run loads), its
 * package.json and this list: the ES entry and its chunks (by `import`), print.cjs and its libraries, the early
 * paint's files (by `require`), and the data files read apart (the Bash grammars, the tokenizer's tables, the
 * hub's page, the resources in `.ressources/` such as /createAgent's template).
 */
export function listLazyModules(dist: string): LazyModules {
  const files: Record<LazyKind, string[]> = { "es-chunk": [], print: [], early: [], worker: [], wasm: [], tokenizer: [], "hub-page": [], resource: [] };
  for (const file of walk(dist, "")) {
    const kind = kindOf(file);
    if (kind !== undefined) files[kind].push(file);
  }
  for (const list of Object.values(files)) list.sort();
  return { files };
}

export function writeLazyModules(dist: string): LazyModules {
  const modules = listLazyModules(dist);
  writeFileSync(path.join(dist, LAZY_MODULES_FILE), `${JSON.stringify(modules, null, 2)}\n`);
  return modules;
}

function kindOf(file: string): LazyKind | undefined {
  if (file === "maia.js" || file === "package.json" || file === LAZY_MODULES_FILE) return undefined;
  if (file.startsWith("wasm/")) return "wasm";
  if (file.startsWith("tokenizer/")) return "tokenizer";
  if (file.startsWith("hub/")) return "hub-page";
  if (file.startsWith(".ressources/")) return "resource";
  if (file.endsWith(".mjs")) return "es-chunk";
  if (/^print(-[\w-]+)?\.cjs$/.test(file)) return "print";
  if (/^early-[\w-]+\.cjs$/.test(file)) return "early";
  // The image scaling thread and the WebAssembly it reads (packages/images/src/scale-worker.ts notes both).
  if (file === "image-worker.cjs" || file === "photon_rs_bg.wasm") return "worker";
  // Anything else the build starts to ship is listed too: it must be loaded by some test, or not shipped.
  return "es-chunk";
}

function* walk(root: string, prefix: string): Generator<string> {
  for (const name of readdirSync(path.join(root, prefix))) {
    const relative = prefix === "" ? name : `${prefix}/${name}`;
    if (statSync(path.join(root, relative)).isDirectory()) yield* walk(root, relative);
    else yield relative;
  }
}
