import { createRequire } from "node:module";
import { noteLoaded, TRACE_LOADS_VARIABLE } from "@maia/util/trace-loads";
import type * as ModuleBuiltin from "node:module";
import type * as UrlBuiltin from "node:url";

/**
 * When the test suite sets MAIA_TRACE_LOADS (@maia/util/trace-loads), every module file this process loads — the
 * ES chunks, print.cjs's libraries, the early-paint files, by `import` or `require` — is noted through a loader
 * hook (Node >= 22.15), for the check that each lazily loaded part of the bundle was loaded by some end-to-end
 * test. Unset (every user's run), this is one environment lookup.
 */
export function traceModuleLoads(): void {
  if (!process.env[TRACE_LOADS_VARIABLE]) return;
  const load = createRequire(__filename);
  const { registerHooks } = load("node:module") as typeof ModuleBuiltin;
  const { fileURLToPath } = load("node:url") as typeof UrlBuiltin;
  registerHooks?.({
    load(url, context, nextLoad) {
      if (url.startsWith("file:")) noteLoaded(fileURLToPath(url));
      return nextLoad(url, context);
    },
  });
}

export { noteLoaded };
