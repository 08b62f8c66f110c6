import type { AgentSession, Kernel, SessionSetup } from "@maia/kernel";

/**
 * What the interactive mode uses of other plugins' APIs, written structurally: any of them may be disabled, and
 * this front end must not import their code (it would land in the bundle's startup path).
 */
export interface LiteLLMPeer {
  /** Throws an error with code MAIA_ERR_SETTINGS (message ready to show) when settings.json is unusable. */
  settings(): Promise<unknown>;
  listModels(signal?: AbortSignal): Promise<string[]>;
}

export interface PermissionsPeer {
  view(): {
    files: Array<{ path: string; found: boolean; rules: Array<{ label: "ALLOW" | "ASK" | "DENY"; rule: string }> }>;
    empty: boolean;
  };
  reload?(): Promise<unknown>;
}

export interface SessionsPeer {
  nameOf?(session: AgentSession): string;
  /** The session to resume, by name or the latest; throws an Error whose message is ready to show. */
  openForResume?(name?: string): Promise<{ name: string }>;
  /** Writes the session before the process ends (seed § 5.5: synchronous write on exit), when the plugin offers it. */
  saveSync?(session: AgentSession): unknown;
}

export interface SkillsPeer {
  /** The skills of a session, as loaded when it was built. */
  skillsOf(setup: SessionSetup): Promise<Array<{ name: string; description: string }>>;
}

export function peer<Api>(kernel: Kernel, name: string): Api | undefined {
  return kernel.plugins.get<Api>(name)?.api;
}

/** A sub-agent run starting or ending (the subagents plugin's SubagentEvent, the fields this front end reads). */
export type SubagentRunEvent = { type: "subagent_start"; run: number; label: string } | { type: "subagent_end"; run: number };

export interface SubagentsPeer {
  /** Follows every sub-agent run (the Agent tool's and `&`'s); returns the function that stops following. */
  subscribe?(listener: (event: SubagentRunEvent) => void): () => void;
}
