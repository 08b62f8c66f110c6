/**
 * Claude Code's tool names (its tools reference) and what they are in MAIA. Used where a Claude Code file names
 * tools: a sub-agent's `tools` and `disallowedTools`, and permission rules. A name maps to the MAIA tool that
 * does the same thing; a tool MAIA has no counterpart for is `missing` (the caller names it in one warning).
 */
export type ToolMapping =
  | { kind: "tool"; maia: string }
  /** `mcp__server` or `mcp__server__*`: every tool of that MCP server (`Mcp(server)` in MAIA). */
  | { kind: "mcpServer"; server: string }
  /** `mcp__server__tool`: that MCP tool, under the same name in MAIA. */
  | { kind: "mcpTool"; server: string; tool: string }
  | { kind: "missing" }
  /** Not a tool name of Claude Code: a MAIA custom tool, a third-party plugin's tool… kept as written. */
  | { kind: "unknown" };

/** Claude Code's tools that MAIA has under the same or another name. */
const SAME_OR_RENAMED: Readonly<Record<string, string>> = {
  Read: "Read",
  Write: "Write",
  Edit: "Edit",
  Glob: "Glob",
  Grep: "Grep",
  Bash: "Bash",
  WebFetch: "WebFetch",
  TodoWrite: "TodoWrite",
  Skill: "Skill",
  Agent: "Agent",
  // The Agent tool's name before Claude Code 2.1.63; still an alias there.
  Task: "Agent",
  // The task tools that replaced TodoWrite in Claude Code: MAIA's checklist is TodoWrite.
  TaskCreate: "TodoWrite",
  TaskUpdate: "TodoWrite",
  TaskList: "TodoWrite",
  TaskGet: "TodoWrite",
  // Older Claude Code tools, folded into Glob and Read there as here.
  LS: "Glob",
  NotebookRead: "Read",
  // Background commands (issue 39): Claude Code's names, older and newer (TaskOutput and TaskStop also reach its
  // background sub-agents, which MAIA does not have).
  BashOutput: "BashOutput",
  KillShell: "KillShell",
  KillBash: "KillShell",
  TaskOutput: "BashOutput",
  TaskStop: "KillShell",
};

/** Claude Code's tools that MAIA does not have (its tools reference, older names included). */
export const MISSING_TOOLS: readonly string[] = [
  "MultiEdit",
  "NotebookEdit",
  "WebSearch",
  "AskUserQuestion",
  "EnterPlanMode",
  "ExitPlanMode",
  "EnterWorktree",
  "ExitWorktree",
  "SlashCommand",
  "PowerShell",
  "LSP",
  "Monitor",
  "ListMcpResourcesTool",
  "ReadMcpResourceTool",
  "SendMessage",
  "ListAgents",
  "CronCreate",
  "CronDelete",
  "CronList",
  "ScheduleWakeup",
  "ToolSearch",
  "WaitForMcpServers",
  "Workflow",
  "Artifact",
  "PushNotification",
  "RemoteTrigger",
  "ReportFindings",
  "SendUserFile",
  "ShareOnboardingGuide",
  "EndConversation",
  "Cd",
];

const MCP_NAME = /^mcp__([A-Za-z0-9_-]+?)(?:__(.+))?$/;

/** What a Claude Code tool name (as written in a `tools` list or a rule, without the parentheses) is in MAIA. */
export function mapToolName(name: string): ToolMapping {
  const trimmed = name.trim();
  // Own keys only: `__proto__` or `constructor` is a name like any other, not the table's prototype.
  if (Object.hasOwn(SAME_OR_RENAMED, trimmed)) return { kind: "tool", maia: SAME_OR_RENAMED[trimmed] as string };
  if (MISSING_TOOLS.includes(trimmed)) return { kind: "missing" };
  const mcp = MCP_NAME.exec(trimmed);
  if (mcp) {
    const server = mcp[1] as string;
    const tool = mcp[2];
    if (tool === undefined || tool === "*") return { kind: "mcpServer", server };
    return { kind: "mcpTool", server, tool };
  }
  return { kind: "unknown" };
}

/** MAIA's own built-in tools, for tool-name globs of Claude Code deny rules (`"B*"`). */
export const MAIA_TOOLS: readonly string[] = ["Read", "Write", "Edit", "Glob", "Grep", "Bash", "BashOutput", "KillShell", "TodoWrite", "WebFetch", "CurrentModel", "Skill", "Agent"];
