import type { AgentSession, AnyTool, ToolSpec } from "@maia/kernel";
import { createToolSearchTool, TOOL_SEARCH_NAME } from "./tool-search.ts";
import { budgetTokens, definitionTokens, DEFAULT_TOOL_SEARCH, shouldDefer, type ToolSearchMode } from "./tool-search-setting.ts";

/** Where a session's MCP tools are, for `/mcp` and the tests. */
export interface PlacementState {
  /** The MCP tools are out of the request; the model finds them with ToolSearch. */
  deferred: boolean;
  /** Deferred tools a search found, sent again from the next request on (within the budget). */
  loaded: number;
  tools: number;
  /** Their definitions' estimated cost in tokens, and what they may take (undefined: no limit, `never`). */
  tokens: number;
  budget: number | undefined;
}

/**
 * Every MCP tool of a session (the catalogue), and where each one is: in `session.tools`, sent with every
 * request, while their definitions fit the budget; past it, all of them leave `session.tools` and the model is
 * offered `ToolSearch` instead, whose description names them. A deferred tool the model calls is bound by
 * `resolve` (the kernel's `resolveTool` hook): the same tool object, so the same permission rules
 * (`Mcp(key,tool)`, "ask" by default), the same connection and the same result handling as an offered one.
 *
 * What a search finds is loaded: those tools are sent, whole, from the next request on, as Claude Code loads the
 * tools its search returns, so a model that only calls the tools it was given can call them. Loaded tools share
 * the budget: past it, the ones found longest ago go back to being deferred (the most recent search's stay).
 *
 * All or nothing, as Claude Code does: a model that sees some of a server's tools and not the others would
 * take the visible ones for the whole server. The choice is made again whenever the catalogue or the budget
 * changes (a server connects or drops, `list_changed`, the model's context size becomes known).
 */
export class ToolPlacement {
  readonly #session: AgentSession;
  readonly #catalogue = new Map<string, AnyTool>();
  readonly #mode: ToolSearchMode;
  #contextTokens: number | undefined;
  #search: AnyTool | undefined;
  /** The names its description lists: it is built again only when they change (a stable request caches better). */
  #searchNames = "";
  #deferred = false;
  /** Names a search found, the oldest first. */
  #loaded: string[] = [];

  constructor(session: AgentSession, mode: ToolSearchMode = DEFAULT_TOOL_SEARCH) {
    this.#session = session;
    this.#mode = mode;
  }

  /** Names the catalogue holds, offered or deferred (a new tool must not take one). */
  has(name: string): boolean {
    return this.#catalogue.has(name);
  }

  add(tools: ReadonlyArray<readonly [string, AnyTool]>): void {
    for (const [name, tool] of tools) this.#catalogue.set(name, tool);
    this.#place();
  }

  remove(names: readonly string[]): void {
    for (const name of names) {
      const tool = this.#catalogue.get(name);
      this.#catalogue.delete(name);
      if (tool !== undefined && this.#session.tools.get(name) === tool) this.#session.tools.delete(name);
    }
    this.#place();
  }

  /** The model's context size, once known (undefined: still unknown, FALLBACK_CONTEXT_TOKENS stands in). */
  setContextTokens(tokens: number | undefined): void {
    this.#contextTokens = tokens;
    this.#place();
  }

  /** A search found these: sent from the next request on, the oldest found dropped past the budget. */
  load(names: readonly string[]): void {
    const found = names.filter((name) => this.#catalogue.has(name));
    this.#loaded = [...this.#loaded.filter((name) => !found.includes(name)), ...found];
    const budget = budgetTokens(this.#mode, this.#contextTokens) ?? Number.POSITIVE_INFINITY;
    const cost = () => definitionTokens(this.#loaded.flatMap((name) => this.#catalogue.get(name)?.spec ?? []));
    while (this.#loaded.length > found.length && cost() > budget) this.#loaded.shift();
    this.#place();
  }

  /** The binding of a call to a deferred tool; undefined for a name that is not one (the next tap may know it). */
  resolve(name: string): AnyTool | undefined {
    return this.#deferred ? this.#catalogue.get(name) : undefined;
  }

  /** Every MCP tool of the session by name, offered or deferred (sub-agents get theirs from here). */
  tools(): ReadonlyMap<string, AnyTool> {
    return new Map(this.#catalogue);
  }

  /** The catalogue's definitions, in order (what ToolSearch searches). */
  specs(): ToolSpec[] {
    return [...this.#catalogue.values()].map((tool) => tool.spec);
  }

  state(): PlacementState {
    const budget = budgetTokens(this.#mode, this.#contextTokens);
    return { deferred: this.#deferred, loaded: this.#loaded.length, tools: this.#catalogue.size, tokens: definitionTokens(this.specs()), budget };
  }

  #place(): void {
    this.#loaded = this.#loaded.filter((name) => this.#catalogue.has(name));
    const { tools: count, tokens, budget } = this.state();
    this.#deferred = shouldDefer(tokens, count, budget);
    if (!this.#deferred) this.#loaded = [];
    const loaded = new Set(this.#loaded);
    const tools = this.#session.tools;
    for (const [name, tool] of this.#catalogue) {
      if (this.#deferred && !loaded.has(name)) {
        if (tools.get(name) === tool) tools.delete(name);
      } else if (!tools.has(name)) {
        tools.set(name, tool);
      }
    }
    const names = [...this.#catalogue.keys()].join("\n");
    const ours = this.#search !== undefined && tools.get(TOOL_SEARCH_NAME) === this.#search;
    if (ours && this.#deferred && names === this.#searchNames) return;
    if (ours) tools.delete(TOOL_SEARCH_NAME);
    this.#search = undefined;
    // Built again so its description names the tools deferred now; never over a tool of that name from elsewhere.
    if (this.#deferred && !tools.has(TOOL_SEARCH_NAME)) {
      this.#search = createToolSearchTool(() => this.specs(), (found) => this.load(found));
      this.#searchNames = names;
      tools.set(TOOL_SEARCH_NAME, this.#search);
    }
  }
}
