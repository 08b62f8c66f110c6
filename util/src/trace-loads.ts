import { appendFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The environment variable that names a folder where each MAIA process writes, one path per line in
 * `<pid>.txt`, the shipped files it loaded: modules (the command registers a loader hook, cli/src/trace-loads.ts)
 * and the data files read apart (the Bash grammars, the tokenizer's table, the hub's page). The test suite sets
 * it, then a last test fails naming every lazily loaded file of the bundle that no end-to-end test loaded
 * (issue 34: WebFetch broke in one bundle while every test of the sources passed). Unset, nothing is written.
 */
export const TRACE_LOADS_VARIABLE = "MAIA_TRACE_LOADS";

let folder: string | null | undefined;

/** Notes that this process loaded `file` (an absolute path), when the suite asks for it. Never throws. */
export function noteLoaded(file: string): void {
  folder ??= process.env[TRACE_LOADS_VARIABLE] || null;
  if (folder === null) return;
  try {
    appendFileSync(join(folder, `${process.pid}.txt`), `${file}\n`);
  } catch {
    // A trace that cannot be written only makes the coverage check report this file unloaded.
  }
}
