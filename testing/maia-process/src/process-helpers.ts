import { mkdtemp, readFile, realpath } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** A fresh temporary folder, by its real path (macOS and some CI hosts put /tmp behind a link). */
export async function tempFolder(prefix = "maia-test-"): Promise<string> {
  return realpath(await mkdtemp(path.join(os.tmpdir(), prefix)));
}

/** Whether a process still runs (a zombie waiting to be reaped counts as gone). */
export async function processAlive(pid: number): Promise<boolean> {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "");
  return !/^\d+ \(.*\) Z/.test(stat);
}

/** Polls until `condition` holds or `ms` pass; returns the last answer. */
export async function eventually(condition: () => boolean | Promise<boolean>, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return condition();
}
