import { closeSync, fsyncSync, linkSync, openSync, rmSync, writeFileSync } from "node:fs";
import { chmod, mkdir, open, realpath, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { randomHex } from "./random.ts";

/** Text (written as UTF-8) or bytes. */
export type FileData = string | Uint8Array;

/** Temporary files are `<target>.tmp-<pid>-<random>`: never `*.json`, so folder listings can skip them. */
export const TEMP_MARKER = ".tmp-";

/** The temporary file beside `target` that a writer fills before it takes the target's name. */
export function temporaryPath(target: string): string {
  return `${target}${TEMP_MARKER}${process.pid}-${randomHex(4)}`;
}

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
  const temporary = temporaryPath(destination);
  try {
    await writeNewFile(temporary, data, mode);
    if (mode !== undefined) await chmod(temporary, mode);
    await rename(temporary, destination);
  } catch (error) {
    await removeTemporary(temporary);
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

/** What a caller of `createFileExclusive` decides in the synchronous moment of the claim. */
export interface ClaimGuard {
  /** Checked just before the claim: false abandons it (e.g. someone else saved the session meanwhile). */
  proceed(): boolean;
  /** Called synchronously right after the file appeared, before anything else can run. */
  claimed(): void;
}

/**
 * Creates `target` with `data` only if nothing exists there, atomically: the complete file appears at once or
 * not at all. A hard link of a flushed temporary file does both (it fails with EEXIST when the name is taken,
 * even by another process); where hard links are refused, an exclusive create is the fallback. Returns false
 * when the name is taken. This is how two MAIA processes in one folder never claim the same file.
 *
 * With a guard, the claim is one synchronous step: the temporary file is written and flushed asynchronously,
 * then the guard's check, the link and the guard's `claimed` run without a gap, so a synchronous writer (a save
 * on process exit) sees the claim either not made or made and recorded, never half. "abandoned" when the guard
 * said no.
 */
export async function createFileExclusive(target: string, data: FileData): Promise<boolean>;
export async function createFileExclusive(target: string, data: FileData, guard: ClaimGuard): Promise<boolean | "abandoned">;
export async function createFileExclusive(target: string, data: FileData, guard?: ClaimGuard): Promise<boolean | "abandoned"> {
  const folder = path.dirname(target);
  await mkdir(folder, { recursive: true });
  const temporary = temporaryPath(target);
  await writeNewFile(temporary, data);
  let linked: boolean;
  try {
    if (guard && !guard.proceed()) return "abandoned";
    linked = linkExclusiveSync(temporary, target, data);
    if (linked) guard?.claimed();
  } finally {
    await removeTemporary(temporary);
  }
  if (linked) await syncFolder(folder);
  return linked;
}

const LINK_UNSUPPORTED = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EXDEV", "EMLINK"]);

/**
 * Gives a flushed temporary file the name `target` unless the name is taken (false), by a hard link; where hard
 * links are refused, by an exclusive create of `data`. Synchronous, so that a claim can be one step.
 */
export function linkExclusiveSync(temporary: string, target: string, data: FileData): boolean {
  try {
    linkSync(temporary, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (!LINK_UNSUPPORTED.has(code ?? "")) throw error;
  }
  try {
    writeNewFileSync(target, data);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * Removes a temporary file of ours, if it is there. `unlink`, not `rm(…, { force: true })`: the same for one file,
 * without the recursive removal module that fs/promises' `rm` loads on its first call, at every save of `maia -p`
 * (issue 22).
 */
async function removeTemporary(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}

/** Writes `data` to a new file (exclusive create) and flushes it; the file is removed if anything fails. */
async function writeNewFile(file: string, data: FileData, mode = 0o666): Promise<void> {
  const handle = await open(file, "wx", mode);
  try {
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch (error) {
    await removeTemporary(file);
    throw error;
  }
}

/** `writeNewFile`, synchronous. */
export function writeNewFileSync(file: string, data: FileData, mode = 0o666): void {
  const fd = openSync(file, "wx", mode);
  try {
    try {
      writeFileSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  }
}
