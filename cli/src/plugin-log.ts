import type { LogOrigin } from "@maia/kernel";

/**
 * A plugin's log line as front ends print it: the message first (what the user reads, and what scripts match),
 * then the plugin that wrote it in brackets — `WARN MCP server "mute" failed: no answer within 1 s [mcp]`.
 */
export function attributed(message: string, origin?: LogOrigin): string {
  return origin ? `${message} [${origin.plugin}]` : message;
}
