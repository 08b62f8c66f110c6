import type { ToolSpec } from "@maia/kernel";

/**
 * When the MCP tools' definitions are sent with every request, and when they are deferred behind the
 * `ToolSearch` tool (`"toolSearch"` in mcp.json):
 * - `auto` (the default): deferred once their definitions would take more than 10 % of the model's context;
 * - `auto:N`: the same with N % (0 to 100; `auto:0` defers as soon as there is one MCP tool);
 * - `always` (or `true`): always deferred; `never` (or `false`): always sent, however many there are.
 */
export type ToolSearchMode = { kind: "auto"; percent: number } | { kind: "always" } | { kind: "never" };

/** Claude Code's default share, kept: a tenth of the context for tool definitions leaves the rest to the work. */
export const DEFAULT_TOOL_SEARCH_PERCENT = 10;
export const DEFAULT_TOOL_SEARCH: ToolSearchMode = { kind: "auto", percent: DEFAULT_TOOL_SEARCH_PERCENT };

/**
 * The context size the share is taken of while the model's is unknown (no /model/info, no ContextWindow):
 * 128,000 tokens, the smallest window of the usual coding models, so an unknown model errs on the side of
 * deferring rather than filling its context.
 */
export const FALLBACK_CONTEXT_TOKENS = 128_000;

/** Parses the setting; undefined for a value MAIA does not know (the caller warns and keeps the default). */
export function parseToolSearch(value: unknown): ToolSearchMode | undefined {
  if (value === true) return { kind: "always" };
  if (value === false) return { kind: "never" };
  if (typeof value !== "string") return undefined;
  if (value === "auto") return DEFAULT_TOOL_SEARCH;
  if (value === "always" || value === "true") return { kind: "always" };
  if (value === "never" || value === "false") return { kind: "never" };
  // The published schema's pattern: no sign, no leading zero, no space (a typo is told, never guessed).
  const match = /^auto:(100|[1-9]?\d)$/.exec(value);
  return match ? { kind: "auto", percent: Number(match[1]) } : undefined;
}

/** The setting as a user writes it (for messages and `/mcp`). */
export function formatToolSearch(mode: ToolSearchMode): string {
  return mode.kind === "auto" ? (mode.percent === DEFAULT_TOOL_SEARCH_PERCENT ? "auto" : `auto:${mode.percent}`) : mode.kind;
}

/**
 * What a tool definition costs in the request, in tokens, estimated as its JSON's length / 4 (the usual
 * ratio for English text and JSON under the BPE tokenizers; the plugin decides before any tokenizer is
 * loaded, and a decision at the boundary either way is harmless).
 */
export function definitionTokens(specs: Iterable<ToolSpec>): number {
  let characters = 0;
  for (const spec of specs) characters += JSON.stringify({ name: spec.name, description: spec.description, parameters: spec.inputSchema }).length;
  return Math.ceil(characters / 4);
}

/** The tokens the MCP tools' definitions may take before they are deferred; undefined: no limit (`never`). */
export function budgetTokens(mode: ToolSearchMode, contextTokens: number | undefined): number | undefined {
  if (mode.kind === "never") return undefined;
  if (mode.kind === "always") return 0;
  return Math.floor(((contextTokens ?? FALLBACK_CONTEXT_TOKENS) * mode.percent) / 100);
}

/** Whether tools whose definitions cost `tokens` are deferred under `budget` (`always` defers even one). */
export function shouldDefer(tokens: number, toolCount: number, budget: number | undefined): boolean {
  if (budget === undefined || toolCount === 0) return false;
  return tokens > budget;
}
