import type { Kernel } from "@maia/kernel";
import type { BackgroundApi } from "@maia/plugin-builtin-tools";
import type { HooksApi } from "@maia/plugin-hooks";
import type { LiteLLMApi } from "@maia/plugin-litellm";
import type { PermissionsApi } from "@maia/plugin-permissions";
import type { SessionsApi } from "@maia/plugin-sessions";
import type { SkillsApi } from "@maia/plugin-skills";
import type { SubagentsApi } from "@maia/plugin-subagents";

/**
 * What the interactive mode uses of other plugins' APIs. Any of them may be disabled, so each is looked up and
 * may be absent; the types are the plugins' own, imported as types: none of their code lands in the bundle's
 * startup path, and a changed API fails to compile here instead of drifting.
 */
/** Ctrl+C / Esc stop the hooks no request owns; a turn ended while unfocused is a Notification. */
export type HooksPeer = Pick<HooksApi, "interrupt" | "notifyIdle">;
export type LiteLLMPeer = Pick<LiteLLMApi, "settings" | "listModels">;
export type PermissionsPeer = Pick<PermissionsApi, "view" | "reload">;
/** `saveSync` writes the session before the process ends (seed § 5.5: synchronous write on exit). */
export type SessionsPeer = Pick<SessionsApi, "nameOf" | "openForResume" | "saveSync">;
export type SkillsPeer = Pick<SkillsApi, "skillsOf">;
export type SubagentsPeer = Pick<SubagentsApi, "hooks">;
export type AgentsPeer = Pick<SubagentsApi, "agentsOf">;
/** The commands Bash runs in the background: the status line's count, Ctrl+B, the end of one. */
export type BackgroundPeer = Pick<BackgroundApi, "runningCount" | "foregroundCount" | "moveToBackground" | "onChange" | "list">;

export function peer<Api>(kernel: Kernel, name: string): Api | undefined {
  return kernel.plugins.get<Api>(name)?.api;
}
