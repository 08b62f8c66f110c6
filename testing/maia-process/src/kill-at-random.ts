import { spawn } from "node:child_process";

/**
 * For the "killed at any moment" tests: runs `process.execPath` with `args`, hands each line it prints on stdout
 * to `onLine` (what it confirms having written), and SIGKILLs it at a random instant within `maxDelayMs` of its
 * first output — so the kill lands anywhere in its writing loop. Resolves once it died of that SIGKILL; rejects
 * if it ended by itself (with its stderr), since then nothing was tested.
 */
export function killAtRandom(args: readonly string[], onLine: (line: string) => void, maxDelayMs = 150): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...args], { stdio: ["ignore", "pipe", "pipe"] });
    let buffer = "";
    let stderr = "";
    let armed = false;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      buffer += chunk;
      const lines = buffer.split("\n");
      buffer = lines.pop() ?? "";
      for (const line of lines) onLine(line);
      if (!armed) {
        armed = true;
        setTimeout(() => child.kill("SIGKILL"), Math.random() * maxDelayMs);
      }
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", (_code, signal) => (signal === "SIGKILL" ? resolve() : reject(new Error(`the child ended by itself: ${stderr}`))));
  });
}
