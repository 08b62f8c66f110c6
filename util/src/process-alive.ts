/**
 * True when a process with this id still runs: signal 0 checks without sending anything. EPERM means it runs
 * under another user. Used to remove a dead process's leftovers (temporary files) and to kill only what lives.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
