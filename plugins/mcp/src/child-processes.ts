/**
 * The stdio servers still running, so that none outlives MAIA: `close()` ends them within 3 s on a normal
 * exit, and this last resort signals whatever is left when the process exits anyway (an uncaught error, a
 * `process.exit` elsewhere). `exit` listeners must be synchronous, hence a plain SIGTERM.
 */
const running = new Set<number>();
let listening = false;

export function rememberChild(pid: number): void {
  running.add(pid);
  if (!listening) {
    listening = true;
    process.once("exit", () => {
      for (const child of running) {
        try {
          process.kill(child, "SIGTERM");
        } catch {
          // Already gone.
        }
      }
    });
  }
}

export function forgetChild(pid: number): void {
  running.delete(pid);
}
