import type { ChildProcess } from "node:child_process";
import { definePlugin } from "@maia/kernel";
import type { SandboxSpawnOptions } from "@maia/sandbox";
import type { SandboxSettings } from "@maia/sandbox/settings";
import { formatView } from "./format-view.ts";
import { sandboxSlashCommand, sandboxSubcommand } from "./sandbox-command.ts";
import { SandboxState, type BashPlan, type StateView } from "./sandbox-state.ts";

const PLUGIN_NAME = "sandbox";

/** What the Bash tool, custom tools, MCP, the permissions plugin and the front ends use, through `plugins.get("sandbox")?.api`. */
export interface SandboxApi {
  /** How a Bash call will run: sandboxed, outside (and why), or refused (failIfUnavailable, allowUnsandboxedCommands). */
  planBash(input: { command?: unknown; dangerouslyDisableSandbox?: unknown }): Promise<BashPlan>;
  /** The same from what is already known, without waiting; undefined before the machine was probed. */
  sandboxedNow(input: { command?: unknown; dangerouslyDisableSandbox?: unknown }): boolean | undefined;
  /**
   * The seam: spawns a command line inside the sandbox of the launch folder and returns the process (in its own
   * process group; killing the group ends the sandbox). Rejects when there is no sandbox or it cannot start.
   */
  spawn(command: string, options: SandboxSpawnOptions): Promise<ChildProcess>;
  /**
   * SIGTERM to what runs a command `spawn` started (its process's pid): inside the sandbox on Linux, where a signal
   * to the sandbox's group would end it at once with SIGKILL for all. The caller sends SIGKILL to the group after
   * its grace. False when nothing is left to signal.
   */
  terminate(pid: number): boolean;
  /** The seam as a program and arguments, for a caller that spawns the process itself (custom tools, MCP servers). */
  wrap(argv: readonly string[], options: Omit<SandboxSpawnOptions, "output">): Promise<{ file: string; args: string[]; env: Record<string, string>; cwd: string }>;
  /** The sentence the model reads when the sandbox most likely stopped a command (since: when it started, ms). */
  explain(command: string, output: string, since: number): Promise<string | undefined>;
  /** on / off / unavailable; probes the machine on first call. */
  state(): Promise<{ state: StateView["state"]; why?: string }>;
  /** The state once probed, for a status line; listeners hear each change. */
  known(): StateView["state"] | undefined;
  onChange(listener: (state: StateView["state"]) => void): () => void;
  /** The merged `sandbox` settings (Claude Code's keys). */
  settings(): Promise<SandboxSettings>;
  view(): Promise<StateView>;
  format(): Promise<string>;
}

/**
 * The OS sandbox of issue 35: reads the `sandbox` object of MAIA's and Claude Code's settings files, probes the
 * machine on first need (bubblewrap, Seatbelt), and offers the seam every command that must stay inside goes
 * through — Bash, custom tools, MCP stdio servers that opt in, `maia sandbox run`. The mechanics
 * (@maia/sandbox) load with the first sandboxed command: nothing of it runs at start.
 */
export default definePlugin<Record<string, never>, SandboxApi>({
  name: PLUGIN_NAME,
  version: "1.0.0",
  kernel: "^1.0.0",
  description: "OS sandbox for Bash, custom tools and opted-in MCP servers (bubblewrap, Seatbelt): settings.json `sandbox`, /sandbox, maia sandbox",
  apply(context) {
    const { cwd, homeDir, env } = context.runtime;
    const state = new SandboxState({
      cwd,
      homeDir,
      env,
      warn: (message) => context.log.warn(message),
      webFetchDomains: () => webFetchDomains(context.plugins.get<{ rules(): readonly { kind: string; tool: string; pattern: string | undefined }[] }>("permissions")?.api?.rules() ?? []),
    });
    // A new session reads the files again, as the permission rules are.
    context.hooks.sessionStart.tapPromise(PLUGIN_NAME, async () => {
      await state.reload();
    });
    context.commands.register(sandboxSlashCommand(state, homeDir));
    context.subcommands.register(sandboxSubcommand(state));
    const api: SandboxApi = {
      planBash: (input) => state.planBash(input),
      sandboxedNow: (input) => state.sandboxedNow(input),
      spawn: (command, options) => state.spawn(command, options),
      terminate: (pid) => state.terminate(pid),
      wrap: async (argv, options) => (await state.sandbox()).wrap(argv, options),
      explain: (command, output, since) => state.explain(command, output, since),
      state: () => state.state(),
      known: () => state.known,
      onChange: (listener) => state.onChange(listener),
      settings: () => state.settings(),
      view: () => state.view(),
      format: async () => formatView(await state.view(), homeDir),
    };
    return api;
  },
});

/** `WebFetch(domain:x)` allow rules: Claude Code lets the sandbox reach those domains too. */
function webFetchDomains(rules: readonly { kind: string; tool: string; pattern: string | undefined }[]): string[] {
  return rules.flatMap((rule) => (rule.kind === "allow" && rule.tool === "WebFetch" && rule.pattern?.startsWith("domain:") ? [rule.pattern.slice("domain:".length).trim()] : []));
}

export type { BashPlan, StateView } from "./sandbox-state.ts";
export { isExcludedCommand } from "./excluded-commands.ts";
