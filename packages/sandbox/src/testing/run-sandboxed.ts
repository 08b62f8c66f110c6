import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { probeSandbox, type Availability } from "../availability.ts";
import type { Sandbox } from "../sandbox.ts";

/** Runs a command line in the sandbox to its end; its output (stderr merged) and exit code. */
export async function runSandboxed(sandbox: Sandbox, command: string, cwd: string, env: NodeJS.ProcessEnv = process.env): Promise<{ output: string; code: number | null }> {
  const child = await sandbox.spawn(command, { cwd, env });
  let output = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once("close", (exit) => resolve(exit)));
  return { output, code };
}

let probed: Promise<Availability> | undefined;

/** The machine's sandbox, probed once per test file; a test on Linux fails (not skips) when there is none. */
export async function availableSandbox(): Promise<Extract<Availability, { ok: true }>> {
  probed ??= probeSandbox(process.env);
  const availability = await probed;
  if (!availability.ok) throw new Error(`no sandbox on this machine: ${availability.reason} ${availability.detail} (install: apt-get install bubblewrap socat)`);
  return availability;
}

/** Writes files (relative path → text) under a folder, creating folders. */
export async function writeTree(root: string, files: Record<string, string>): Promise<void> {
  for (const [relative, text] of Object.entries(files)) {
    const file = path.join(root, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
}
