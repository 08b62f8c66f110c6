import type { AgentSession, Kernel, SessionSetup } from "@maia/kernel";
import type { SessionsApi } from "@maia/plugin-sessions";
import type { McpServer } from "@agentclientprotocol/sdk";
import type { PermissionsPeer } from "./narrow-rules.ts";

/**
 * What `maia acp` uses of other plugins' APIs, each read through `kernel.plugins.get(name)?.api` and each
 * optional: the plugin may be disabled (or, for a third-party replacement, shaped differently).
 */

/** The sessions plugin's own API (a type-only import: none of its code lands in the bundle from here). */
export type SessionsPeer = Pick<SessionsApi, "nameOf" | "list" | "openForResume" | "adopt">;

export interface TodosPeer {
  todosOf(state: Map<string, unknown>): ReadonlyArray<{ content: string; status: "pending" | "in_progress" | "completed"; activeForm?: string }>;
}

/** Skills are offered to the editor as commands (`/name args` runs `§name args`). */
export interface SkillsPeer {
  skillsOf(setup: SessionSetup): Promise<ReadonlyArray<{ name: string; description: string }>>;
}

/**
 * The MCP plugin's entry point for the servers an ACP client passes in session/new and session/load: the
 * user configured them in the editor, so they connect without `Mcp(...)` allow rules, their tools still
 * asking by default and deny rules still applying. When absent (the plugin disabled), MAIA advertises no MCP
 * capability and says so when a client passes servers anyway. `warnings` (renamed, refused or failed
 * servers) are shown to the editor's user.
 */
export interface McpPeer {
  addClientServers(session: AgentSession, servers: McpServer[]): Promise<{ warnings?: readonly string[] } | undefined>;
}

export function peersOf(kernel: Kernel) {
  const api = <T>(name: string, probe: keyof T & string): T | undefined => {
    const value = kernel.plugins.get<T>(name)?.api;
    return value && typeof (value as Record<string, unknown>)[probe] === "function" ? value : undefined;
  };
  return {
    sessions: api<SessionsPeer>("sessions", "adopt"),
    permissions: api<PermissionsPeer>("permissions", "evaluate"),
    todos: api<TodosPeer>("builtin-tools", "todosOf"),
    skills: api<SkillsPeer>("skills", "skillsOf"),
    mcp: api<McpPeer>("mcp", "addClientServers"),
  };
}

export type Peers = ReturnType<typeof peersOf>;
