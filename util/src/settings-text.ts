import type { BigIntStats } from "node:fs";
import { open, stat } from "node:fs/promises";
import path from "node:path";
import { isMissing } from "./missing-path.ts";

interface KeptText {
  text: string;
  stamp: string;
}

const kept = new Map<string, KeptText>();

/**
 * The text of a settings file (settings.json), read from disk once per process and read again only when the
 * file changed (issue 22): the LiteLLM, permissions and hooks plugins each read the same files at start and again
 * when a session starts, nine reads for three files. A later call costs one `stat`; a file replaced (an atomic
 * write renames, so its inode changes), resized or touched is read again. A missing file gives undefined (most
 * of the settings files looked for are: the project's, Claude Code's), other errors are readFile's (EISDIR…).
 */
export async function readSettingsText(file: string): Promise<string | undefined> {
  const key = path.resolve(file);
  if (isMissing(key)) {
    kept.delete(key);
    return undefined;
  }
  const known = kept.get(key);
  if (known !== undefined && known.stamp === stampOf(await stat(key, { bigint: true }))) return known.text;
  kept.delete(key);
  // The stamp and the text from one open file, so that the stamp kept is the one of the text read.
  const handle = await open(key, "r");
  try {
    const stamp = stampOf(await handle.stat({ bigint: true }));
    const text = await handle.readFile("utf8");
    kept.set(key, { text, stamp });
    return text;
  } finally {
    await handle.close();
  }
}

/** What changes when a file is written: nanosecond times, size, and inode (a rename puts another file there). */
function stampOf(stats: BigIntStats): string {
  return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
}
