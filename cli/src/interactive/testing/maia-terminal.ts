import { existsSync, readFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FakeLiteLLM } from "@maia/fake-litellm";
import { MAIA_BIN, shebangFlags, suiteEnv } from "@maia/testing-maia";
import { TmuxTerminal } from "./tmux-terminal.ts";

/**
 * The bundle under test: cli/dist (built by `pnpm build`), or MAIA_TEST_BIN — a private build, for a developer
 * whose cli/dist is rebuilt by others while the tests run.
 */
export const TEST_BIN = process.env.MAIA_TEST_BIN || MAIA_BIN;

export interface MaiaTerminal {
  terminal: TmuxTerminal;
  cwd: string;
  home: string;
}

export interface StartOptions {
  lang: "en" | "fr";
  args?: string[];
  cwd?: string;
  home?: string;
  env?: NodeJS.ProcessEnv;
  columns?: number;
  rows?: number;
  /** Skips writing ~/.maia/settings.json (the settings-error test). */
  noSettings?: boolean;
  /** Options for Node itself, before the bundle (e.g. `--import` a module recorder). */
  nodeArgs?: string[];
}

/**
 * `maia` (the built bundle, as users run it) in a real terminal, against the fake LiteLLM server: its own HOME
 * and launch folder, the language pinned, true colours announced as a modern terminal does.
 */
export async function startMaia(server: FakeLiteLLM, options: StartOptions): Promise<MaiaTerminal> {
  const home = options.home ?? (await mkdtemp(path.join(os.tmpdir(), "maia-home-")));
  const cwd = options.cwd ?? (await mkdtemp(path.join(os.tmpdir(), "maia-proj-")));
  if (!options.noSettings) await server.writeSettings(home);
  const terminal = await TmuxTerminal.start({
    command: [process.execPath, ...shebangFlags(TEST_BIN), ...(options.nodeArgs ?? []), TEST_BIN, ...(options.args ?? ["--model", "fake-model"])],
    cwd,
    env: {
      PATH: process.env.PATH,
      HOME: home,
      MAIA_LANG: options.lang,
      LANG: "C.UTF-8",
      COLORTERM: "truecolor",
      TERM: "xterm-256color",
      ...options.env,
      ...suiteEnv(),
    },
    ...(options.columns ? { columns: options.columns } : {}),
    ...(options.rows ? { rows: options.rows } : {}),
  });
  return { terminal, cwd, home };
}

export { builtinPlugin } from "@maia/testing-maia";

export function bundleBuilt(): boolean {
  return existsSync(TEST_BIN);
}

/** The text of the last user message of a chat body (string or content parts). */
export function lastUserText(body: { messages?: Array<{ role: string; content?: unknown }> } | undefined): string {
  const message = [...(body?.messages ?? [])].reverse().find((entry) => entry.role === "user");
  const content = message?.content;
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map((part: { text?: string }) => part.text ?? "").join("");
  return "";
}
