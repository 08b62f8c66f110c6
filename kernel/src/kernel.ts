import type { AgentEvents } from "./contracts/events.ts";
import type { InteractionPort } from "./contracts/interaction.ts";
import type { AgentSession, SessionSetup } from "./contracts/session.ts";
import type { TurnOutcome } from "./contracts/hooks.ts";
import type { MaiaError } from "@maia/util/maia-error";
import { InstrumentedHooks } from "./hooks/instrumented-hooks.ts";
import type { HookTable } from "./hooks/hooks.ts";
import { createSession } from "./loop/create-session.ts";
import { runTurn, type RunTurnOptions } from "./loop/run-turn.ts";
import type { PluginLogger, RuntimeInfo } from "./plugins/define-plugin.ts";
import { KERNEL_VERSION, PluginHost, type LoadOptions, type PluginCandidate, type PluginRecord } from "./plugins/plugin-host.ts";

export interface KernelOptions {
  runtime: Omit<RuntimeInfo, "kernelVersion">;
  log: PluginLogger;
  /** Errors of taps at run time (MAIA_PLUGIN_ERROR); logged as warnings by default. */
  onPluginError?: (error: MaiaError) => void;
}

/**
 * The composition root: one hook table, one plugin host, and the loop bound to them. Front ends hold a
 * Kernel; plugins only ever see their PluginContext.
 */
export class Kernel {
  readonly runtime: RuntimeInfo;
  readonly log: PluginLogger;
  readonly instrumented: InstrumentedHooks;
  readonly plugins: PluginHost;

  constructor(options: KernelOptions) {
    this.runtime = { ...options.runtime, kernelVersion: KERNEL_VERSION };
    this.log = options.log;
    const report = options.onPluginError ?? ((error: MaiaError) => options.log.warn(error.message));
    this.instrumented = new InstrumentedHooks(report);
    this.plugins = new PluginHost(this.instrumented, this.runtime, options.log);
  }

  get hooks(): HookTable {
    return this.instrumented.table;
  }

  loadPlugins(candidates: readonly PluginCandidate[], options?: LoadOptions): Promise<PluginRecord[]> {
    return this.plugins.load(candidates, options);
  }

  createSession(
    setup: Partial<SessionSetup> & Pick<SessionSetup, "model">,
    options: { interaction: InteractionPort; events?: AgentEvents; maxIterations?: number },
  ): Promise<AgentSession> {
    const full: SessionSetup = {
      cwd: this.runtime.cwd,
      homeDir: this.runtime.homeDir,
      env: this.runtime.env,
      frontEnd: this.runtime.frontEnd,
      ...setup,
    };
    return createSession(this.hooks, full, options);
  }

  runTurn(session: AgentSession, text: string, options?: RunTurnOptions): Promise<TurnOutcome> {
    return runTurn(this.hooks, session, text, options);
  }

  /** Leaves a session: `sessionEnd` lets plugins save and close what they opened. */
  endSession(session: AgentSession): Promise<void> {
    return this.hooks.sessionEnd.promise(session);
  }
}
