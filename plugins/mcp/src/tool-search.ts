import type { AnyTool, JsonSchema, Tool, ToolSpec } from "@maia/kernel";
import { t } from "./messages.ts";

/** The tool the model is offered in place of the deferred MCP tools (Claude Code's name, so its habits carry over). */
export const TOOL_SEARCH_NAME = "ToolSearch";
export const DEFAULT_SEARCH_RESULTS = 5;
export const MAX_SEARCH_RESULTS = 20;

/** `select:a,b`: those tools by name (the full `mcp__key__tool`, or the part after the last `__`). */
const SELECT_PREFIX = "select:";

/**
 * The deferred tools that answer a query, best first, at most `limit`. A query is either `select:` and names,
 * or words: each word scores where it is found — a whole word of the tool's name (server included) counts most,
 * then a part of the name, a word of the description, a parameter's name, a part of the description — and a
 * tool that matches no word is left out. Ties keep the catalogue's order (servers, then each server's order).
 */
export function searchTools(query: string, specs: readonly ToolSpec[], limit = DEFAULT_SEARCH_RESULTS): ToolSpec[] {
  const count = Math.max(1, Math.min(MAX_SEARCH_RESULTS, Math.floor(limit)));
  const trimmed = query.trim();
  if (trimmed.toLowerCase().startsWith(SELECT_PREFIX)) return selectByName(trimmed.slice(SELECT_PREFIX.length), specs).slice(0, MAX_SEARCH_RESULTS);
  const terms = wordsOf(trimmed);
  if (terms.length === 0) return [];
  const exact = specs.find((spec) => spec.name.toLowerCase() === trimmed.toLowerCase());
  const scored = specs
    .map((spec, index) => ({ spec, index, score: spec === exact ? Number.MAX_SAFE_INTEGER : scoreOf(spec, terms) }))
    .filter((entry) => entry.score > 0);
  scored.sort((a, b) => b.score - a.score || a.index - b.index);
  return scored.slice(0, count).map((entry) => entry.spec);
}

function selectByName(list: string, specs: readonly ToolSpec[]): ToolSpec[] {
  const chosen: ToolSpec[] = [];
  for (const wanted of list.split(",").map((name) => name.trim().toLowerCase()).filter((name) => name !== "")) {
    const found = specs.find((spec) => spec.name.toLowerCase() === wanted) ?? specs.find((spec) => shortName(spec.name).toLowerCase() === wanted);
    if (found && !chosen.includes(found)) chosen.push(found);
  }
  return chosen;
}

/** `mcp__github__create_issue` → `create_issue`. */
function shortName(name: string): string {
  const cut = name.lastIndexOf("__");
  return cut === -1 ? name : name.slice(cut + 2);
}

const NAME_WORD = 10;
const NAME_PART = 5;
const DESCRIPTION_WORD = 3;
const PARAMETER_WORD = 2;
const DESCRIPTION_PART = 1;

function scoreOf(spec: ToolSpec, terms: readonly string[]): number {
  const nameWords = new Set(wordsOf(spec.name));
  const name = spec.name.toLowerCase();
  const description = spec.description.toLowerCase();
  const descriptionWords = new Set(wordsOf(spec.description));
  const parameterWords = new Set(parameterNames(spec.inputSchema).flatMap(wordsOf));
  let score = 0;
  for (const term of terms) {
    if (nameWords.has(term)) score += NAME_WORD;
    else if (name.includes(term)) score += NAME_PART;
    if (descriptionWords.has(term)) score += DESCRIPTION_WORD;
    else if (term.length >= 3 && description.includes(term)) score += DESCRIPTION_PART;
    if (parameterWords.has(term)) score += PARAMETER_WORD;
  }
  return score;
}

/** Lower-case words of a name or a text: split on anything not a letter or digit, and on camelCase. */
export function wordsOf(text: string): string[] {
  return text
    .replace(/([\p{Ll}\d])(\p{Lu})/gu, "$1 $2")
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== "");
}

function parameterNames(schema: JsonSchema): string[] {
  const properties = (schema as { properties?: unknown }).properties;
  return typeof properties === "object" && properties !== null && !Array.isArray(properties) ? Object.keys(properties) : [];
}

/** What the model reads back: each tool's name, description and input schema, as data. */
export function formatMatches(query: string, matches: readonly ToolSpec[]): string {
  if (matches.length === 0) return t("searchNone", { query });
  const blocks = matches.map((spec) => t("searchMatch", { name: spec.name, description: spec.description, schema: JSON.stringify(spec.inputSchema) }));
  return `${t("searchHeader", { count: matches.length, query })}\n\n${blocks.join("\n\n")}`;
}

interface SearchInput extends Record<string, unknown> {
  query: string;
  max_results?: number;
}

/**
 * The `ToolSearch` tool of a session whose MCP tools are deferred: its description names every deferred tool
 * (names only: the model knows what exists), a call returns the full definitions of those that match, which
 * `onFound` loads into the following requests. It
 * reads nothing but the session's catalogue, so it runs without a question; the tools it finds still go
 * through the permission rules when they are called.
 */
export function createToolSearchTool(catalogue: () => readonly ToolSpec[], onFound: (names: string[]) => void = () => undefined): AnyTool {
  const names = catalogue().map((spec) => spec.name);
  const tool: Tool<SearchInput> = {
    spec: {
      name: TOOL_SEARCH_NAME,
      description: t("searchDescription", { count: names.length, max: MAX_SEARCH_RESULTS, names: names.join(", ") }),
      inputSchema: {
        type: "object",
        properties: {
          query: { type: "string", description: t("searchQueryParameter") },
          max_results: { type: "integer", minimum: 1, maximum: MAX_SEARCH_RESULTS, description: t("searchLimitParameter", { default: DEFAULT_SEARCH_RESULTS }) },
        },
        required: ["query"],
        additionalProperties: false,
      },
    },
    permission: "auto",
    kind: "search",
    describe: (input) => input.query,
    execute: async (input) => {
      const found = searchTools(input.query, catalogue(), input.max_results ?? DEFAULT_SEARCH_RESULTS);
      onFound(found.map((spec) => spec.name));
      return formatMatches(input.query, found);
    },
  };
  return tool;
}
