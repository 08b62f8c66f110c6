import type { OAuthSettings } from "./oauth/provider.ts";
import type { ToolSearchMode } from "./tool-search-setting.ts";

/** One MCP server as MAIA will start it: validated, `${VAR}` expanded, its transport decided. */
/**
 * `client`: passed by an ACP client (the editor) in session/new or session/load, not read from a file. `plugin`:
 * a Claude Code plugin's (its .mcp.json, or plugin.json's `mcpServers`), which starts only once approved, as a
 * project's does.
 */
export type McpOrigin = "user" | "project" | "client" | "plugin";

/** Origins whose servers start only once the user approved their file's exact content. */
export const APPROVED_ORIGINS: ReadonlySet<McpOrigin> = new Set(["project", "plugin"]);

export interface StdioTransportConfig {
  type: "stdio";
  command: string;
  args: string[];
  /** Added to the SDK's minimal environment (HOME, LOGNAME, PATH, SHELL, TERM, USER): secrets stay home. */
  env: Record<string, string>;
  /** Absolute: a relative `cwd` is resolved against the launch folder. */
  cwd: string;
  /** `"sandbox": true`: the server runs inside the OS sandbox (issue 35); it does not start without one. */
  sandbox?: boolean;
}

export interface HttpTransportConfig {
  /** `http`: Streamable HTTP; `sse`: the legacy HTTP+SSE transport, only when the entry says so. */
  type: "http" | "sse";
  url: string;
  headers: Record<string, string>;
  /**
   * OAuth 2.1 (MCP authorization): the settings of `oauth` in mcp.json, or false when the entry turns it off or
   * sends its own `Authorization` header. Undefined: OAuth with dynamic registration, if the server asks for it.
   */
  oauth?: OAuthSettings | false;
}

export type TransportConfig = StdioTransportConfig | HttpTransportConfig;

export interface McpServerConfig {
  key: string;
  /**
   * The name its OAuth login is kept under (`~/.maia/mcp-auth/<name>-<hash of url>.json`) when it is not `key`: an
   * editor's server renamed because mcp.json has a server of that name shares the login `maia mcp login NAME` made.
   */
  authKey?: string;
  origin: McpOrigin;
  /** The mcp.json it comes from, and the line of its key there. */
  file: string;
  /** The Claude Code plugin it comes from (`formatter@team-tools`), for a `plugin` server. */
  plugin?: string;
  line?: number;
  transport: TransportConfig;
  /**
   * The command line or url as written in the file, `${VAR}` not expanded: what `/mcp` and the approval
   * question show, so that a token put in a variable is never printed.
   */
  display: string;
  /** Allowed to the connection and to each request, tool calls included (seed § 23: 30 s by default). */
  timeoutMs: number;
  includeTools?: string[];
  excludeTools?: string[];
  /** Read from a Claude Code file (`.mcp.json`, `~/.claude.json`): it starts without an `Mcp(...)` allow rule. */
  format?: "maia" | "claude";
}

export interface McpConfigFile {
  path: string;
  origin: McpOrigin;
  format?: "maia" | "claude";
  /** Where its servers are in the file, when not at the top (`~/.claude.json`). */
  at?: string[];
  found: boolean;
  /** sha256 of the file's bytes: a project file's approval is remembered for exactly this content. */
  hash?: string;
}

export interface LoadedMcpConfig {
  /** Servers that may start, user's first, each key once. */
  servers: McpServerConfig[];
  /** Keys present but turned off (`enabled: false`): known to the rules, never started. */
  disabled: string[];
  /** The file each turned-off key is in (for `maia doctor`). */
  disabledIn?: Record<string, string>;
  files: McpConfigFile[];
  warnings: string[];
  /** `"toolSearch"` of mcp.json (the project's over the user's); undefined: the default, `auto`. */
  toolSearch?: ToolSearchMode;
}

/** Seed § 23: the default per-request timeout. */
export const DEFAULT_TIMEOUT_SECONDS = 30;
