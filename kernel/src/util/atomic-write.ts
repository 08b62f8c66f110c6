import { randomBytes } from "node:crypto";
import { chmod, link, mkdir, open, realpath, rename, rm, stat } from "node:fs/promises";
import path from "node:path";

/** Text (written as UTF-8) or bytes. */
export type FileData = string | Uint8Array;

/** Temporary files are `<target>.tmp-<pid>-<random>`: never `*.json`, so folder listings can skip them. */
export const TEMP_MARKER = ".tmp-";

export interface AtomicWriteOptions {
  /** Permissions of a new file (an existing file keeps its own); e.g. 0o600 for a file that may hold a secret. */
  mode?: number;
}

/**
 * Replaces a file so that a reader, or a crash at any moment, sees the old content or the new one, never a mix
 * or an empty file: temporary file beside it, fsync, rename, fsync of the folder. Parent folders are created;
 * a symbolic link is written through (its target changes, the link stays); an existing file keeps its mode.
 * Every writer of MAIA (settings, sessions, config, tools) goes through this one function.
 */
export async function writeFileAtomic(target: string, data: FileData, options: AtomicWriteOptions = {}): Promise<void> {
  const destination = await realpath(target).catch(() => target);
  const folder = path.dirname(destination);
  await mkdir(folder, { recursive: true });
  const existingMode = await stat(destination).then(
    (stats) => stats.mode & 0o7777,
    () => undefined,
  );
  const mode = existingMode ?? options.mode;
  const temporary = `${destination}${TEMP_MARKER}${process.pid}-${randomBytes(4).toString("hex")}`;
  try {
    const handle = await open(temporary, "wx", mode ?? 0o666);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    if (mode !== undefined) await chmod(temporary, mode);
    await rename(temporary, destination);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  await syncFolder(folder);
}

/** Makes a rename durable (a no-op where folders cannot be opened, e.g. Windows). */
export async function syncFolder(folder: string): Promise<void> {
  try {
    const handle = await open(folder, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Best effort: the data itself is already flushed.
  }
}

const LINK_UNSUPPORTED = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EXDEV", "EMLINK"]);

/**
 * Creates `target` with `data` only if nothing exists there, atomically: the complete file appears at once or
 * not at all. A hard link of a flushed temporary file does both (it fails with EEXIST when the name is taken,
 * even by another process); where hard links are refused, an exclusive create is the fallback. Returns false
 * when the name is taken. This is how two MAIA processes in one folder never claim the same file.
 */
export async function createFileExclusive(target: string, data: FileData): Promise<boolean> {
  const folder = path.dirname(target);
  await mkdir(folder, { recursive: true });
  const temporary = `${target}${TEMP_MARKER}${process.pid}-${randomBytes(4).toString("hex")}`;
  const handle = await open(temporary, "wx");
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temporary, target);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (!LINK_UNSUPPORTED.has(code ?? "")) throw error;
    return createWithoutLink(target, data);
  } finally {
    await rm(temporary, { force: true });
  }
  await syncFolder(folder);
  return true;
}

async function createWithoutLink(target: string, data: FileData): Promise<boolean> {
  let handle;
  try {
    handle = await open(target, "wx");
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
  await syncFolder(path.dirname(target));
  return true;
}
