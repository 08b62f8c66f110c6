import { randomBytes } from "node:crypto";
import { chmodSync, closeSync, fsyncSync, linkSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { mkdir, open, rm } from "node:fs/promises";
import { dirname } from "node:path";
import { syncFolder, TEMP_MARKER, type FileData } from "@maia/kernel";

export { createFileExclusive, TEMP_MARKER, writeFileAtomic, type FileData } from "@maia/kernel";

/** True when a process with this id still runs (a temporary file of a dead one may be removed). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The same temporary name as the kernel's writers: `<target>.tmp-<pid>-<random>` (removed if stale). */
function temporaryOf(target: string): string {
  return `${target}${TEMP_MARKER}${process.pid}-${randomBytes(4).toString("hex")}`;
}

/** Writes `data` to a new file (exclusive create) and flushes it; the file is removed if anything fails. */
function writeNewFileSync(file: string, data: FileData, mode = 0o666): void {
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

/** Makes a rename or a link durable (best effort, as the kernel's `syncFolder`). */
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
 * The kernel's `writeFileAtomic`, synchronous, for what must be written before the process ends (seed § 5.5,
 * `process.on("exit")`): temporary file beside the target, fsync, rename, fsync of the folder; a symbolic link is
 * written through and an existing file keeps its mode.
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
  const temporary = temporaryOf(destination);
  try {
    writeNewFileSync(temporary, data, mode ?? 0o666);
    if (mode !== undefined) chmodSync(temporary, mode);
    renameSync(temporary, destination);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
  syncFolderSync(folder);
}

const LINK_UNSUPPORTED = new Set(["EPERM", "ENOTSUP", "EOPNOTSUPP", "ENOSYS", "EXDEV", "EMLINK"]);

/** Links a flushed temporary file to `target` unless the name is taken; false when it is. */
function linkExclusiveSync(temporary: string, target: string, data: FileData): boolean {
  try {
    linkSync(temporary, target);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "EEXIST") return false;
    if (!LINK_UNSUPPORTED.has(code ?? "")) throw error;
  }
  // Where hard links are refused: an exclusive create (the kernel's fallback).
  try {
    writeNewFileSync(target, data);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
}

/**
 * The kernel's `createFileExclusive`, synchronous: `target` appears complete at once, or not at all when the name
 * is taken (false), even by another process.
 */
export function createFileExclusiveSync(target: string, data: FileData): boolean {
  const folder = dirname(target);
  mkdirSync(folder, { recursive: true });
  const temporary = temporaryOf(target);
  writeNewFileSync(temporary, data);
  try {
    if (!linkExclusiveSync(temporary, target, data)) return false;
  } finally {
    rmSync(temporary, { force: true });
  }
  syncFolderSync(folder);
  return true;
}

/** What a caller of `createFileExclusiveGuarded` decides in the synchronous moment of the claim. */
export interface ClaimGuard {
  /** Checked just before the link: false abandons the claim (someone else saved the session meanwhile). */
  proceed(): boolean;
  /** Called synchronously right after the file appeared, before anything else can run. */
  claimed(): void;
}

/**
 * `createFileExclusive` whose claim is one synchronous step: the temporary file is written and flushed
 * asynchronously, then the guard's check, the link and the guard's `claimed` run without a gap, so a synchronous
 * save (process exit) sees the claim either not made or made and recorded, never half. "abandoned" when the
 * guard said no.
 */
export async function createFileExclusiveGuarded(target: string, data: FileData, guard: ClaimGuard): Promise<boolean | "abandoned"> {
  const folder = dirname(target);
  await mkdir(folder, { recursive: true });
  const temporary = temporaryOf(target);
  const handle = await open(temporary, "wx");
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  let linked: boolean;
  try {
    if (!guard.proceed()) return "abandoned";
    linked = linkExclusiveSync(temporary, target, data);
    if (linked) guard.claimed();
  } finally {
    await rm(temporary, { force: true });
  }
  if (linked) await syncFolder(folder);
  return linked;
}
