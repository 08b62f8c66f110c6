import { randomBytes } from "node:crypto";
import { link, open, rename, rm } from "node:fs/promises";
import { dirname } from "node:path";

/** Text (written as UTF-8) or bytes. */
export type FileData = string | Uint8Array;

/** Temporary files are `<target>.tmp-<pid>-<random>`: never `*.json`, so lists never see them. */
export const TEMP_MARKER = ".tmp-";

function tempPathFor(path: string): string {
  return `${path}${TEMP_MARKER}${process.pid}-${randomBytes(4).toString("hex")}`;
}

/** Writes and flushes a new temporary file beside `path`, and returns its path. */
async function writeTemp(path: string, data: FileData): Promise<string> {
  const temp = tempPathFor(path);
  const handle = await open(temp, "wx");
  try {
    await handle.writeFile(data);
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  return temp;
}

/** Makes a rename or link durable (a no-op where directories cannot be opened, e.g. Windows). */
async function syncDirectory(directory: string): Promise<void> {
  try {
    const handle = await open(directory, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort: the data itself is already flushed.
  }
}

/**
 * Replaces `path` atomically: a reader (or a crash at any moment) sees the old content or the new one, never a
 * mix or an empty file. Temporary file, fsync, rename, fsync of the folder.
 */
export async function writeFileAtomic(path: string, data: FileData): Promise<void> {
  const temp = await writeTemp(path, data);
  try {
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dirname(path));
}

const LINK_UNSUPPORTED = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EXDEV", "EMLINK"]);

/**
 * Creates `path` with `data` only if nothing exists there, atomically: the complete file appears at once or not
 * at all. A hard link of a flushed temporary file does both (it fails with EEXIST when the name is taken, even by
 * another process). Where hard links are refused, an exclusive create is the fallback (its content is written
 * just after). Returns false when the name is taken.
 */
export async function createFileExclusive(path: string, data: FileData): Promise<boolean> {
  const temp = await writeTemp(path, data);
  try {
    await link(temp, path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (!LINK_UNSUPPORTED.has(code ?? "")) throw error;
    return createWithoutLink(path, data);
  } finally {
    await rm(temp, { force: true });
  }
  await syncDirectory(dirname(path));
  return true;
}

async function createWithoutLink(path: string, data: FileData): Promise<boolean> {
  let handle;
  try {
    handle = await open(path, "wx");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await syncDirectory(dirname(path));
  return true;
}

/** True when a process with this id still runs (a temporary file of a dead one may be removed). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
