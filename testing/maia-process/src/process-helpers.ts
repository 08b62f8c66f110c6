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

/**
 * The processes whose command line contains `text` (pgrep -f), this test process's own excepted: how a test
 * checks that nothing of a command MAIA started is left running. None found is an empty list.
 */
export async function processesMatching(text: string): Promise<number[]> {
  const { execFile } = await import("node:child_process");
  return new Promise((resolve, reject) => {
    // pgrep reads a regular expression: the text is matched as it is written.
    execFile("pgrep", ["-f", "--", text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")], (error, stdout) => {
      // pgrep exits 1 when nothing matches.
      if (error && (error as { code?: unknown }).code !== 1) return reject(error);
      resolve(stdout.split("\n").filter((line) => line.trim() !== "").map(Number).filter((pid) => pid !== process.pid));
    });
  });
}
