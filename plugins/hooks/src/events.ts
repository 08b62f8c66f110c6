/** The events of Claude Code's hooks that MAIA fires, with the names its users already write. */
export const HOOK_EVENTS = [
  "PreToolUse",
  "PostToolUse",
  "UserPromptSubmit",
  "Stop",
  "SubagentStop",
  "SessionStart",
  "SessionEnd",
  "PreCompact",
  "Notification",
  // Claude Code's newer events that MAIA has a moment for (its hooks reference).
  "PermissionRequest",
  "PostToolUseFailure",
  "SubagentStart",
  "PostCompact",
  "StopFailure",
] as const;

/**
 * Claude Code's events MAIA has no moment for: their hooks are read, not run, and named in one warning per file
 * (never dropped in silence).
 */
export const CLAUDE_ONLY_EVENTS = [
  "Setup",
  "UserPromptExpansion",
  "PermissionDenied",
  "PostToolBatch",
  "MessageDisplay",
  "TaskCreated",
  "TaskCompleted",
  "TeammateIdle",
  "InstructionsLoaded",
  "ConfigChange",
  "CwdChanged",
  "DirectoryAdded",
  "FileChanged",
  "WorktreeCreate",
  "WorktreeRemove",
  "Elicitation",
  "ElicitationResult",
] as const;

export type HookEvent = (typeof HOOK_EVENTS)[number];

export function isHookEvent(name: string): name is HookEvent {
  return (HOOK_EVENTS as readonly string[]).includes(name);
}

/**
 * What a matcher is compared with, per event (Claude Code's rules): the tool name for tool events, the source
 * for SessionStart, the trigger for PreCompact, the notification type for Notification. The other events have
 * no matcher: every group runs.
 */
export const MATCHED_ON: Partial<Record<HookEvent, string>> = {
  PreToolUse: "tool_name",
  PostToolUse: "tool_name",
  PostToolUseFailure: "tool_name",
  PermissionRequest: "tool_name",
  SubagentStart: "agent_type",
  PostCompact: "trigger",
  SessionStart: "source",
  PreCompact: "trigger",
  Notification: "notification_type",
};

/** The JSON a hook command reads on stdin: the common fields, then the event's own (snake_case, as Claude Code). */
export interface HookInput {
  session_id: string;
  transcript_path: string;
  cwd: string;
  hook_event_name: HookEvent;
  [field: string]: unknown;
}
