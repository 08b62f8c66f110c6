import { accessSync, constants } from "node:fs";
import path from "node:path";
import { lazyBuiltin } from "./lazy-builtin.ts";

const childProcess = lazyBuiltin<typeof import("node:child_process")>("node:child_process");

/** The first of `names` found as an executable on PATH, or undefined. */
export function findOnPath(names: readonly string[], env: NodeJS.ProcessEnv): string | undefined {
  const folders = (env.PATH ?? "").split(path.delimiter).filter((folder) => folder !== "");
  for (const name of names) {
    for (const folder of folders) {
      const candidate = path.join(folder, name);
      try {
        accessSync(candidate, constants.X_OK);
        return candidate;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

/**
 * Opens `url` in the user's browser: `$BROWSER` when set (as Python's webbrowser and many CLIs honour it),
 * else `open` on macOS and `xdg-open` elsewhere. Detached and not waited for: the browser outlives nothing of
 * ours and its output never reaches our stdout (which carries exactly one line). False when no opener exists.
 */
export async function openBrowser(url: string, env: NodeJS.ProcessEnv): Promise<boolean> {
  const fromEnv = env.BROWSER?.split(path.delimiter).find((command) => command.trim() !== "");
  const opener = fromEnv ? findOnPath([fromEnv], env) ?? (path.isAbsolute(fromEnv) ? fromEnv : undefined) : findOnPath([process.platform === "darwin" ? "open" : "xdg-open"], env);
  if (!opener) return false;
  return new Promise((resolve) => {
    const child = childProcess().spawn(opener, [url], { detached: true, stdio: "ignore", env });
    child.once("error", () => resolve(false));
    child.once("spawn", () => {
      child.unref();
      resolve(true);
    });
  });
}
