import type { Message } from "@maia/kernel";

/**
 * The IPC protocol between MAIA and a sub-agent's process (seed § 20.2). The parent (the subagents plugin) forks
 * `maia --subagent` and sends `start`; the child (the CLI's `--subagent` runner, which reads `start` before any
 * plugin is loaded) relays each confirmation it needs, may log, and ends with `done`. Both sides check what they
 * receive: a message that does not fit is ignored, never trusted.
 */

export type Effort = "low" | "medium" | "high";
export type AgentLevel = "project" | "user";
/** `maia`: a folder with an AGENT.md; `claude`: Claude Code's single `.md` file (front matter, the body is the prompt). */
export type AgentFormat = "maia" | "claude";
export type AgentPermissionMode = "default" | "acceptEdits" | "plan";
export type RuleKind = "allow" | "ask" | "deny";

/** One AGENT.md, checked (seed § 20.1). Plain data: it travels to the child process as JSON. */
export interface AgentDefinition {
  name: string;
  description: string;
  /** A LiteLLM id or a fragment of one; the parent's model when absent. */
  model?: string;
  /** The tools it may use; every tool but Agent when absent. */
  tools?: string[];
  permissions: Record<RuleKind, string[]>;
  effort: Effort;
  /** The skills it may use; all when absent, none when empty. */
  skills?: string[];
  omitMd: boolean;
  trace: boolean;
  instructions: string;
  missions: string;
  constraints?: string;
  output: string;
  file: string;
  level: AgentLevel;
  /** Absent: `maia`. */
  format?: AgentFormat;
  /** A Claude Code agent's body: its whole system prompt (its instructions, missions and output are then empty). */
  prompt?: string;
  /** Claude Code's `disallowedTools`: removed from the tools it gets (before `tools` is applied). */
  disallowedTools?: string[];
  /** Claude Code's `maxTurns`: the model calls it may make, instead of its effort's. */
  maxTurns?: number;
  /** Claude Code's `skills`: skills whose whole text joins its system prompt at start (it may still use the others). */
  preloadSkills?: string[];
  /** Claude Code's `permissionMode`, when MAIA has that mode. */
  permissionMode?: AgentPermissionMode;
  /** The Claude Code plugin it comes from (`formatter@team-tools`): its name is then `<plugin>:<name>`. */
  plugin?: string;
}
export interface StartSpec {
  agent: AgentDefinition;
  task: string;
  /** The launch folder: the child works there. */
  cwd: string;
  /** The model, resolved by the parent (a `litellm:<id>` spec or the parent's own spec). */
  model: string;
  /** The parent's `--allow` rules: inherited like the settings files' rules. */
  allowRules: string[];
  /** False when nobody can answer in the parent (headless): the child refuses what would need a confirmation. */
  canAsk: boolean;
  /**
   * The parent's MCP tools this definition may use (its `tools` list, or all of them): the child offers them
   * under the same names and runs each call through the parent (`mcp-call`), on the parent's connections. Absent:
   * none (a parent without MCP).
   */
  mcpTools?: McpToolOffer[];
}

/** One MCP tool the parent offers the child: the tool's spec as the model sees it. */
export interface McpToolOffer {
  /** `mcp__<server>__<tool>`, as in the parent. */
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
}

/** What a tool call through the parent returns, as the model will read it. */
export interface McpCallResult {
  content: string;
  isError: boolean;
}

export type ParentMessage =
  | { type: "start"; spec: StartSpec }
  | { type: "confirm-result"; id: number; ok: boolean }
  | ({ type: "mcp-result"; id: number } & McpCallResult)
  | { type: "abort" };

export type LogLevel = "info" | "warn" | "error";

export interface DoneMessage {
  type: "done";
  ok: boolean;
  /** The sub-agent's final answer (seed § 20.3.4), or what went wrong when `ok` is false. */
  summary: string;
  /** The child's whole conversation (for the trace). */
  messages: Message[];
  toolCalls: number;
}

export type ChildMessage =
  | { type: "confirm"; id: number; message: string }
  | { type: "log"; level: LogLevel; message: string }
  /** An MCP tool call, permissions already checked by the child: the parent runs it on its connection. */
  | { type: "mcp-call"; id: number; name: string; input: Record<string, unknown> }
  /** The child no longer waits for that call (its turn was interrupted): the parent stops it. */
  | { type: "mcp-cancel"; id: number }
  | DoneMessage;

/** The prefix of every MCP tool's name (`mcp__<server>__<tool>`, seed § 22.4). */
export const MCP_TOOL_PREFIX = "mcp__";

/**
 * Whether a definition's `tools` list lets the sub-agent use the MCP tool `name` (seed § 20.3.1 and § 22): no list
 * means every tool; otherwise the tool's own name (any case) or `Mcp(server)` for all of a server's tools.
 * Both sides use it: the parent offers only these tools, the child keeps them.
 */
export function selectsMcpTool(tools: readonly string[] | undefined, name: string): boolean {
  if (tools === undefined) return true;
  const lower = name.toLowerCase();
  return tools.some((entry) => {
    const server = mcpServerEntry(entry);
    return server === undefined ? entry.toLowerCase() === lower : lower.startsWith(`${MCP_TOOL_PREFIX}${server.toLowerCase()}__`);
  });
}

