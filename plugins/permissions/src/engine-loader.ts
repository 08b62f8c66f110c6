import type * as EngineModule from "./engine.ts";

export type Engine = typeof EngineModule;

let loading: Promise<Engine> | undefined;

/**
 * The engine (engine.ts), imported once, on first use: `maia -p` without a tool call, and an interactive session
 * until its first call, never load the Bash analysis and the evaluation code (issue 22). Loading the rules
 * (settings-files.ts, rule-syntax.ts) stays at start, so that a bad rule is reported when MAIA starts.
 */
export function loadEngine(): Promise<Engine> {
  return (loading ??= import("./engine.ts"));
}
