import type { AgentSession, Kernel } from "@maia/kernel";
import type { CompletionItem } from "./completion-item.ts";
import { rankNamed } from "./rank.ts";

/**
 * What a plugin's API may offer to complete `@` references that are not paths (the mcp plugin's
 * `@<server>:<uri>`): any plugin whose API has this method is a source, so the input box knows no plugin by name.
 * It answers from what the plugin already holds, without waiting.
 */
export interface ReferenceSource {
  referenceCompletions(session?: AgentSession): ReadonlyArray<{ value: string; hint?: string }>;
}

function isSource(api: unknown): api is ReferenceSource {
  return typeof api === "object" && api !== null && typeof (api as Partial<ReferenceSource>).referenceCompletions === "function";
}

/**
 * The plugins' references matching `query`, best first, for a non-empty query only (`@` alone lists the paths);
 * a source that throws offers nothing, the others still do.
 */
export function referenceItems(kernel: Kernel, session: AgentSession, query: string, limit: number): CompletionItem[] {
  if (query === "") return [];
  const items: CompletionItem[] = [];
  for (const record of kernel.plugins.records()) {
    if (record.state !== "active") continue;
    const api = kernel.plugins.get(record.name)?.api;
    if (!isSource(api)) continue;
    try {
      for (const item of api.referenceCompletions(session)) items.push(item.hint ? { value: item.value, hint: item.hint } : { value: item.value });
    } catch {
      // One plugin's failure must not empty the list.
    }
  }
  return rankNamed(items, query, limit);
}
