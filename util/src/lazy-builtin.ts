import { createRequire } from "node:module";

const load = createRequire(import.meta.url);

/**
 * A Node built-in loaded on first use instead of at import (issue 22): an ES `import … from "node:child_process"`
 * compiles the module and its own dependencies (child_process pulls in dgram and net's socket list, v8 the heap
 * utilities and worker threads) at every start, although `maia -p` and an idle session never call them. The
 * module is required once, then the same object is returned.
 */
export function lazyBuiltin<T>(name: `node:${string}`): () => T {
  let module: T | undefined;
  return () => (module ??= load(name) as T);
}
