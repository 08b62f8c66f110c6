import type { RemoteTool } from "./connection.ts";
import { where } from "./load-config.ts";
import { t } from "./messages.ts";
import { isToolDenied, type McpRuleLike } from "./rules.ts";
import type { McpServerConfig } from "./server-config.ts";
import { mcpToolName } from "./tool-names.ts";

export interface OfferedTool {
  /** `mcp__<key>__<tool>`, cleaned and cut. */
  name: string;
  remote: RemoteTool;
}

/**
 * Which of a server's tools the model is offered (seed § 22.4): not in `excludeTools`, in `includeTools` when
 * there is one (names as the server spells them), not named by a deny rule; then named `mcp__<key>__<tool>`,
 * and a name already taken (two tools cleaned to the same name, or cut to the same 64 characters) is left out
 * with a warning rather than shadowing the first.
 */
export function selectTools(
  config: McpServerConfig,
  remote: readonly RemoteTool[],
  rules: readonly McpRuleLike[],
  taken: ReadonlySet<string>,
): { tools: OfferedTool[]; warnings: string[] } {
  const warnings: string[] = [];
  const include = config.includeTools === undefined ? undefined : new Set(config.includeTools);
  const exclude = new Set(config.excludeTools ?? []);
  if (include) {
    const offered = new Set(remote.map((tool) => tool.name));
    for (const name of include) {
      if (!offered.has(name)) warnings.push(t("includeUnknown", { where: where(config.file, config.line), key: config.key, tool: name }));
    }
  }
  const used = new Set(taken);
  const tools: OfferedTool[] = [];
  for (const tool of remote) {
    if (exclude.has(tool.name) || (include && !include.has(tool.name))) continue;
    const name = mcpToolName(config.key, tool.name);
    if (isToolDenied(rules, config.key, tool.name, name)) continue;
    if (used.has(name)) {
      warnings.push(t("duplicateTool", { key: config.key, tool: tool.name, name }));
      continue;
    }
    used.add(name);
    tools.push({ name, remote: tool });
  }
  return { tools, warnings };
}
