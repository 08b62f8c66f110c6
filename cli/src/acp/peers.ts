import type { Kernel } from "@maia/kernel";
import type { BuiltinToolsApi } from "@maia/plugin-builtin-tools";
import type { McpApi } from "@maia/plugin-mcp";
import type { PermissionsApi } from "@maia/plugin-permissions";
import type { SessionsApi } from "@maia/plugin-sessions";
import type { SkillsApi } from "@maia/plugin-skills";

/**
 * What `maia acp` uses of other plugins' APIs, each read through `kernel.plugins.get(name)?.api` and each
 * optional: the plugin may be disabled (or, for a third-party replacement, shaped differently). Every type is
 * the plugin's own, imported as a type: none of their code lands in the bundle from here, and a changed API
 * fails to compile here instead of drifting.
 */
export type SessionsPeer = Pick<SessionsApi, "nameOf" | "list" | "openForResume" | "resume" | "adopt">;
/** Verdicts, and "always allow / deny" written as the narrowest rule. */
export type PermissionsPeer = Pick<PermissionsApi, "evaluate" | "remember">;
/** Skills are offered to the editor as commands (`/name args` runs `§name args`). */
export type SkillsPeer = Pick<SkillsApi, "skillsOf">;
/**
 * The MCP plugin's entry point for the servers an ACP client passes in session/new and session/load: the
 * user configured them in the editor, so they connect without `Mcp(...)` allow rules, their tools still
 * asking by default and deny rules still applying. When absent (the plugin disabled), MAIA advertises no MCP
 * capability and says so when a client passes servers anyway. `warnings` (renamed, refused or failed
 * servers) are shown to the editor's user.
 */
export type McpPeer = Pick<McpApi, "addClientServers">;

/** The commands Bash runs in the background: followed as tool calls, stopped by `_maia/background/kill`. */
export type BackgroundPeer = Pick<NonNullable<BuiltinToolsApi["background"]>, "follow" | "kill" | "list">;

export function peersOf(kernel: Kernel) {
  const api = <T>(name: string, probe: keyof T & string): T | undefined => {
    const value = kernel.plugins.get<T>(name)?.api;
    return value && typeof (value as Record<string, unknown>)[probe] === "function" ? value : undefined;
  };
  return {
    sessions: api<SessionsPeer>("sessions", "resume"),
    permissions: api<PermissionsPeer>("permissions", "remember"),
    skills: api<SkillsPeer>("skills", "skillsOf"),
    mcp: api<McpPeer>("mcp", "addClientServers"),
    background: backgroundOf(kernel),
  };
}

export type Peers = ReturnType<typeof peersOf>;

function backgroundOf(kernel: Kernel): BackgroundPeer | undefined {
  const background = kernel.plugins.get<Pick<BuiltinToolsApi, "background">>("builtin-tools")?.api?.background;
  return background && typeof background.follow === "function" ? background : undefined;
}
