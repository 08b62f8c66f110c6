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
