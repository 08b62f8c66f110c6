import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { createFileExclusive, linkExclusiveSync, temporaryPath, writeNewFileSync, type ClaimGuard, type FileData } from "@maia/util";

/**
 * The synchronous writers a save on process exit needs (seed § 5.5, `process.on("exit")`, where nothing
 * asynchronous runs any more): the same steps as @maia/util's writers, which this file builds on.
 */
export { createFileExclusive, processAlive, TEMP_MARKER, writeFileAtomic, type ClaimGuard, type FileData } from "@maia/util";

/** Makes a rename or a link durable (best effort, as util's `syncFolder`). */
export function syncFolderSync(folder: string): void {
  try {
    const fd = openSync(folder, "r");
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Best effort: the data itself is already flushed.
  }
}

/**
 * util's `writeFileAtomic`, synchronous: temporary file beside the target, fsync, rename, fsync of the folder;
 * a symbolic link is written through and an existing file keeps its mode.
 */
export function writeFileAtomicSync(target: string, data: FileData): void {
  let destination = target;
  try {
    destination = realpathSync(target);
  } catch {
    // A new file: written where asked.
  }
  const folder = dirname(destination);
  mkdirSync(folder, { recursive: true });
  let mode: number | undefined;
  try {
    mode = statSync(destination).mode & 0o7777;
  } catch {
    mode = undefined;
  }
  const temporary = temporaryPath(destination);
  try {
    writeNewFileSync(temporary, data, mode);
    if (mode !== undefined) chmodSync(temporary, mode);
    renameSync(temporary, destination);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  syncFolderSync(folder);
}

/**
 * util's `createFileExclusive`, synchronous: `target` appears complete at once, or not at all when the name is
 * taken (false), even by another process.
 */
export function createFileExclusiveSync(target: string, data: FileData): boolean {
  const folder = dirname(target);
  mkdirSync(folder, { recursive: true });
  const temporary = temporaryPath(target);
  writeNewFileSync(temporary, data);
  try {
    if (!linkExclusiveSync(temporary, target, data)) return false;
  } finally {
    rmSync(temporary, { force: true });
  }
  syncFolderSync(folder);
  return true;
}

/** `createFileExclusive` whose claim is one synchronous step with the guard's check and record (see util). */
export function createFileExclusiveGuarded(target: string, data: FileData, guard: ClaimGuard): Promise<boolean | "abandoned"> {
  return createFileExclusive(target, data, guard);
}
