/**
 * The first-party plugins, in the order they are applied when nothing else decides. Each is imported only
 * when enabled (a disabled plugin is neither imported nor validated), and each import is its own chunk of
 * the bundle, so start-up pays only for what is on.
 */
export interface BuiltinPlugin {
  name: string;
  load: () => Promise<unknown>;
  /** Applied only when MAIA runs a subcommand (or lists plugins): a plugin that only adds `maia <name>`. */
  subcommandOnly?: boolean;
}

export const BUILTIN_PLUGINS: readonly BuiltinPlugin[] = [
  { name: "litellm", load: () => import("@maia/plugin-litellm") },
  { name: "builtin-tools", load: () => import("@maia/plugin-builtin-tools") },
  { name: "permissions", load: () => import("@maia/plugin-permissions") },
  { name: "sandbox", load: () => import("@maia/plugin-sandbox") },
  // Before the plugins whose loaders read what it contributes (skills, MCP, agents, hooks, commands).
  { name: "claude-plugins", load: () => import("@maia/plugin-claude-plugins") },
  { name: "shell", load: () => import("@maia/plugin-shell") },
  { name: "file-refs", load: () => import("@maia/plugin-file-refs") },
  { name: "context", load: () => import("@maia/plugin-context") },
  { name: "sessions", load: () => import("@maia/plugin-sessions") },
  { name: "compaction", load: () => import("@maia/plugin-compaction") },
  { name: "memory", load: () => import("@maia/plugin-memory") },
  { name: "skills", load: () => import("@maia/plugin-skills") },
  { name: "custom-tools", load: () => import("@maia/plugin-custom-tools") },
  { name: "mcp", load: () => import("@maia/plugin-mcp") },
  { name: "subagents", load: () => import("@maia/plugin-subagents") },
  { name: "checkpoints", load: () => import("@maia/plugin-checkpoints") },
  { name: "hooks", load: () => import("@maia/plugin-hooks") },
  { name: "commands", load: () => import("@maia/plugin-commands") },
  { name: "doctor", load: () => import("@maia/plugin-doctor") },
  { name: "hub", load: () => import("@maia/plugin-hub"), subcommandOnly: true },
];
