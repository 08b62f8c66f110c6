/**
 * Tool names offered to the model (seed § 22.4): `mcp__<key>__<tool>`, the tool part cleaned to
 * [A-Za-z0-9_-] and the whole cut at 64 characters, the limit of the OpenAI function-name field that LiteLLM
 * forwards. Keys are checked at load time (no `__`, short enough to leave room for a tool), so the key can
 * always be read back from the name: the permission rules `Mcp(key,tool)` rely on it.
 */
export const MAX_TOOL_NAME = 64;
export const TOOL_PREFIX = "mcp__";
/** Longest key that still leaves 8 characters to the tool's own name. */
export const MAX_SERVER_KEY = MAX_TOOL_NAME - TOOL_PREFIX.length - 2 - 8;

const SERVER_KEY = /^[A-Za-z0-9_-]+$/;

/**
 * A key ending with `_` is refused too: `mcp__a___tool` would read back as server `a` (names are split at the
 * first `__`), and the rules written for `a_` would never match its calls.
 */
export function isValidServerKey(key: string): boolean {
  return SERVER_KEY.test(key) && !key.includes("__") && !key.endsWith("_") && key.length <= MAX_SERVER_KEY;
}

/** The name under which a server's tool is offered; only [A-Za-z0-9_-], at most 64 characters. */
export function mcpToolName(key: string, tool: string): string {
  const cleaned = tool.replace(/[^A-Za-z0-9_-]/g, "_") || "_";
  return `${TOOL_PREFIX}${key}__${cleaned}`.slice(0, MAX_TOOL_NAME);
}

/**
 * A valid key made from a name chosen elsewhere (an ACP client's server name): characters outside
 * [A-Za-z0-9_-] become `_`, runs of `_` shrink to one (no `__`), no trailing `_`, cut to MAX_SERVER_KEY.
 */
export function sanitizeServerKey(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9_-]/g, "_").replace(/_{2,}/g, "_");
  const key = cleaned.slice(0, MAX_SERVER_KEY).replace(/_+$/, "");
  return key === "" ? "client" : key;
}
