import { readFileSync } from "node:fs";
import { execFile, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The built bundle that users run (`pnpm build` makes it; `pnpm test` builds first). */
export const MAIA_BIN = fileURLToPath(new URL("../../../cli/dist/maia.js", import.meta.url));

export interface MaiaRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface RunMaiaOptions {
  cwd: string;
  home: string;
  env?: NodeJS.ProcessEnv;
  input?: string;
  timeoutMs?: number;
  /**
   * An executable run as is instead of `node cli/dist/maia.js`: an installed `maia` (its bin link), started
   * through its shebang by the first `node` on the PATH given in `env`.
   */
  bin?: string;
}

/**
 * Runs `maia` as a real process, the way a user or a script does: its own HOME, launch folder and environment,
 * with the locale pinned to English unless the test says otherwise.
 */
export function runMaia(args: string[], options: RunMaiaOptions): Promise<MaiaRun> {
  return new Promise((resolve, reject) => {
    const [file, words] = command(args, options);
    const child = execFile(
      file,
      words,
      {
        cwd: options.cwd,
        env: baseEnv(options),
        timeout: options.timeoutMs ?? 45_000,
        maxBuffer: 64 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        const code = error && typeof (error as { code?: unknown }).code === "number" ? (error as { code: number }).code : error ? null : 0;
        if (error && code === null && !("code" in error)) reject(error);
        else resolve({ code, stdout, stderr });
      },
    );
    child.stdin?.end(options.input ?? "");
  });
}

/** Starts `maia` and hands back the child, for tests that interrupt it or read it as it streams. */
export function spawnMaia(args: string[], options: RunMaiaOptions) {
  const [file, words] = command(args, options);
  return spawn(file, words, { cwd: options.cwd, env: baseEnv(options), stdio: ["pipe", "pipe", "pipe"] });
}

function command(args: string[], options: RunMaiaOptions): [string, string[]] {
  return options.bin === undefined ? [process.execPath, [...shebangFlags(MAIA_BIN), MAIA_BIN, ...args]] : [options.bin, args];
}

const flagsOf = new Map<string, string[]>();

/**
 * The Node flags of a bundle's shebang (`#!/usr/bin/env -S node --flag…`): a test that starts the bundle with
 * `node` gives them as the `maia` command does, so that what runs is what ships (the young generation's size,
 * `--expose-gc` for the collection after a turn).
 */
export function shebangFlags(bundle: string): string[] {
  let flags = flagsOf.get(bundle);
  if (flags === undefined) {
    let first = "";
    try {
      first = readFileSync(bundle, "utf8").slice(0, 300).split("\n", 1)[0] ?? "";
    } catch {
      // Not built: the test that needs it says so.
    }
    const words = first.startsWith("#!") ? first.slice(2).trim().split(/\s+/) : [];
    const node = words.findIndex((word) => word === "node" || word.endsWith("/node"));
    flags = node === -1 ? [] : words.slice(node + 1);
    flagsOf.set(bundle, flags);
  }
  return flags;
}

/**
 * What every `maia` a test starts inherits from the test run whatever its own environment: the folder where it
 * notes the shipped files it loads (MAIA_TRACE_LOADS, set by scripts/test.sh for the lazy-module coverage check).
 */
export function suiteEnv(): NodeJS.ProcessEnv {
  return process.env.MAIA_TRACE_LOADS ? { MAIA_TRACE_LOADS: process.env.MAIA_TRACE_LOADS } : {};
}

function baseEnv(options: RunMaiaOptions): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: options.home, MAIA_LANG: "en", ...options.env, ...suiteEnv() };
  delete env.INIT_CWD;
  delete env.MAIA_CWD;
  if (options.env?.MAIA_CWD) env.MAIA_CWD = options.env.MAIA_CWD;
  return env;
}

/** One line of `maia -p --output-format stream-json` (cli/src/headless/output.ts), with the fields tests read. */
export interface StreamEvent {
  type: string;
  text?: string;
  id?: string;
  name?: string;
  content?: string;
  isError?: boolean;
  message?: string;
  stopReason?: string;
  /** `permission`: a call refused for want of someone to answer, why it asked, and the rules that would allow it. */
  outcome?: string;
  uncovered?: string[];
  rules?: string[];
  /** `tool_use` / `tool_result`: the call runs inside the OS sandbox (true) or outside it (false). */
  sandboxed?: boolean;
}

/** The events of a `--output-format stream-json` run: one JSON object per non-empty line of its output. */
export function streamEvents(stdout: string): StreamEvent[] {
  return stdout
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as StreamEvent);
}
