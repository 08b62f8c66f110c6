import { mkdtemp, realpath } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** A fresh temporary folder, by its real path (so that shown paths match what tests build). */
export async function tempFolder(prefix = "maia-refs-"): Promise<string> {
  return realpath(await mkdtemp(path.join(os.tmpdir(), prefix)));
}
