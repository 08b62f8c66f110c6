import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { findOnPath } from "@maia/util";
import { seccompSupported } from "./linux/seccomp-filter.ts";

/** Whether this machine can sandbox, and with what; `reason` and `install` say why not, for the user. */
export type Availability =
  | {
      ok: true;
      platform: "linux";
      bwrap: string;
      /** socat relays the proxy into the sandbox: without it, allowed domains cannot be reached (network stays off). */
      socat: string | undefined;
      /** bubblewrap ≥ 0.8 can forbid nested user namespaces itself; older ones rely on the seccomp program. */
      disableUserns: boolean;
    }
  | { ok: true; platform: "darwin"; sandboxExec: string }
  | { ok: false; reason: "platform" | "missing" | "userns" | "arch"; detail: string; install?: string };

const SANDBOX_EXEC = "/usr/bin/sandbox-exec";
const LINUX_INSTALL = "apt-get install bubblewrap socat (Debian, Ubuntu), dnf install bubblewrap socat (Fedora), pacman -S bubblewrap socat (Arch)";

/**
 * Looks for the platform's sandbox and tries it once (Linux: bubblewrap creating its namespaces, which fails
 * where user namespaces are disabled). About 10 ms; the caller keeps the answer for the process.
 */
export async function probeSandbox(env: NodeJS.ProcessEnv, platform: NodeJS.Platform = process.platform): Promise<Availability> {
  if (platform === "darwin") {
    return existsSync(SANDBOX_EXEC) ? { ok: true, platform: "darwin", sandboxExec: SANDBOX_EXEC } : { ok: false, reason: "missing", detail: SANDBOX_EXEC };
  }
  if (platform !== "linux") return { ok: false, reason: "platform", detail: platform };
  if (!seccompSupported()) return { ok: false, reason: "arch", detail: process.arch };
  const bwrap = findOnPath(["bwrap"], env);
  if (!bwrap) return { ok: false, reason: "missing", detail: "bwrap", install: LINUX_INSTALL };
  const tried = await run(bwrap, ["--unshare-all", "--unshare-user", "--die-with-parent", "--ro-bind", "/", "/", "--", "/bin/true"], env);
  if (tried.code !== 0) return { ok: false, reason: "userns", detail: tried.output.trim().split("\n")[0] ?? `exit ${tried.code}` };
  const help = await run(bwrap, ["--help"], env);
  return { ok: true, platform: "linux", bwrap, socat: findOnPath(["socat"], env), disableUserns: help.output.includes("--disable-userns") };
}

function run(file: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { env, timeout: 10_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}${stderr}${error && code === 1 && !stderr ? error.message : ""}` });
    });
  });
}