/** The server of a `tools` entry `Mcp(server)` (spaces allowed inside), undefined for any other entry. */
export function mcpServerEntry(entry: string): string | undefined {
  const match = /^\s*mcp\s*\(\s*([^()\s,]+)\s*\)\s*$/i.exec(entry);
  return match?.[1];
}

/** The flag that makes `maia` a sub-agent's process. */
export const SUBAGENT_FLAG = "--subagent";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";
const isStringList = (value: unknown): value is string[] => Array.isArray(value) && value.every(isString);

/** What the child accepts from the parent. */
export function parseParentMessage(value: unknown): ParentMessage | undefined {
  if (!isRecord(value)) return undefined;
  switch (value.type) {
    case "start":
      return isStartSpec(value.spec) ? { type: "start", spec: value.spec } : undefined;
    case "confirm-result":
      return Number.isInteger(value.id) && typeof value.ok === "boolean" ? { type: "confirm-result", id: value.id as number, ok: value.ok } : undefined;
    case "mcp-result":
      return Number.isInteger(value.id) && isString(value.content) && typeof value.isError === "boolean"
        ? { type: "mcp-result", id: value.id as number, content: value.content, isError: value.isError }
        : undefined;
    case "abort":
      return { type: "abort" };
    default:
      return undefined;
  }
}

/** What the parent accepts from the child. */
export function parseChildMessage(value: unknown): ChildMessage | undefined {
  if (!isRecord(value)) return undefined;
  switch (value.type) {
    case "confirm":
      return Number.isInteger(value.id) && isString(value.message) ? { type: "confirm", id: value.id as number, message: value.message } : undefined;
    case "mcp-call":
      return Number.isInteger(value.id) && isString(value.name) && isRecord(value.input)
        ? { type: "mcp-call", id: value.id as number, name: value.name, input: value.input }
        : undefined;
    case "mcp-cancel":
      return Number.isInteger(value.id) ? { type: "mcp-cancel", id: value.id as number } : undefined;
    case "log":
      return (value.level === "info" || value.level === "warn" || value.level === "error") && isString(value.message)
        ? { type: "log", level: value.level, message: value.message }
        : undefined;
    case "done":
      return typeof value.ok === "boolean" && isString(value.summary) && Array.isArray(value.messages) && value.messages.every(isMessage)
        ? {
            type: "done",
            ok: value.ok,
            summary: value.summary,
            messages: value.messages,
            toolCalls: Number.isInteger(value.toolCalls) && (value.toolCalls as number) >= 0 ? (value.toolCalls as number) : 0,
          }
        : undefined;
    default:
      return undefined;
  }
}

function isStartSpec(value: unknown): value is StartSpec {
  if (!isRecord(value)) return false;
  return (
    isAgentDefinition(value.agent) &&
    isString(value.task) &&
    isString(value.cwd) &&
    isString(value.model) &&
    isStringList(value.allowRules) &&
    typeof value.canAsk === "boolean" &&
    (value.mcpTools === undefined || (Array.isArray(value.mcpTools) && value.mcpTools.every(isMcpToolOffer)))
  );
}

function isMcpToolOffer(value: unknown): value is McpToolOffer {
  return isRecord(value) && isString(value.name) && value.name.startsWith(MCP_TOOL_PREFIX) && isString(value.description) && isRecord(value.inputSchema);
}

function isAgentDefinition(value: unknown): value is AgentDefinition {
  if (!isRecord(value)) return false;
  const permissions = value.permissions;
  return (
    isString(value.name) &&
    isString(value.description) &&
    (value.model === undefined || isString(value.model)) &&
    (value.tools === undefined || isStringList(value.tools)) &&
    (value.skills === undefined || isStringList(value.skills)) &&
    isRecord(permissions) &&
    isStringList(permissions.allow) &&
    isStringList(permissions.ask) &&
    isStringList(permissions.deny) &&
    (value.effort === "low" || value.effort === "medium" || value.effort === "high") &&
    typeof value.omitMd === "boolean" &&
    typeof value.trace === "boolean" &&
    isString(value.instructions) &&
    isString(value.missions) &&
    (value.constraints === undefined || isString(value.constraints)) &&
    isString(value.output) &&
    isString(value.file) &&
    (value.level === "project" || value.level === "user") &&
    (value.format === undefined || value.format === "maia" || value.format === "claude") &&
    (value.prompt === undefined || isString(value.prompt)) &&
    (value.disallowedTools === undefined || isStringList(value.disallowedTools)) &&
    (value.maxTurns === undefined || (Number.isInteger(value.maxTurns) && (value.maxTurns as number) > 0)) &&
    (value.preloadSkills === undefined || isStringList(value.preloadSkills)) &&
    (value.permissionMode === undefined || value.permissionMode === "default" || value.permissionMode === "acceptEdits" || value.permissionMode === "plan") &&
    (value.plugin === undefined || isString(value.plugin))
  );
}

function isMessage(value: unknown): value is Message {
  if (!isRecord(value) || (value.role !== "user" && value.role !== "assistant") || !Array.isArray(value.content)) return false;
  return value.content.every(
    (block) =>
      isRecord(block) &&
      ((block.type === "text" && isString(block.text)) ||
        (block.type === "tool_use" && isString(block.id) && isString(block.name) && isRecord(block.input)) ||
        (block.type === "tool_result" && isString(block.toolUseId) && isString(block.content))),
  );
}
